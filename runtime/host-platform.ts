import type { TargetPlatform } from "./format.js";

/**
 * The compile target this machine is: win32; darwin, whose volumes are
 * case-insensitive by default (path rules then fold case); posix otherwise.
 * A module compiled for another target is refused where the host checks it.
 */
export function hostPlatform(nodePlatform: string = process.platform): TargetPlatform {
  return nodePlatform === "win32" ? "win32" : nodePlatform === "darwin" ? "darwin" : "posix";
}

export const TARGET_PLATFORMS: readonly TargetPlatform[] = ["posix", "win32", "darwin"];

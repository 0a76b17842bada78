/**
 * Whether anything of the call runs before bash expands a glob in it, but
 * what only reads: then a glob of `*` names the files there now
 * (paths/globs-now.ts says when). A question about the call's units, so the
 * split's, not the paths'.
 */
import type { RawPathToken } from "../paths/types.js";
import type { BashUnit } from "./types.js";

/** Nothing of the call runs before bash expands a glob in it but what only reads (split.ts asks before classifying). */
export function nothingWritesFirst(units: readonly BashUnit[], tokens: readonly RawPathToken[]): boolean {
  const commands = units.filter((u) => u.derivation !== "normalised");
  if (commands.some((u) => u.derivation !== undefined || u.floor !== undefined)) return false;
  if (commands.length === 1) return true;
  return commands.every((u) => u.pureReader === true) && tokens.every((t) => t.role === "read" && t.isFile !== true);
}

/**
 * The command that starts this installation's `permc`, for the `permc run`
 * a host wraps a shell command in. Found next to this file in each layout it
 * runs from: the built package (dist/runtime/sandbox/ → dist/bin/permc.js),
 * the hook's bundle (dist/bin/permc-hook.cjs, whose import.meta.url is its
 * own file) and the sources (runtime/sandbox/ → dist/bin/permc.js).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const CANDIDATES = ["../../bin/permc.js", "./permc.js", "../../dist/bin/permc.js"];

/** `[node, permc.js]`, or null when no built permc is beside this runtime. */
export function permcBinArgv(): readonly string[] | null {
  for (const rel of CANDIDATES) {
    let file: string;
    try {
      file = fileURLToPath(new URL(rel, import.meta.url));
    } catch {
      continue;
    }
    if (existsSync(file)) return [process.execPath, file];
  }
  return null;
}

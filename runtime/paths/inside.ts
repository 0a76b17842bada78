/**
 * "Is this path inside that directory": the one test every gate uses (the
 * working directory, a skill's directory, a Pi infrastructure directory).
 * Four copies used to disagree on names that start with `..`; a security
 * gate cannot afford two answers, so there is one, tested by one table
 * (test/runtime/paths-inside.test.ts).
 *
 * Semantics, on the paths as `path.relative` resolves them (so `a/../..`,
 * `.` segments and trailing separators are normalised first):
 * - the directory itself is inside (relative path `""`);
 * - `..` and `../x` are outside; a name that merely starts with `..`
 *   (`..foo`, `...`) is an ordinary name, inside;
 * - a relative path that is absolute (another win32 drive) is outside;
 * - the root directory contains every absolute path.
 */
import path from "node:path";
import { isNormalAbsolute } from "./normal-path.js";

const SLASH = 0x2f;

/** `path.posix` or `path.win32`: the flavour of the paths being compared. */
export type PathFlavour = typeof path.posix;

/** Device files a command may name without leaving the working directory in any meaningful sense. */
export const STANDARD_DEVICES: ReadonlySet<string> = new Set(["/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr"]);

/** `target` relative to `dir` when it is `dir` or lies under it (`""` for `dir` itself); null when outside. */
export function relativeInside(dir: string, target: string, flavour: PathFlavour = path.posix): string | null {
  // Two normal absolute POSIX paths (what realpath gives): a prefix test answers as `path.relative` would, at a
  // fraction of its cost (it resolves both and splits them); a bash decision asks this once per path token.
  if (flavour === path.posix && isNormalAbsolute(dir) && isNormalAbsolute(target)) {
    if (target === dir) return "";
    if (dir === "/") return target.slice(1);
    return target.startsWith(dir) && target.charCodeAt(dir.length) === SLASH ? target.slice(dir.length + 1) : null;
  }
  const rel = flavour.relative(dir, target);
  if (rel === "") return "";
  if (rel === ".." || rel.startsWith(".." + flavour.sep) || flavour.isAbsolute(rel)) return null;
  return rel;
}

/** `target` is `dir` or lies under it. */
export function isInside(dir: string, target: string, flavour: PathFlavour = path.posix): boolean {
  return relativeInside(dir, target, flavour) !== null;
}

/**
 * A canonical path lies outside the canonical working directory. No working
 * directory (`""`) means nothing is judged outside: the caller gates those
 * paths by their rules alone. The standard devices are never outside.
 */
export function isOutsideCwd(canonical: string, canonicalCwd: string, flavour: PathFlavour = path.posix): boolean {
  if (canonicalCwd === "" || STANDARD_DEVICES.has(canonical)) return false;
  return !isInside(canonicalCwd, canonical, flavour);
}

/**
 * Following `cd`: the directory relative paths resolve against after `cd`,
 * `pushd` or `popd`, computed as bash computes it, or unknown where permc
 * cannot know it (an expansion, `-`, CDPATH, a directory too deep). A path
 * after an unknown `cd` may be anywhere, so the gates treat it as a pattern.
 */
import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { SyntaxNode } from "../syntax/syntax.js";
import { cookWord } from "../words/words.js";
import { tryRealpath } from "../../paths/canonical.js";
import { isNormalAbsolute, isPlainName } from "../../paths/normal-path.js";
import type { PathBase } from "./types.js";

/** Builtins that change the directory of the shell that runs them. */
export const CHANGES_DIRECTORY = new Set(["cd", "pushd", "popd"]);
/** cd's own options, in any combination (`-LPe`); `-@` only where bash supports extended attributes (not Linux). */
const CD_OPTION = /^-[LPe@]+$/;

export const UNKNOWN: PathBase = { known: false };
/** A working directory longer than this is not followed (`cd a && cd a && …` thousands deep). */
const MAX_BASE_LENGTH = 1_024;

/**
 * The base after `cd ARGS` (or `pushd`), as bash computes it: the target
 * after quote removal and `~`/`$HOME` expansion; bare `cd` goes home; `-`,
 * a glob, an unknown value or a relative target searched in CDPATH is
 * unknown. `..` is resolved lexically, and through the file system when
 * the lexical directory does not exist (bash then falls back to the
 * kernel's reading, which follows symlinks).
 */
export function foldCd(
  src: string,
  home: string | null,
  environment: { readonly cdpath: boolean },
  base: PathBase,
  args: SyntaxNode[],
  builtin: string,
): PathBase {
  // `pushd -n DIR` only adds DIR to the stack: the shell stays.
  if (builtin === "pushd" && args.some((a) => src.slice(a.startIndex, a.endIndex) === "-n")) return base;
  let i = 0;
  let physical = false;
  // permc: skip cd's own options (the reference takes `-P` as the target).
  while (i < args.length && CD_OPTION.test(src.slice((args[i] as SyntaxNode).startIndex, (args[i] as SyntaxNode).endIndex))) {
    if (src.slice((args[i] as SyntaxNode).startIndex, (args[i] as SyntaxNode).endIndex).includes("P")) physical = true;
    i++;
  }
  if (i < args.length && src.slice((args[i] as SyntaxNode).startIndex, (args[i] as SyntaxNode).endIndex) === "--") i++;
  const target = args[i];
  if (target === undefined) return builtin === "cd" && home !== null ? { known: true, dir: home } : UNKNOWN;
  const cooked = cookWord(target, src, { home: home });
  const v = cooked.value;
  if (v === null || cooked.pattern || v === "" || v === "-" || /^[+-]\d+$/.test(v)) return UNKNOWN;
  if (!isAbsolute(v) && !v.startsWith("./") && !v.startsWith("../") && v !== "." && v !== ".." && environment.cdpath) return UNKNOWN; // read only for a relative target
  if (!isAbsolute(v) && !base.known) return UNKNOWN;
  const joined = isAbsolute(v) ? v : `${base.known ? base.dir : ""}/${v}`;
  // Deeper than any directory a real command works in: permc stops following, and stays linear in the input.
  if (joined.length > MAX_BASE_LENGTH) return UNKNOWN;
  // A plain name under a normalised directory (every base a `cd` made) is already normal: no second pass over it.
  const logical = !isAbsolute(v) && isPlainName(v) && isNormalAbsolute(base.known ? base.dir : "") ? joined.replace(/^\/\//, "/") : resolve(joined);
  if (physical || (v.includes("..") && !existsSync(logical))) {
    const real = tryRealpath(joined);
    if (real !== null) return { known: true, dir: real };
  }
  return { known: true, dir: logical };
}

/**
 * `cd ARGS` as bash surely runs it to its end, when its directory is there: its own options, an optional `--`, and
 * one operand that is no option (`cd a b` has too many, `cd -x /tmp` an option bash does not know: each fails).
 */
export function isWellFormedCd(src: string, args: readonly SyntaxNode[]): boolean {
  const words = args.map((a) => src.slice(a.startIndex, a.endIndex));
  let i = 0;
  while (i < words.length && CD_OPTION.test(words[i] as string)) {
    // bash on Linux knows no `-@` (extended attributes): the `cd` fails.
    if ((words[i] as string).includes("@")) return false;
    i++;
  }
  const afterDashes = words[i] === "--";
  if (afterDashes) i++;
  const operands = words.slice(i);
  // Bare `cd` goes home; after `--` an operand may start with `-` (`cd -- -d`).
  return operands.length === 0 || (operands.length === 1 && (afterDashes || !(operands[0] as string).startsWith("-")));
}

/** The operand of `cd ARGS` as bash reads it (null: none, or one permc cannot know). */
export function cdOperand(src: string, args: readonly SyntaxNode[], home: string | null): string | null {
  let i = 0;
  while (i < args.length && CD_OPTION.test(src.slice((args[i] as SyntaxNode).startIndex, (args[i] as SyntaxNode).endIndex))) i++;
  if (i < args.length && src.slice((args[i] as SyntaxNode).startIndex, (args[i] as SyntaxNode).endIndex) === "--") i++;
  const target = args[i];
  return target === undefined ? null : cookWord(target, src, { home }).value;
}

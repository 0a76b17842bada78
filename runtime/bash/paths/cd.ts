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
/** pushd's one option (`-n`, which only adds to the stack), repeated or not; any other option word fails. */
const PUSHD_OPTION = /^-n+$/;

/** How bash reads a `cd` or `pushd` line: where its operands start, and what its options say. */
interface DirectoryOptions {
  /** Index of the first operand word. */
  readonly next: number;
  /** `-P` came last of `-L`/`-P` (`cd -PL` is logical). */
  readonly physical: boolean;
  /** `pushd -n`: the shell stays. */
  readonly stays: boolean;
  /** An option bash does not take (`-@` on Linux, `pushd -P`): the builtin fails. */
  readonly unknownOption: boolean;
  /** A `--` ended the options: an operand may start with `-`. */
  readonly afterDashes: boolean;
}

function directoryOptions(words: readonly string[], builtin: string): DirectoryOptions {
  let i = 0;
  let physical = false;
  let stays = false;
  let unknownOption = false;
  for (; i < words.length; i++) {
    const w = words[i] as string;
    if (builtin === "pushd") {
      // `-N` and `+N` rotate the stack: operands, not options.
      if (PUSHD_OPTION.test(w)) stays = true;
      else if (w.startsWith("-") && w !== "--" && w !== "-" && !/^-\d+$/.test(w)) unknownOption = true;
      else break;
      continue;
    }
    if (!CD_OPTION.test(w)) break;
    if (w.includes("@")) unknownOption = true;
    for (const c of w) if (c === "L" || c === "P") physical = c === "P";
  }
  const afterDashes = words[i] === "--";
  return { next: afterDashes ? i + 1 : i, physical, stays, unknownOption, afterDashes };
}

function wordsOf(src: string, args: readonly SyntaxNode[]): string[] {
  return args.map((a) => src.slice(a.startIndex, a.endIndex));
}

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
  // permc: skip cd's own options (the reference takes `-P` as the target); `pushd -n DIR` only adds DIR to the stack.
  const options = directoryOptions(wordsOf(src, args), builtin);
  if (options.stays) return base;
  const physical = options.physical;
  const target = args[options.next];
  if (target === undefined) return builtin === "cd" && home !== null ? { known: true, dir: home } : UNKNOWN;
  const cooked = cookWord(target, src, { home: home });
  const v = directoryTilde(cooked.value, base);
  if (v === null || cooked.pattern || v === "" || v === "-" || /^[+-]\d+$/.test(v)) return UNKNOWN;
  if (!isAbsolute(v) && !v.startsWith("./") && !v.startsWith("../") && v !== "." && v !== ".." && environment.cdpath) return UNKNOWN; // read only for a relative target
  if (!isAbsolute(v) && !base.known) return UNKNOWN;
  const joined = isAbsolute(v) ? v : `${base.known ? base.dir : ""}/${v}`;
  // Into a process's entry or a descriptor's directory (`cd /proc/self/cwd && cat ../x` climbs from where the link
  // really points): where that is depends on the process that opens it.
  if (/^\/+(?:proc|dev\/+fd|dev\/+std(?:in|out|err))(?:\/|$)/.test(joined)) return UNKNOWN;
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
export function isWellFormedCd(src: string, args: readonly SyntaxNode[], builtin = "cd"): boolean {
  const words = wordsOf(src, args);
  const options = directoryOptions(words, builtin);
  // bash on Linux knows no `-@` (extended attributes), pushd no `-P`: the builtin fails.
  if (options.unknownOption) return false;
  const operands = words.slice(options.next);
  // Bare `cd` goes home; after `--` an operand may start with `-` (`cd -- -d`).
  return operands.length === 0 || (operands.length === 1 && (options.afterDashes || !(operands[0] as string).startsWith("-")));
}

/** The operand of `cd ARGS` as bash reads it (null: none, or one permc cannot know, `~+/..` among them). */
export function cdOperand(src: string, args: readonly SyntaxNode[], home: string | null, builtin = "cd"): string | null {
  const target = args[directoryOptions(wordsOf(src, args), builtin).next];
  const v = target === undefined ? null : cookWord(target, src, { home }).value;
  return v === null || v.startsWith("~") ? null : v;
}

/**
 * A `cd` operand's leading tilde that the word reading leaves as written: `~+` is the directory the shell is in;
 * `~-` (OLDPWD), `~N` and `~user` are unknown (null).
 */
function directoryTilde(v: string | null, base: PathBase): string | null {
  if (v === null || !v.startsWith("~")) return v;
  if ((v === "~+" || v.startsWith("~+/")) && base.known) return base.dir + v.slice(2);
  return null;
}

/**
 * The reference's pure-reader core (as in 40.1.4): commands whose path
 * arguments are proven reads, so only the `_read` directional surfaces are
 * consulted for them. A claim is withdrawn (the arguments are unproven)
 * when the command writes after all: `find -delete`, `sort -o`, a `sed`
 * that edits in place or writes, an `awk` program that writes or runs
 * commands, a braced argument to sed/awk, or an argument of find/fd/sort
 * that may expand to an option.
 */
import type { Word } from "../../words/words.js";
import { bracesMayMakeOption } from "../../words/word-pattern.js";
import { PURE_READER_CORE } from "./pure-reader-core.js";

export { PURE_READER_CORE };

/** An option that may edit in place: a short cluster holding `i`, or a long option starting `--i`. */
const IN_PLACE = /^-(?:[^-]*i|-i)/;

const FIND_WRITES = /^-(?:delete|fprint0?|fprintf|fls|exec|execdir|ok|okdir)$/;

/**
 * The command's path arguments are proven reads. `name` is the command word after quote removal. `onlyReads`
 * answers for sed and awk, whose program decides: whether permc's analysis of the command finds it certain and
 * writing nothing (the caller has it, or runs it: this file stays below analyse-program.ts).
 */
export function provesRead(name: string, args: readonly Word[], onlyReads: () => boolean): boolean {
  if (name.includes("/") || !PURE_READER_CORE.has(name)) return false;
  // Braces that make an option of a word (`find src -{delete,delete}`, `sort -{o,o}x`): no claim.
  if (args.some((w, i) => w.raw.includes("{") && bracesMayMakeOption(w.raw, args[i - 1]?.raw))) return false;
  // An option is spelt by its text even when its value is unknown (`sort -o${x:-k}/id`, `find . -delete$x`).
  const values = args.map((w) => w.value ?? w.loose);
  const mayBeOption = args.some((w) => w.value === null && /^["']?\$/.test(w.raw));
  switch (name) {
    case "find":
      return !mayBeOption && !values.some((v) => v !== null && FIND_WRITES.test(v));
    case "fd":
      return !mayBeOption && !values.some((v) => v !== null && /^-(?:[a-zA-Z]*[xX]|-exec)/.test(v));
    case "sort":
      return !mayBeOption && !values.some((v) => v !== null && (/^-[a-zA-Z]*o/.test(v) || /^--o/.test(v)));
    case "sed":
    case "awk": {
      // In place: `-i` in any cluster of short options (`-Ei`, `-ni`, `-si`), or any abbreviation of a long option
      // starting `--i` (`--in`, sed's `--in-place`; gawk's `--include=inplace`, `--incl=inplace`).
      // gawk also loads its in-place library by name: `-f inplace`, `-E inplace`, `-i inplace`.
      if (args.some((w) => w.pattern) || values.some((v) => v !== null && (IN_PLACE.test(v) || /(?:^|\/)inplace(?:\.awk)?$/.test(v)))) return false;
      return onlyReads();
    }
    default:
      return true;
  }
}

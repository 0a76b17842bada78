/**
 * What a program permc knows nothing about may run. A program with no record
 * that is not a known leaf (knowledge/leaf-programs.ts) may be a launcher —
 * `chronic rm x`, `envdir ./e rm x`, `pee 'rm x'` run their arguments — so
 * the commands its arguments spell are candidates: an operand that can name
 * a program, with the words after it, and each command of an operand that
 * holds shell syntax. decide.ts asks when a rule that names a candidate's
 * program would not allow it; everything else about the unit is unchanged.
 */
import { findRecord } from "../programs/knowledge/index.js";
import { LEAF_PROGRAMS } from "../programs/knowledge/leaf-programs.js";
import type { Word } from "../words.js";

/** A word that can name a program: a name, or a path ending in one. */
const PROGRAM_NAME = /^(?:[^\s/]*\/)*[A-Za-z_][\w.+-]*$/;
/**
 * Separators between the commands of a shell string (`'true; rm x'`, `'a | b'`),
 * and around a command line quoted or escaped to a shell inside code of
 * another language (`gnuplot -e 'system("rm x")'`, `… '!rm x'`).
 */
const SHELL_SEPARATORS = /[;&|\n()`"'!]+|\$\(/;
/**
 * Operands looked at, from the first: a launcher's command follows its own
 * options and a few values (`faketime DATE CMD`, `cgexec -g X CMD`). Bounds
 * the work on a long argument list to a few matches of the rest of the line.
 */
const LOOKED_AT = 8;
/** A short option's value may follow this many option letters in one word (`-c'…'`, `-xc'…'`, `-xyc'…'`). */
const ATTACHED_AFTER = 3;
/** Candidates checked at most; past it (`pee 'a;a;…;rm x'`) the unit asks without checking (split/command-units.ts). */
export const MAX_CANDIDATES = 64;

/**
 * A long option whose name says its value is a program or a command line
 * (`--diff-program=rm`, `--pager 'rm x'`, `--exec`, `--editor`, `--hook`).
 */
const COMMAND_OPTION = /^--?[\w-]*(?:program|prog|cmd|command|exec|editor|pager|shell|hook|wrapper|runner|launcher|viewer|browser)(?:=|$)/i;

/** Candidate commands of an unknown program's words, undefined for a known one, "too many" past MAX_CANDIDATES. */
export function mayRunCandidates(name: string, words: readonly Word[]): string[] | "too many" | undefined {
  if (LEAF_PROGRAMS.has(name) || findRecord(name) !== null) return undefined;
  const out: string[] = [];
  let looked = 0;
  for (let k = 1; k < words.length && looked < LOOKED_AT; k++) {
    const v = (words[k] as Word).value;
    if (v === null || v === "--") continue;
    if (v.startsWith("-")) {
      // `-c'rm x'`, `-xc'rm x'`: a short option's attached value may be a command line.
      if (!v.startsWith("--") && /\s/.test(v)) {
        looked++;
        for (let at = 2; at < Math.min(v.length, ATTACHED_AFTER + 2); at++) commandsOf(v.slice(at), out);
        continue;
      }
      // `--pager=rm x`, `--diff-program rm`: the value is a command.
      if (!COMMAND_OPTION.test(v)) continue;
      looked++;
      const eq = v.indexOf("=");
      const value = eq >= 0 ? v.slice(eq + 1) : (words[k + 1]?.value ?? null);
      if (value !== null) commandsOf(value, out);
      continue;
    }
    looked++;
    if (PROGRAM_NAME.test(v)) {
      let text = v.slice(v.lastIndexOf("/") + 1);
      for (let j = k + 1; j < words.length; j++) text += " " + ((words[j] as Word).value ?? (words[j] as Word).raw);
      out.push(text);
    } else if (/\s/.test(v)) commandsOf(v, out);
  }
  if (out.length > MAX_CANDIDATES) return "too many";
  return out.length > 0 ? out : undefined;
}

/** The commands a shell string may hold, each with its program's base name (`true; /bin/rm x` → `true`, `rm x`). */
function commandsOf(text: string, out: string[]): void {
  for (const part of text.split(SHELL_SEPARATORS)) {
    if (out.length > MAX_CANDIDATES) return;
    const command = part.trim().replace(/^(?:[{!]\s*|(?:exec|then|do|else)\s+)+/, "");
    const name = /^\S+/.exec(command)?.[0];
    if (name !== undefined) out.push(name.slice(name.lastIndexOf("/") + 1) + command.slice(name.length));
  }
}

/**
 * What a program permc knows nothing about may run. A program with no record
 * that is not a known leaf (knowledge/leaf-programs.ts) may be a launcher —
 * `chronic rm x`, `envdir ./e rm x`, `pee 'rm x'` run their arguments — so
 * the commands its arguments spell are candidates: an operand that can name
 * a program, with the words after it, and each command of an operand that
 * holds shell syntax. decide.ts asks when a rule that names a candidate's
 * program would not allow it; everything else about the unit is unchanged.
 */
import { findRecord } from "./knowledge/index.js";
import { LEAF_PROGRAMS } from "./knowledge/leaf-programs.js";
import { RUNS_PROGRAMS_BY_NAME } from "./knowledge/package-runners.js";
import { RECORD_NAMES } from "./knowledge/record-names.js";
import type { Word } from "../words/words.js";

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
/** Candidates checked at most; past it (`pee 'a;a;…;rm x'`) the unit asks without checking (split/command-units.ts reads Analysis.mayRun). */
export const MAX_CANDIDATES = 64;

/** A part of an option's name that says its value is a program or a command line. */
const COMMAND_NAME_PART = /(?:program|prog|cmd|command|exec|executable|editor|pager|shell|hook|wrapper|runner|launcher|viewer|browser)$/i;

/**
 * An option whose name says its value is a program or a command line
 * (`--diff-program=rm`, `--pager 'rm x'`, `--exec`, `--editor`, `--hook`),
 * or a property set so (`-Dexec.executable=rm`): any part of the name
 * between `-`, `_` and `.` (`--renderer-cmd-prefix='bash -c …'` ran its
 * value: chromium, a hunt). Split, not one regular expression: a hostile
 * option word would make one backtrack.
 */
function isCommandOption(word: string): boolean {
  if (!word.startsWith("-")) return false;
  const eq = word.indexOf("=");
  const name = (eq < 0 ? word : word.slice(0, eq)).replace(/^--?/, "");
  return name.split(/[-_.]/).some((part) => COMMAND_NAME_PART.test(part));
}

/**
 * A candidate that hands a shell or an interpreter code to run (`bash -c 'rm${IFS}x'`, `python3 -c …`): what it runs
 * is no word a rule can be checked against, so the unit is floored ("code").
 */
const CODE_FLAG = /^-[A-Za-z]*[ceEr]$|^--(?:eval|exec|execute|command|code|print|run)(?:=|$)/;
const CODE_RUNNERS: ReadonlySet<string> = new Set([...RECORD_NAMES.shells, ...RECORD_NAMES.interpreters]);

function handsCode(candidate: string): boolean {
  const words = candidate.split(/\s+/);
  return CODE_RUNNERS.has(words[0] as string) && words.slice(1).some((w) => CODE_FLAG.test(w));
}

/**
 * Candidate commands of an unknown program's words, undefined for a known one, "too many" past MAX_CANDIDATES,
 * "code" when one hands a shell or an interpreter code.
 */
export function mayRunCandidates(name: string, words: readonly Word[]): string[] | "too many" | "code" | undefined {
  if (Object.hasOwn(RUNS_PROGRAMS_BY_NAME, name)) return namedProgram(RUNS_PROGRAMS_BY_NAME[name] as RunsByName, words);
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
      // `-ccbin=rm`, `--compiler-bindir=/usr/bin/rm` (nvcc's host compiler): an option's attached value that is one
      // word naming a program may be one it runs, whatever the option's name says (no list of names is complete).
      if (!isCommandOption(v)) {
        const eq = v.indexOf("=");
        if (eq > 0 && PROGRAM_NAME.test(v.slice(eq + 1))) {
          looked++;
          commandsOf(v.slice(eq + 1), out);
        }
        continue;
      }
      // `--pager=rm x`, `--diff-program rm`: the value is a command.
      looked++;
      const eq = v.indexOf("=");
      const value = eq >= 0 ? v.slice(eq + 1) : (words[k + 1]?.value ?? null);
      if (value !== null) commandsOf(value, out);
      continue;
    }
    looked++;
    if (PROGRAM_NAME.test(v)) {
      out.push(commandFrom(words, k));
    } else if (/\s/.test(v)) commandsOf(v, out);
  }
  if (out.length > MAX_CANDIDATES) return "too many";
  if (out.some(handsCode)) return "code";
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

type RunsByName = (typeof RUNS_PROGRAMS_BY_NAME)[string];

/**
 * `bun curl x`, `bun run curl x`: the program the first operand names (after
 * the runner's `run` command), with the words after it, when it is none of
 * the runner's own commands. An option before it may take the next word as
 * its value (`bun --cwd /tmp curl x`): then the word after that is a
 * candidate too.
 */
function namedProgram(runner: RunsByName, words: readonly Word[]): string[] | undefined {
  const out: string[] = [];
  // Names looked at: as many as an unknown launcher's operands (LOOKED_AT), each with its words after it.
  let looked = 0;
  const from = (k: number, afterRun: boolean): void => {
    if (++looked > LOOKED_AT) return;
    let valueMayFollow = false;
    while (k < words.length && (words[k] as Word).value?.startsWith("-") === true) {
      valueMayFollow = !((words[k] as Word).value as string).includes("=");
      k++;
    }
    const name = words[k]?.value;
    if (name === undefined || name === null) return;
    if (!afterRun && name === runner.run) from(k + 1, true);
    else if (afterRun || !runner.commands.has(name)) candidateAt(k);
    // The word may have been the option's value: the program is the next one.
    if (valueMayFollow && name !== runner.run) from(k + 1, afterRun);
  };
  const candidateAt = (k: number): void => {
    if (PROGRAM_NAME.test((words[k] as Word).value as string)) out.push(commandFrom(words, k));
  };
  from(1, false);
  return out.length > 0 ? out : undefined;
}

/** The command the words from `k` spell: the program's base name and the words after it, as written. */
function commandFrom(words: readonly Word[], k: number): string {
  const name = (words[k] as Word).value as string;
  let text = name.slice(name.lastIndexOf("/") + 1);
  for (let j = k + 1; j < words.length; j++) text += " " + ((words[j] as Word).value ?? (words[j] as Word).raw);
  return text;
}

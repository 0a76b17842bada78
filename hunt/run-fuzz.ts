/**
 * The run fuzz (`npm run hunt -- --generator runs`): the option fuzz's
 * question for program rules. It hands a command P1 denies to every option
 * and operand of every installed program with a record: `rm` by name and by
 * path, `rm victim` as one word, and the shapes programs read a command in
 * (a leading `!` or `|`, text after a `;` that a program may paste into a
 * shell line, a substitution). Only meanings permc already judges as a
 * command are left out (`shell`, `argv`, `program`, …: those are denied,
 * never run). A finding is an option whose value really runs: the record
 * says `value`, `flag` or a path where the program executes.
 *
 * Same groups, spellings, seeded order and round-robin deal as the option
 * fuzz (option-fuzz.ts); the substitutions are dealt after every other word.
 */
import type { Meaning } from "../runtime/bash/programs/program-record.js";
import type { Case } from "./generate.js";
import { deniedExec } from "./judge.js";
import { type FuzzPlan, type FuzzTarget, generateFuzz } from "./option-fuzz.js";

/** rm, in the shapes a program may take a command in. */
export const RUN_TARGETS: readonly FuzzTarget[] = [
  // A program named by itself (`--pager=rm`, `-e rm`): run with words of the program's own.
  { word: "rm", aim: "rm", label: "name" },
  { word: "/bin/rm", aim: "rm", label: "path" },
  // A command line: split on blanks by the program, or handed to a shell.
  { word: "'rm victim'", aim: "rm", label: "line" },
  // A shell escape (`!cmd`: git aliases, ed, mail) and a pipe (`|cmd`: perl's open, `strace -o`).
  { word: "'!rm victim'", aim: "rm", label: "bang" },
  { word: "'|rm victim'", aim: "rm", label: "pipe" },
  // Text a program pastes into a command line it gives a shell.
  { word: "'x;rm victim'", aim: "rm", label: "injected" },
];

/** Substitutions, which only a shell the program starts expands: dealt after every other word. */
export const RUN_LATER: readonly FuzzTarget[] = [
  { word: "'$(rm victim)'", aim: "rm", label: "substitution" },
  { word: "'`rm victim`'", aim: "rm", label: "backquote" },
];

/** Meanings permc judges as a command or a file of code already: handed rm there, the command is denied and never runs. */
const RUNS: ReadonlySet<string> = new Set(["shell", "shell-rest", "argv", "program", "script", "python-module"]);

export const RUN_PLAN: FuzzPlan = {
  policy: "P1",
  targets: RUN_TARGETS,
  later: RUN_LATER,
  handed: (m: Meaning) => typeof m !== "string" || !RUNS.has(m),
  // What the judge counts by itself (`curl`, `git receive-pack`): P1 denies it, or its own run would be the finding.
  leaves: (head) => deniedExec("", head.split(" ")),
};

/** `budget` run-fuzz cases from `seed` under P1: the same arguments (and the same installed programs) give the same list. */
export function generateRunFuzz(seed: number, budget: number, PATH: string): Case[] {
  return generateFuzz(RUN_PLAN, seed, budget, PATH);
}

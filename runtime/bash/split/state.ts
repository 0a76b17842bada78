/**
 * The state one split threads through the walk and its helpers (`Env`), the
 * three ways the walk reads a node (`Mode`), and the one place a unit is
 * added (`push`), which charges the budgets: every unit goes through it, so
 * no path can grow the result past `MAX_UNITS` or the unit-text budget.
 */
import type { DirectoryAlternatives } from "../paths/uncertain-directory.js";
import type { BashParser } from "../syntax/parser.js";
import type { MadeRoot, PathBase, RawPathToken } from "../paths/types.js";
import type { RawPathPattern } from "../paths/patterns.js";
import type { SplitObservations } from "../paths/classify-options.js";
import type { AssignmentNotes } from "./assigned-variables.js";
import { MAX_UNITS, type Budget } from "./limits.js";
import type { CommandNameFold } from "../programs/command-name.js";
import type { BashUnit, Derivation, GlobOption } from "./types.js";
import type { OutsideEnvironment } from "./outside-environment.js";
import type { Word } from "../words/words.js";

export enum Mode {
  /** The reference's enumeration rules. */
  Ref,
  /** Inside a reference command: substitutions go back to Ref; other commands are derived. */
  Search,
  /** Inside something the reference does not descend: every command is derived. */
  Derived,
}

/** Parse shell source found inside a command and add its units (source.ts; passed in so helpers need not import the walk). */
export type Reparse = (env: Env, src: string, ctx: string | undefined, depth: number, base: PathBase, derivation: Derivation) => void;

export interface Env {
  parser: BashParser;
  home: string;
  /** What `~` and `$HOME` mean in paths: null when the command reassigns HOME. */
  pathHome: string | null;
  /** `$PWD` is the directory a command runs in: false when the command may assign PWD. */
  pwdKnown: boolean;
  /**
   * The command may give the shell another standard input (`exec <<< 'rm x'; sh`, `exec < <(…)`): every command may
   * read unknown text there, whatever its own redirects say (stdin.ts execMayFeedStdin).
   */
  stdinReplaced: boolean;
  /** What the environment the command runs in says (CDPATH, PATH, GREP_OPTIONS…), read when first needed. */
  outside: OutsideEnvironment;
  budget: Budget;
  units: BashUnit[];
  tokens: RawPathToken[];
  patterns: RawPathPattern[];
  symlinks: Array<{ readonly name: string; readonly target: string }>;
  /** Where the command may make symlinks permc cannot see (paths/types.ts MadeRoot). */
  madeRoots: MadeRoot[];
  /** Characters of unit text still allowed (UNIT_TEXT_PER_CHAR). */
  textBudget: number;
  /**
   * Files the command writes, in the order met: a base name, or null for a write whose name permc does not know (an
   * extraction, `> "$f"`; `insideGit` false for a checkout's, which never writes git's own files). `by` is the
   * command whose program writes it, or -1 for a redirect, set up before its command runs.
   */
  writes: Array<{
    readonly name: string | null;
    readonly insideGit: boolean;
    readonly by: number;
    readonly content?: readonly string[] | undefined;
    /** The word written and where, for a write named exactly: which directory it lands in is found only when asked. */
    readonly written?: { readonly value: string; readonly base: PathBase } | undefined;
  }>;
  /**
   * Files run as code: a name, the kinds of files a program runs without naming them (knowledge/implicit-code.ts),
   * or null for a file whose name permc does not know exactly (`sed -f s.se?`, `awk -f{a,b}`): any file.
   */
  executed: Array<{
    readonly key: string | readonly string[] | null;
    readonly text: string;
    readonly ctx: string | undefined;
    readonly by: number;
    /** Run only if the repository there has hooks (ProgramRecord.hooksRun): where the command runs, null when unknown. */
    readonly hooksAt?: string | null;
  }>;
  /**
   * The directory the command starts in, and whether nothing in its text may change it (no `cd`, `pushd`, `popd`,
   * find's `-execdir`/`-okdir`): then a relative path whose base the walk lost (inside a process substitution) is
   * still relative to it (path-shadow.ts).
   */
  startDir: string;
  startDirStays: boolean;
  /** Files the command puts in a PATH directory, and the bare names it runs (path-shadow.ts). */
  pathWrites: PathWrite[];
  pathRuns: PathRun[];
  /** The real path of a normal absolute path, over the observations the classification of the command's paths shares (link-landing.ts). */
  canonical: (absolute: string, likelyExists?: boolean) => string;
  /** The links the command makes by name (link-landing.ts), for the number of links it was built over. */
  madeSymlinks?: { readonly count: number; readonly byName: ReadonlyMap<string, string> } | undefined;
  /** The made-links test of link-landing.ts, for the number of made roots it was built over. */
  madeLinks?: { readonly roots: number; readonly reach: (token: string, base: PathBase, absolute: string, gitWord: boolean) => boolean } | undefined;
  /** Where each written word lands (link-landing.ts wordPlace), once asked. */
  writePlaces?: Map<Word, WritePlace | null> | undefined;
  /** What the split has asked the file system, shared with the classification of its paths. */
  observed: SplitObservations;
  /** Files the dynamic loader reads that the command writes, and the command that writes each (loader-writes.ts). */
  loaderWrites: Array<{ readonly by: number; readonly what: string }>;
  /** Code a command stores for a later one to run (ProgramRecord.storesCode): judged where that run is a two-step. */
  storedCode: Array<{ readonly by: number; readonly code: string }>;
  /** Commands noted so far (two-steps.ts numbers them). */
  twoStepCommands: number;
  overflow: boolean;
  reparse: Reparse;
  /** Plain commands get their tree without tree-sitter (SplitOptions.plainFastPath). */
  plainFastPath: boolean;
  /** A git command that may change the index runs in this call (Analysis.changesIndex: a subcommand record without `index: "keeps"`). */
  indexMayChange: boolean;
  /** How program names are found (SplitOptions.commandNameFold). */
  commandNameFold: CommandNameFold | undefined;
  /** The variables the command may assign, as the walk finds them (assigned-variables.ts). */
  assignments: AssignmentNotes;
  /** Where a `cd` may not have moved the shell (paths/uncertain-directory.ts): one for every collection of the split. */
  directories: DirectoryAlternatives;
  /** Commands whose globs may expand into options, floored once the walk is over (glob-options.ts). */
  globOptions: GlobOption[];
}

/** A file the command puts in a PATH directory (path-shadow.ts). */
export interface PathWrite {
  /** The name written on PATH, or null: any name. */
  readonly name: string | null;
  /** The command that writes it (two-steps' numbering), or -1 for a redirect. */
  readonly by: number;
  /** Base names of what it may be a copy of (`cp /usr/bin/rm …`: `rm`). */
  readonly sources: readonly string[];
  /** Text written into it, read as shell source when it runs. */
  readonly scripts: readonly string[];
}

/** A bare command name the command runs (path-shadow.ts). */
export interface PathRun {
  /** The bare name bash searches PATH for; null for a program that runs names it does not show (a script, a recipe). */
  readonly name: string | null;
  /** Its words after the name, as written (joined only when a write on PATH makes the run one to judge again). */
  readonly args: readonly Word[];
  readonly text: string;
  readonly ctx: string | undefined;
  readonly by: number;
  readonly base: PathBase;
}

/** Add a unit, charging the budgets; past one, the split overflows (the command becomes unparseable). */
export function push(env: Env, unit: BashUnit): void {
  env.textBudget -= unit.text.length;
  if (env.units.length >= MAX_UNITS || env.textBudget < 0) {
    env.overflow = true;
    return;
  }
  if (unit.context === undefined) delete unit.context;
  env.units.push(unit);
}

/** The unit for text permc could not analyse: its `allow` becomes `ask` with `<unparseable-bash-command>`. */
export function unparseableUnit(text: string, ctx?: string): BashUnit {
  const unit: BashUnit = { text };
  if (ctx !== undefined) unit.context = ctx;
  unit.derived = true;
  unit.derivation = "unparseable";
  unit.unparseable = true;
  return unit;
}

/** Where a write is: its absolute path as spelt, and where it lands (null: it may reach anywhere): link-landing.ts. */
export interface WritePlace {
  readonly at: string;
  readonly landed: string | null;
}

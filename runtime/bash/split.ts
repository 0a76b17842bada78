/**
 * Split a bash command into the units the policy judges: the API and the
 * shaping of its result. The work lives in split/ by concept:
 * - `split/types.ts`: the result's shapes (units, derivations, floors);
 * - `split/limits.ts`: the budgets that keep a split linear in the input;
 * - `split/source.ts`: parsing source (the command, and source found inside it);
 * - `split/walk.ts`: the walk over one tree, in the reference's order;
 * - `split/stdin.ts`: what feeds a command's standard input;
 * - `split/command-units.ts`: the units for one simple command and what it runs;
 * - `split/hidden-source.ts`: shell source tree-sitter reads as text;
 * - `split/two-steps.ts`: a file written and then run;
 * - `split/floors.ts`: floors and their reasons.
 *
 * Two layers, one walk:
 * 1. The reference's units (each command of a list, pipeline or
 *    substitution, as it splits them), in its order and with its exact
 *    texts, so a policy decides the same wherever the reference was right.
 * 2. Units the reference never shows (marked `derived`): commands inside
 *    control flow, groups, functions, assignments, redirect targets, heredoc
 *    bodies and continuations; commands a wrapper runs; shell source handed
 *    to `bash -c`, `eval`, `ssh`…; the same command with its name spelled
 *    plainly; floors for commands whose name or code cannot be known.
 *
 * `splitBash` never throws: a failure anywhere empties the result and marks
 * it `failed`, which the gate turns into a refusal (fail closed).
 */
import { homedir } from "node:os";
import { bashReading, standInsToOriginal } from "./syntax/bash-reading.js";
import { trimBashBlanks } from "./syntax/blanks.js";
import { ParserNotLoaded, type BashParser } from "./syntax/parser.js";
import { classifyPaths } from "./paths/classify.js";
import type { PathBase, RawPathToken } from "./paths/types.js";
import { isHijackVariable } from "./programs/knowledge/variables.js";
import { assignedNames, assignmentNotes } from "./split/assigned-variables.js";
import { budgetFor, DEFAULT_MAX_LENGTH, unitTextBudgetFor } from "./split/limits.js";
import { analyseSource, subParse } from "./split/source.js";
import { Mode, push, unparseableUnit, type Env } from "./split/state.js";
import { floorTwoSteps } from "./split/two-steps.js";
import { floorPathShadows } from "./split/path-shadow.js";
import { floorLoaderWrites } from "./split/loader-writes.js";
import { splitCanonical } from "./split/link-landing.js";
import type { SplitObservations } from "./paths/classify-options.js";
import { OutsideEnvironment } from "./split/outside-environment.js";
import { initialSplit, type BashSplit, type SplitOptions } from "./split/types.js";
import { nothingWritesFirst } from "./split/nothing-writes-first.js";
import { floorGlobOptions, noOptionNamesMadeFirst } from "./split/glob-options.js";
import { execMayFeedStdin } from "./split/stdin.js";
import { DirectoryAlternatives, mayLeaveStartDirectory } from "./paths/uncertain-directory.js";

export type { BashSplit, BashUnit, Derivation, Floor, SplitOptions } from "./split/types.js";
export { DEFAULT_MAX_LENGTH } from "./split/limits.js";
export { backtickSegments } from "./split/hidden-source.js";

/**
 * The command may change HOME (an assignment, `export`, `read`, `unset`, a
 * nameref…): any mention of the name that is not an expansion of it. Then
 * `~` and `$HOME` in its paths are unknown (stricter than the reference,
 * which resolves them or drops the token, 36.2.1: D-bash-home-reassigned).
 */
export function mayReassignHome(src: string): boolean {
  return mayReassign(src, "HOME");
}

/** Any mention of the variable's name that is not an expansion of it (see mayReassignHome). */
function mayReassign(src: string, name: "HOME" | "PWD"): boolean {
  return (name === "HOME" ? MENTIONS_HOME : MENTIONS_PWD).test(src);
}

const MENTIONS_HOME = /(?:^|[^$\w{])HOME\b/;
const MENTIONS_PWD = /(?:^|[^$\w{])PWD\b/;

/** Whether `~`/`$HOME` and `$PWD` are read as the home and the directory a command runs in, or are unknown. */
interface Knowns {
  readonly home: boolean;
  readonly pwd: boolean;
}

/** Split `command` (trimmed first, as the gate does). Never throws. */
export function splitBash(parser: BashParser, command: string, opts: SplitOptions = {}): BashSplit {
  const trimmed = typeof command === "string" ? trimBashBlanks(command) : "";
  const knowns: Knowns = { home: !mayReassign(trimmed, "HOME"), pwd: !mayReassign(trimmed, "PWD") };
  const first = splitTrimmed(parser, trimmed, opts, knowns);
  // HOME or PWD assigned where the name is not written plainly (`declare "HO""ME=/etc"`): again, with it unknown.
  return first.reassigned === null ? first.result : splitTrimmed(parser, trimmed, opts, first.reassigned).result;
}

function splitTrimmed(parser: BashParser, trimmed: string, opts: SplitOptions, knowns: Knowns): { result: BashSplit; reassigned: Knowns | null } {
  const result = initialSplit(trimmed);
  const reassigned: Knowns | null = null;
  if (result.empty) return { result, reassigned };
  result.commentOnly = isCommentOnly(trimmed);
  const maxLength = opts.maxLength ?? DEFAULT_MAX_LENGTH;
  if (trimmed.length > maxLength) {
    result.tooLarge = true;
    return { result, reassigned };
  }
  try {
    const home = opts.home ?? homedir();
    const cwd = opts.cwd ?? process.cwd();
    // What the split asks the file system (where a write lands) and the classification after it: one memo.
    const observed: SplitObservations = opts.observed ?? { memo: new Map(), entries: new Map(), archives: new Map() };
    const env: Env = {
      parser,
      home,
      pathHome: knowns.home ? home : null,
      pwdKnown: knowns.pwd,
      stdinReplaced: execMayFeedStdin(trimmed),
      outside: new OutsideEnvironment(opts, cwd),
      budget: budgetFor(trimmed.length),
      units: result.units,
      tokens: [],
      patterns: [],
      symlinks: [],
      madeRoots: [],
      textBudget: unitTextBudgetFor(trimmed.length),
      writes: [],
      executed: [],
      overflow: false,
      reparse: subParse,
      plainFastPath: opts.plainFastPath ?? true,
      indexMayChange: false,
      twoStepCommands: 0,
      pathWrites: [],
      startDir: cwd,
      startDirStays: !mayLeaveStartDirectory(trimmed),
      storedCode: [],
      pathRuns: [],
      loaderWrites: [],
      canonical: splitCanonical(opts.realpath, observed.memo, observed.entries),
      observed,
      commandNameFold: opts.commandNameFold,
      assignments: assignmentNotes(),
      directories: new DirectoryAlternatives(trimmed),
      globOptions: [],
    };
    const base: PathBase = { known: true, dir: cwd };
    const parsed = analyseSource(env, trimmed, undefined, Mode.Ref, 0, base);
    if (parsed === null) {
      result.failed = true;
      result.error = "tree-sitter returned no tree";
      result.units.length = 0;
      return { result, reassigned };
    }
    result.hasError = parsed;
    // What bash really runs when its reading of the text differs from tree-sitter's.
    const reading = bashReading(parser, trimmed);
    if (!reading.settled) {
      push(env, unparseableUnit(trimmed));
    } else if (reading.text !== trimmed) {
      subParse(env, reading.text, undefined, 1, base, "bash-reading");
      for (const u of env.units) u.text = standInsToOriginal(u.text);
    }
    floorTwoSteps(env);
    floorPathShadows(env);
    floorLoaderWrites(env);
    const assigned = floorAssignments(env, trimmed);
    // `TAR_OPTIONS=--exclude=.env tar -cf o.tar .`, `export ZIPOPT=…`, `env TAR_OPTIONS=… tar …`: a walk that reads options
    // from a variable the command may assign may leave files out (a name in a wrapper's words is not an assignment the walk notes:
    // any mention of it, quotes and backslashes removed, counts).
    const tokens = env.tokens.some((t) => t.walkOptionsVariable !== undefined) ? withoutOptionedWalks(env.tokens, trimmed, assigned) : env.tokens;
    const again = { home: knowns.home && !assigned.home, pwd: knowns.pwd && !assigned.pwd };
    if (again.home !== knowns.home || again.pwd !== knowns.pwd) return { result, reassigned: again };
    // Before its own floors: any floor means something of the call may write before bash expands a glob.
    floorGlobOptions(env, env.globOptions, noOptionNamesMadeFirst(result.units, env.tokens));
    // Past a budget the units are incomplete: the whole command is unparseable (pushed past the budget that overflowed).
    if (env.overflow) result.units.push(unparseableUnit(trimmed));
    const paths = classifyPaths(
      env.directories.withAlternatives(tokens),
      {
        cwd,
        home,
        realpath: opts.realpath,
        observed,
        probeBareNames: opts.probeBareNames ?? true,
        indexMayChange: env.indexMayChange,
        // Nothing that may write runs before bash expands the command's globs (split/nothing-writes-first.ts, paths/globs-now.ts).
        globsExpandNow:
          env.patterns.some((p) => p.kind === "glob") &&
          nothingWritesFirst(result.units, env.tokens) &&
          (opts.globIgnore ?? process.env.GLOBIGNORE) === undefined &&
          !inheritsGlobOptions(opts.bashopts ?? process.env.BASHOPTS),
        ...(opts.readStrictness !== undefined ? { readStrictness: opts.readStrictness } : {}),
      },
      env.directories.withAlternatives(env.patterns),
      env.symlinks,
      env.madeRoots,
    );
    result.pathPatterns = paths.patterns;
    result.ruleCandidates = paths.ruleCandidates;
    result.externalPaths = paths.externalPaths;
    result.externalRoles = paths.externalRoles;
    result.bareTokens = paths.bareTokens;
  } catch (err) {
    result.failed = true;
    result.error = err instanceof Error ? err.message : String(err);
    if (err instanceof ParserNotLoaded) result.needsParser = true;
    result.units = [];
    result.ruleCandidates = [];
    result.externalPaths = [];
    result.bareTokens = [];
  }
  return { result, reassigned };
}

/**
 * Floors for variables the command assigns however it names them
 * (split/assigned-variables.ts): one that changes what later commands run,
 * or a name permc cannot know. Returns whether HOME and PWD may be assigned.
 */
function floorAssignments(env: Env, text: string): { home: boolean; pwd: boolean; names: ReadonlySet<string>; unknown: boolean } {
  const assigned = assignedNames(env.assignments);
  if (assigned.unknown !== null) push(env, { text, floor: { kind: "opaque", reason: assigned.unknown }, derived: true, derivation: "assigned-variable" });
  for (const name of assigned.names) {
    if (!isHijackVariable(name)) continue;
    const reason = `${name} changes what later commands run`;
    if (!env.units.some((u) => u.floor?.reason === reason)) push(env, { text, floor: { kind: "opaque", reason }, derived: true, derivation: "env-hijack" });
  }
  const any = assigned.unknown !== null;
  return { home: any || assigned.names.has("HOME"), pwd: any || assigned.names.has("PWD"), names: assigned.names, unknown: any };
}

/**
 * The walks that read options from a variable the command may assign (`TAR_OPTIONS=--exclude=.env tar -cf o.tar .`)
 * may leave files out: they no longer open every file they reach (they ask instead of deny). Any mention of the name,
 * quotes and backslashes removed, counts, since a wrapper's words are not assignments the walk notes.
 */
function withoutOptionedWalks(
  tokens: readonly RawPathToken[],
  text: string,
  assigned: { readonly names: ReadonlySet<string>; readonly unknown: boolean },
): RawPathToken[] {
  const unquoted = text.replace(/["'\\]/g, "");
  return tokens.map((t) =>
    t.walkOptionsVariable !== undefined && (assigned.unknown || assigned.names.has(t.walkOptionsVariable) || unquoted.includes(t.walkOptionsVariable))
      ? { ...t, opensEveryFile: undefined, walkOptionsVariable: undefined }
      : t,
  );
}

/** Every non-blank line starts with `#` (lines split on `\n`, as the reference does). */
/** shopt options that change what a glob of `*` names: dotfiles, `**` walking, case, patterns. */
const GLOB_OPTIONS: ReadonlySet<string> = new Set(["dotglob", "globstar", "nocaseglob", "extglob", "globasciiranges", "nullglob", "failglob"]);

/** Whether bash, started in an environment with this BASHOPTS, turns on an option that changes what `*` names (`dotglob`, `globstar`…). */
function inheritsGlobOptions(bashopts: string | undefined): boolean {
  return bashopts?.split(":").some((option) => GLOB_OPTIONS.has(option)) === true;
}

export function isCommentOnly(command: string): boolean {
  // Most commands start with a program's name: no `#` anywhere, no line to split (called on every decision).
  if (!command.includes("#")) return false;
  let sawComment = false;
  for (const line of command.split("\n")) {
    const t = trimBashBlanks(line);
    if (t === "") continue;
    if (!t.startsWith("#")) return false;
    sawComment = true;
  }
  return sawComment;
}

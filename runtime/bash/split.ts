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
 * 1. The reference's units (bash.md §2–3), in its order and with its exact
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
import { bashReading, standInsToOriginal } from "./bash-reading.js";
import { trimBashBlanks } from "./blanks.js";
import { ParserNotLoaded, type BashParser } from "./parser.js";
import { classifyPaths } from "./paths/classify.js";
import type { PathBase } from "./paths/types.js";
import { budgetFor, DEFAULT_MAX_LENGTH, unitTextBudgetFor } from "./split/limits.js";
import { analyseSource, subParse } from "./split/source.js";
import { Mode, push, unparseableUnit, type Env } from "./split/state.js";
import { floorTwoSteps } from "./split/two-steps.js";
import { initialSplit, type BashSplit, type SplitOptions } from "./split/types.js";

export type { BashSplit, BashUnit, Derivation, Floor, SplitOptions } from "./split/types.js";
export { DEFAULT_MAX_LENGTH } from "./split/limits.js";
export { backtickSegments } from "./split/hidden-source.js";

/**
 * The command may change HOME (an assignment, `export`, `read`, `unset`, a
 * nameref…): any mention of the name that is not an expansion of it. Then
 * `~` and `$HOME` in its paths are unknown (stricter than the reference,
 * which resolves them or drops the token, 36.2.1).
 */
export function mayReassignHome(src: string): boolean {
  return /(?:^|[^$\w{])HOME\b/.test(src);
}

/** Split `command` (trimmed first, as the gate does). Never throws. */
export function splitBash(parser: BashParser, command: string, opts: SplitOptions = {}): BashSplit {
  const trimmed = typeof command === "string" ? trimBashBlanks(command) : "";
  const result = initialSplit(trimmed);
  if (result.empty) return result;
  result.commentOnly = isCommentOnly(trimmed);
  const maxLength = opts.maxLength ?? DEFAULT_MAX_LENGTH;
  if (trimmed.length > maxLength) {
    result.tooLarge = true;
    return result;
  }
  try {
    const home = opts.home ?? homedir();
    const cwd = opts.cwd ?? process.cwd();
    const env: Env = {
      parser,
      home,
      pathHome: mayReassignHome(trimmed) ? null : home,
      cdpath: (opts.cdpath ?? process.env.CDPATH ?? "") !== "",
      ripgrepConfig: (opts.ripgrepConfig ?? process.env.RIPGREP_CONFIG_PATH ?? "") !== "",
      archiveOptions: (opts.archiveOptions ?? [process.env.TAR_OPTIONS, process.env.UNZIP, process.env.UNZIPOPT].join("")) !== "",
      budget: budgetFor(trimmed.length),
      units: result.units,
      tokens: [],
      patterns: [],
      symlinks: [],
      madeRoots: [],
      textBudget: unitTextBudgetFor(trimmed.length),
      written: new Set(),
      executed: [],
      overflow: false,
      reparse: subParse,
      plainFastPath: opts.plainFastPath ?? true,
      indexMayChange: false,
      writesAnyFile: false,
      commandNameFold: opts.commandNameFold,
    };
    const base: PathBase = { known: true, dir: cwd };
    const parsed = analyseSource(env, trimmed, undefined, Mode.Ref, 0, base);
    if (parsed === null) {
      result.failed = true;
      result.error = "tree-sitter returned no tree";
      result.units.length = 0;
      return result;
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
    // Past a budget the units are incomplete: the whole command is unparseable (pushed past the budget that overflowed).
    if (env.overflow) result.units.push(unparseableUnit(trimmed));
    const paths = classifyPaths(
      env.tokens,
      {
        cwd,
        home,
        realpath: opts.realpath,
        probeBareNames: opts.probeBareNames ?? true,
        indexMayChange: env.indexMayChange,
        ...(opts.readStrictness !== undefined ? { readStrictness: opts.readStrictness } : {}),
      },
      env.patterns,
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
  return result;
}

/** Every non-blank line starts with `#` (lines split on `\n`, as the reference does). */
export function isCommentOnly(command: string): boolean {
  let sawComment = false;
  for (const line of command.split("\n")) {
    const t = trimBashBlanks(line);
    if (t === "") continue;
    if (!t.startsWith("#")) return false;
    sawComment = true;
  }
  return sawComment;
}

import path from "node:path";
import { ACTION_RANK as RANK } from "../action.js";
import type { BashSplit } from "../bash/index.js";
import { trimBashBlanks } from "../bash/syntax/blanks.js";
import { initialSplit } from "../bash/split/types.js";
import type { ShellToolPayload } from "../format.js";
import { win32PathValue } from "../path-surfaces.js";
import { bashAnalysis } from "./bash-analysis.js";
import { inputField } from "./call-shape.js";
import type { GateContext } from "./gate-context.js";
import type { CallSubject, CommandSubject } from "./gate-entry.js";
import type { GateDecision } from "./gate-types.js";
import { fail } from "./outcomes.js";
import { canonicalOver } from "../paths/canonical.js";
import type { SplitObservations } from "../bash/paths/classify-options.js";

/** How each target finds program names (SplitOptions.commandNameFold): as its file systems do. */
const COMMAND_NAME_FOLD = { posix: undefined, darwin: "case", win32: "windows" } as const;

/**
 * A shell call's subjects: its command, split once (loading the bash
 * analysis on the first shell call), for the bash gates; and the call, for
 * the tool gate's units.
 */
export async function shellSubjects(
  ctx: GateContext,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  shell: ShellToolPayload,
): Promise<{ subjects: [CommandSubject, CallSubject] } | { error: GateDecision }> {
  const { options } = ctx;
  const given = inputField(args, shell.commandArgument);
  if (typeof given !== "string") return { error: fail("input", `'${shell.commandArgument}' must be a string`) };
  const workdir = shell.workdirArgument ? inputField(args, shell.workdirArgument) : undefined;
  if (workdir !== undefined && typeof workdir !== "string") return { error: fail("input", "the working directory argument must be a string") };
  const cwd = typeof workdir === "string" && workdir.trim() !== "" ? path.resolve(options.cwd, workdir.trim()) : options.cwd;
  const command = trimBashBlanks(given);
  const analysis = await bashAnalysis();
  const { getBashParser, loadedBashParser, splitBash } = analysis;
  // One memo of what the file system says for this call: the split (where its writes land, its paths' real paths) and
  // every external path share the cwd's prefixes.
  const observed: SplitObservations = { memo: new Map(), entries: new Map(), archives: new Map() };
  const realpath = options.realpath ?? canonicalOver(observed.memo, observed.entries);
  let split: BashSplit;
  if (command === "") {
    split = initialSplit("");
  } else {
    // A plain command needs no tree-sitter: the wasm grammar loads only when some text must be parsed.
    // On darwin and win32 program names are found case-insensitively (`RM x` runs rm), on win32 also without `.exe`.
    const readStrictness = (values: readonly string[], external: boolean) => strictness(ctx, values, external);
    const splitOptions = {
      cwd,
      home: ctx.home,
      // The caller's own realpath (a test's), or the split's over the shared observations.
      ...(options.realpath !== undefined ? { realpath: options.realpath } : {}),
      observed,
      probeBareNames: ctx.pathRulesMayBite,
      commandNameFold: COMMAND_NAME_FOLD[ctx.platform],
      readStrictness,
    };
    split = splitBash(loadedBashParser(), command, splitOptions);
    if (split.needsParser) split = splitBash(await getBashParser(), command, splitOptions);
  }
  return {
    subjects: [
      { kind: "command", split, cwd, workdirGiven: workdir !== undefined && cwd !== options.cwd, realpath },
      { kind: "call", tool, args, aliasSets: null, shell: { command, split, analysis } },
    ],
  };
}

/**
 * How strictly a read of a path by these spellings may be decided
 * (SplitOptions.readStrictness): by a path rule of the config (path_read;
 * the default rule does not count, as the path gate skips it) and, outside
 * the working directory, by external_directory_read. Allocation-free
 * checks, so a file list of thousands costs microseconds per file. Session
 * rules and yolo only lift, so an allow here stays one.
 */
function strictness(ctx: GateContext, values: readonly string[], external: boolean): number {
  const { policy, yolo } = ctx;
  let path = 0;
  let outside = 0;
  for (const value of values) {
    const v = ctx.platform === "win32" ? win32PathValue(value) : value;
    const d = policy.check("path_read", v, yolo);
    if (d.matchedPattern !== null) path = Math.max(path, RANK[d.action]);
    if (external) outside = Math.max(outside, RANK[policy.check("external_directory_read", v, yolo).action]);
  }
  return path * 3 + outside;
}

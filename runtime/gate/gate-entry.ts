/**
 * The types the gate table is made of: what a gate looks at (a subject) and
 * a gate. Apart from gate-table.ts so each gate can name them without
 * importing the table that imports it (as compiler/pass.ts is apart from
 * compiler/pipeline.ts).
 */
import type { BashSplit } from "../bash/index.js";
import type { BuiltinFileTool } from "../builtin-tools.js";
import type { PathRoute } from "../path-surfaces.js";
import type { BashAnalysis } from "./bash-analysis.js";
import type { GateContext } from "./gate-context.js";
import type { GateDecision, GateName } from "./gate-types.js";
import type { PathAliases } from "./path-aliases.js";

/** One spelling of one path a non-shell call names (path-subjects.ts). */
export interface PathSubject {
  readonly kind: "path";
  readonly tool: string;
  /** The path as the call gave it. */
  readonly token: string;
  /** The tool's row when it is a built-in file tool. */
  readonly builtin: BuiltinFileTool | undefined;
  /** The directional member the tool's path consults. */
  readonly route: PathRoute;
  /** The file the tool opens (the first spelling): what skill-read and the directory's contents are decided on. */
  readonly opened: PathAliases;
  readonly spelling: PathAliases;
  readonly first: boolean;
}

/** A shell call's command, split (command-subject.ts). */
export interface CommandSubject {
  readonly kind: "command";
  readonly split: BashSplit;
  /** The directory the command runs in. */
  readonly cwd: string;
  /** Whether the call gave a working directory other than the gate's. */
  readonly workdirGiven: boolean;
  /** The realpath memo of this call, shared by the split and every path of the command. */
  readonly realpath: (absolute: string, likelyExists?: boolean) => string;
}

/** The call itself, for the tool's own surface. */
export interface CallSubject {
  readonly kind: "call";
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** A built-in file tool's path, each spelling's aliases; null otherwise. */
  readonly aliasSets: ReadonlyArray<readonly string[]> | null;
  /** A shell call's command, its split and the analysis that decides it. */
  readonly shell?: { readonly command: string; readonly split: BashSplit; readonly analysis: BashAnalysis };
}

export type GateSubject = PathSubject | CommandSubject | CallSubject;

interface SubjectOf {
  readonly path: PathSubject;
  readonly command: CommandSubject;
  readonly call: CallSubject;
}

/** One gate of the table: it runs on every subject of its kind, in table order, and answers or stays silent (null). */
export interface GateEntry<K extends GateSubject["kind"] = GateSubject["kind"]> {
  /** Named like its file. */
  readonly name: string;
  readonly on: K;
  /** The `gate` its answers report (a malformed input it meets reports `input`). */
  readonly gate: GateName;
  run(subject: SubjectOf[K], ctx: GateContext): GateDecision | null;
}

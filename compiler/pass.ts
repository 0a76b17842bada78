/**
 * The types the pass table is made of: what a compile is asked to do, the
 * state the passes fill in stage by stage, and a pass. Apart from
 * pipeline.ts so a pass or the input hash can name them without importing
 * the table that imports them.
 */
import type { Diagnostic } from "./diagnostics/index.js";
import type { ScopeDocument } from "./frontend/scope-document.js";
import type { SourceInput } from "./frontend/source.js";
import type { PolicyIR, Target } from "./ir.js";
import type { LoweredPolicy } from "./lower/lower-policy.js";
import type { AutomataLimits } from "./passes/build-automata.js";
import type { MergedPolicy } from "./passes/merge-scopes.js";
import type { PolicyTables } from "./policy-tables.js";

export interface CompileRequest {
  readonly inputs: readonly SourceInput[];
  readonly target: Target;
  /** Shown in the generated header. */
  readonly command: string;
  readonly limits?: AutomataLimits;
  /** Stop after this stage (e.g. `lint` for `permc lint`). */
  readonly until?: Stage;
}

export type Stage = "front end" | "compose" | "lint" | "lower" | "automata" | "emit";

/** Everything the passes produce, filled in stage by stage. */
export interface CompileState {
  readonly request: CompileRequest;
  readonly docs?: readonly ScopeDocument[];
  readonly merged?: MergedPolicy;
  readonly policy?: PolicyIR;
  readonly lowered?: LoweredPolicy;
  readonly tables?: PolicyTables;
  readonly moduleText?: string;
}

export interface PassOutput {
  readonly state?: Partial<Omit<CompileState, "request">>;
  readonly diagnostics?: readonly Diagnostic[];
}

export interface Pass {
  readonly stage: Stage;
  readonly name: string;
  run(state: CompileState): PassOutput;
}

/**
 * The compiler API (`import … from "permc"`). The CLI is a thin layer over
 * these; the runtime is `permc/runtime` and never loads any of this.
 */
export { compile, PASSES, sourceTexts, type CompileRequest, type CompileResult, type CompileState, type Pass, type Stage } from "./pipeline.js";
export type { SourceInput, SourceKind } from "./frontend/source.js";
export type { Action, Knobs, Origin, Layer, PolicyIR, Platform, Rule, Scope, Span, Target } from "./ir.js";
export {
  DIAGNOSTICS,
  diagnostic,
  hasErrors,
  renderAll,
  renderDiagnostic,
  toJson,
  lineColumn,
  type Diagnostic,
  type JsonDiagnostic,
  type Severity,
} from "./diagnostics/index.js";
export { diffPolicies, widens, type DecisionChange, type PolicyDiff } from "./analysis/policy-diff.js";
export { COMPILER_VERSION } from "./version.js";
export { declaredScope } from "./frontend/perm/perm-dsl-includes.js";

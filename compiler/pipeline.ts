import type { SourceTexts } from "./diagnostics/index.js";
import { hasErrors, type Diagnostic } from "./diagnostics/index.js";
import { buildPayload } from "./emit/payload.js";
import { emitModule } from "./emit/emit-module.js";
import { readSource } from "./frontend/read-source.js";
import { lowerPolicy } from "./lower/lower-policy.js";
import type { CompileRequest, CompileState, Pass, Stage } from "./pass.js";
import { buildAutomata } from "./passes/build-automata.js";
import { composeRules } from "./passes/compose-rules.js";
import { mergeScopes } from "./passes/merge-scopes.js";
import { LINT_PASSES } from "./passes/lints.js";
import { lintOverriddenDeny } from "./passes/lint-overridden-deny.js";
import { lintShadowedRule } from "./passes/lint-shadowed-rule.js";
import { foldDirectionalTwins } from "./passes/fold-directional-twins.js";
import { inputHash } from "./emit/input-hash.js";
import { runInlineTests } from "./passes/run-inline-tests.js";

export type { CompileRequest, CompileState, Pass, PassOutput, Stage } from "./pass.js";

/** A pass asked for a product of an earlier stage that the pipeline order guarantees. */
function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`internal: pipeline ran a pass before ${what} existed`);
  return value;
}

/** The compiler, in order. Each pass is pure; the pipeline stops after a stage that reported an error. */
export const PASSES: readonly Pass[] = [
  {
    stage: "front end",
    name: "read-source",
    run: ({ request }) => {
      const results = request.inputs.map(readSource);
      return {
        state: { docs: results.flatMap((r) => (r.doc ? [r.doc] : [])) },
        diagnostics: results.flatMap((r) => r.diagnostics),
      };
    },
  },
  { stage: "compose", name: "merge-scopes", run: (s) => ({ state: { merged: mergeScopes(need(s.docs, "docs")) } }) },
  {
    stage: "compose",
    name: "compose-rules",
    run: (s) => {
      const { policy, diagnostics } = composeRules(need(s.merged, "merged"));
      return { state: { policy }, diagnostics };
    },
  },
  ...LINT_PASSES,
  { stage: "lower", name: "lower-policy", run: (s) => ({ state: { lowered: lowerPolicy(need(s.policy, "policy"), s.request.target) } }) },
  {
    stage: "automata",
    name: "build-automata",
    run: (s) => {
      const { tables, diagnostics } = buildAutomata(need(s.policy, "policy"), need(s.lowered, "lowered"), s.request.limits);
      return { state: tables ? { tables } : {}, diagnostics };
    },
  },
  // Lints that need the automata: exact, read off the minimized tables.
  {
    stage: "automata",
    name: "lint-shadowed-rule",
    run: (s) => (s.tables ? { diagnostics: foldDirectionalTwins(lintShadowedRule(need(s.policy, "policy"), need(s.lowered, "lowered"), s.tables)) } : {}),
  },
  {
    stage: "automata",
    name: "lint-overridden-deny",
    run: (s) => (s.tables ? { diagnostics: foldDirectionalTwins(lintOverriddenDeny(need(s.policy, "policy"), need(s.lowered, "lowered"), s.tables)) } : {}),
  },
  // `test` lines of .perm sources: a failing one stops before emit, so no module is written.
  {
    stage: "automata",
    name: "run-inline-tests",
    run: (s) => (s.tables ? { diagnostics: runInlineTests(need(s.docs, "docs"), need(s.policy, "policy"), s.tables, sourceTexts(s.request)).diagnostics } : {}),
  },
  {
    stage: "emit",
    name: "emit-module",
    run: (s) => {
      const payload = buildPayload(need(s.policy, "policy"), need(s.tables, "tables"), sourceTexts(s.request));
      const moduleText = emitModule(payload, {
        command: s.request.command,
        inputHash: inputHash(s.request),
        target: s.request.target,
      });
      return { state: { moduleText } };
    },
  },
];

export interface CompileResult {
  readonly state: CompileState;
  readonly diagnostics: readonly Diagnostic[];
  readonly sources: SourceTexts;
  /** Set only when every stage through emit ran without errors. */
  readonly moduleText: string | null;
}

export function compile(request: CompileRequest, passes: readonly Pass[] = PASSES): CompileResult {
  let state: CompileState = { request };
  const diagnostics: Diagnostic[] = [];
  let stage: Stage | undefined;
  for (const pass of passes) {
    if (pass.stage !== stage) {
      if (hasErrors(diagnostics)) break;
      if (stage !== undefined && stage === request.until) break;
      stage = pass.stage;
    }
    const out = pass.run(state);
    if (out.state) state = { ...state, ...out.state };
    if (out.diagnostics) diagnostics.push(...out.diagnostics);
  }
  const ok = !hasErrors(diagnostics) && state.moduleText !== undefined;
  return { state, diagnostics, sources: sourceTexts(request), moduleText: ok ? state.moduleText! : null };
}

export function sourceTexts(request: CompileRequest): SourceTexts {
  // Files a .perm source includes are sources too: diagnostics and rule positions point into them.
  return new Map(request.inputs.flatMap((i) => [[i.file, i.text] as const, ...(i.includes ?? [])]));
}

/**
 * createGate: a tool call meets the gates of the table (gate-table.ts) in
 * order, each on every subject of its kind the call names (subjects.ts), and
 * their answers combine deny first (outcomes.ts).
 */
import { createGateContext, type GateContext } from "./gate-context.js";
import type { GateSubject } from "./gate-entry.js";
import { GATES } from "./gate-table.js";
import type { Gate, GateDecision, GateOptions, ToolCall } from "./gate-types.js";
import type { Policy } from "../policy.js";
import { combine, fail } from "./outcomes.js";
import { readCall } from "./read-call.js";
import { subjectsOf } from "./subjects.js";

export { warmBashAnalysis } from "./warm-bash-analysis.js";
export type { Gate, GateDecision, GateName, GateOptions, GateOutcome, GateUnit, ToolCall } from "./gate-types.js";
export { evaluatePathFamily, type FamilyDecision } from "./path-family.js";

export function createGate(policy: Policy, options: GateOptions): Gate {
  const ctx = createGateContext(policy, options);
  async function decide(call: ToolCall): Promise<GateDecision> {
    const read = readCall(ctx, call);
    if ("error" in read) return read.error;
    const found = await subjectsOf(ctx, read);
    if ("error" in found) return found.error;
    return combine(runGates(found.subjects, ctx));
  }
  return {
    decide: (call) =>
      decide(call).catch((e: unknown) =>
        fail("error", `permission gate failed and blocked the call (fail-closed): ${e instanceof Error ? e.message : String(e)}`),
      ),
  };
}

/** Every gate on every subject of its kind, subject by subject, in table order; the answers in that order. */
function runGates(subjects: readonly GateSubject[], ctx: GateContext): GateDecision[] {
  const outcomes: GateDecision[] = [];
  for (const subject of subjects) {
    for (const gate of GATES) {
      if (gate.on !== subject.kind) continue;
      const outcome = gate.run(subject, ctx);
      if (outcome !== null) outcomes.push(outcome);
    }
  }
  return outcomes;
}

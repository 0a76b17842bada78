/**
 * A tool a host adapter does not model. The policy's `*` rule was written for
 * the host's tools permc knows; a tool the host adds later (Claude Code's
 * `Artifact`, `CronCreate`, a renamed shell) may publish files, schedule work
 * or run commands, so `*` alone never allows it. Such a call is at least
 * `ask`, unless a config rule names the tool exactly (its surface is the
 * tool's name, no wildcard): then the person thought about it and the gate's
 * answer stands. A deny stays a deny. Pi keeps the reference's semantics (its
 * extension tools fall to `*`), so only the adapters call this.
 */
import type { GateDecision } from "../gate/index.js";
import type { Policy } from "../policy.js";

/** Whether a config rule's surface is exactly `tool`. */
export function ruleNamesTool(policy: Policy, tool: string): boolean {
  return policy.rules.some((r) => r.layer === "config" && r.surface === tool);
}

/** The gate's decision for an unmodelled tool, raised to `ask` unless a rule names the tool. */
export function floorUnmodelledTool(policy: Policy, tool: string, decision: GateDecision): GateDecision {
  if (decision.action !== "allow" || ruleNamesTool(policy, tool)) return decision;
  return {
    ...decision,
    action: "ask",
    reason: `'${tool}' is a tool permc does not model for this host; only a rule naming it exactly (not '*') allows it without asking`,
  };
}

import type { Decision } from "../decision.js";
import type { Policy } from "../policy.js";

export interface TargetedDecision {
  readonly decision: Decision;
  /** The candidate or alias the decision was made for. */
  readonly value: string;
}

function layerOf(policy: Policy, d: Decision): string | null {
  return d.rule >= 0 ? (policy.rules[d.rule]?.layer ?? null) : null;
}

/**
 * Non-path surfaces: the first candidate that hits anything but the default
 * rule decides; candidate order beats rule order (reference `evaluateFirst`).
 */
export function evaluateFirst(policy: Policy, surface: string, candidates: readonly string[], yolo: boolean): TargetedDecision {
  for (const value of candidates) {
    const decision = policy.check(surface, value, yolo);
    if (layerOf(policy, decision) !== "default") return { decision, value };
  }
  const value = candidates[0] ?? "*";
  return { decision: policy.check(surface, value, yolo), value };
}

/**
 * Path surfaces: the aliases name one path, so the latest rule matching any
 * alias wins (reference `evaluateAnyValue`); the reported value is the first
 * alias that rule matches.
 */
export function evaluateAnyValue(policy: Policy, surface: string, aliases: readonly string[], yolo: boolean): TargetedDecision {
  const values = aliases.length > 0 ? aliases : ["*"];
  let best: TargetedDecision | null = null;
  for (const value of values) {
    const decision = policy.check(surface, value, yolo);
    if (best === null || decision.rule > best.decision.rule) best = { decision, value };
  }
  return best!;
}

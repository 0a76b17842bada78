import type { Action } from "./action.js";
import type { RulePayload } from "./format.js";

/** What a check returns. Instances are precomputed and frozen: checking allocates nothing. */
export interface Decision {
  readonly action: Action;
  /** The rule's pattern as written; null for the default and baseline rules, as the reference reports. */
  readonly matchedPattern: string | null;
  readonly reason?: string;
  readonly origin: string;
  /** The surface key of the deciding rule, as written. */
  readonly surface?: string;
  /** Index of the deciding rule in the module, for explanations; -1 for synthetic decisions. */
  readonly rule: number;
  readonly error?: string;
}

export function ruleDecision(rule: RulePayload, index: number, yolo: boolean): Decision {
  const reported = rule.layer === "config" ? rule.pattern : null;
  const yoloAllows = yolo && rule.action === "ask";
  return Object.freeze({
    action: yoloAllows ? "allow" : rule.action,
    matchedPattern: reported,
    ...(rule.reason !== undefined ? { reason: rule.reason } : {}),
    origin: yoloAllows ? "yolo" : rule.origin,
    surface: rule.surface,
    rule: index,
  });
}

export function denyDecision(error: string): Decision {
  return Object.freeze({ action: "deny", matchedPattern: null, origin: "permc", rule: -1, error });
}

/** The public fields of a decision (the result shape a host sees), without the internal rule index. */
export interface PublicDecision {
  readonly action: Action;
  readonly matchedPattern: string | null;
  readonly reason?: string;
  readonly origin: string;
  readonly surface?: string;
  readonly error?: string;
}

export function publicFields(d: Decision): PublicDecision {
  return {
    action: d.action,
    matchedPattern: d.matchedPattern,
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
    origin: d.origin,
    ...(d.surface !== undefined ? { surface: d.surface } : {}),
    ...(d.error !== undefined ? { error: d.error } : {}),
  };
}

/**
 * How the policy decides one canonical path, for the kernel layer: the
 * `path_<direction>` member, and outside the working tree the
 * `external_directory_<direction>` member too (the stricter wins, as the gate
 * does). Only a rule written for paths restricts here: the default rule and a
 * catch-all `*` are decisions about every path, which no mount can express
 * (they are reported, not enforced).
 */
import { ACTION_RANK } from "../action.js";
import type { Decision } from "../decision.js";
import { memberSurface, type PathDirection } from "../path-surfaces.js";
import { isInside } from "../paths/inside.js";
import type { Policy } from "../policy.js";

/** The deciding rule's index when `canonical` is denied or asked by a specific path rule; -1 otherwise. */
export function restrictingRule(policy: Policy, direction: PathDirection, canonical: string, cwd: string): number {
  const own = policy.check(memberSurface("path", direction), canonical);
  const ext = isInside(cwd, canonical) ? null : policy.check(memberSurface("external_directory", direction), canonical);
  const worst = ext !== null && ACTION_RANK[ext.action] > ACTION_RANK[own.action] ? ext : own;
  return isSpecificRestriction(policy, worst) ? worst.rule : -1;
}

function isSpecificRestriction(policy: Policy, d: Decision): boolean {
  if (d.action === "allow") return false;
  const rule = policy.rules[d.rule];
  return rule !== undefined && rule.layer !== "default" && !isCatchAll(rule.pattern);
}

/** A pattern made only of `*` (and `/`): every path. */
export function isCatchAll(pattern: string): boolean {
  return /^[*/]*$/.test(pattern) && pattern.includes("*");
}

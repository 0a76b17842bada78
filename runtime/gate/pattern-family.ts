import { ACTION_RANK as RANK } from "../action.js";
import type { PathFamily } from "../path-surfaces.js";
import type { GateContext } from "./gate-context.js";
import type { FamilyDecision } from "./path-family.js";
import { decidePathPattern } from "./path-patterns.js";

/**
 * A bash word that is not one known path (a glob, an unknown value), on the
 * members its command proves (both when unproven): the most restrictive
 * member decides, the read member on a tie. Null when no rule stricter than allow is in reach.
 */
export function patternFamily(
  ctx: GateContext,
  name: PathFamily,
  role: "read" | "write" | "both",
  forms: Parameters<typeof decidePathPattern>[2],
  kind: "glob" | "unknown" | "whole",
  configOnly: boolean,
  token: string,
): FamilyDecision | null {
  let worst: FamilyDecision | null = null;
  for (const direction of role === "both" ? (["read", "write"] as const) : [role]) {
    const surface = `${name}_${direction}`;
    const v = decidePathPattern(ctx.policy, surface, forms, kind, ctx.yolo, configOnly);
    if (v === null) continue;
    if (worst === null || RANK[v.decision.action] > RANK[worst.decision.action]) worst = { decision: v.decision, value: token, surface };
  }
  return worst;
}

import { ACTION_RANK as RANK } from "../action.js";
import type { PathFamily } from "../path-surfaces.js";
import type { GateContext } from "./gate-context.js";
import type { GateDecision, GateName } from "./gate-types.js";
import { decisionOf } from "./outcomes.js";
import { decidePathPattern } from "./path-patterns.js";

/**
 * A bash word that is not one known path (a glob, an unknown value), on the
 * members its command proves (both when unproven): the most restrictive
 * member decides, the read member on a tie.
 */
export function patternFamily(
  ctx: GateContext,
  name: PathFamily,
  role: "read" | "write" | "both",
  forms: Parameters<typeof decidePathPattern>[2],
  kind: "glob" | "unknown" | "whole",
  configOnly: boolean,
  gateName: GateName,
  token: string,
): GateDecision[] {
  let worst: GateDecision | null = null;
  for (const direction of role === "both" ? (["read", "write"] as const) : [role]) {
    const surface = `${name}_${direction}`;
    const v = decidePathPattern(ctx.policy, surface, forms, kind, ctx.yolo, configOnly);
    if (v === null) continue;
    const d = { ...decisionOf(v.decision, gateName, token), surface };
    if (worst === null || RANK[d.action] > RANK[worst.action]) worst = d;
  }
  return worst === null ? [] : [worst];
}

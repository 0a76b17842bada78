import { ACTION_RANK as RANK } from "../action.js";
import type { Decision } from "../decision.js";
import { memberSurface, win32PathValue, type PathFamily, type PathRoute } from "../path-surfaces.js";
import type { Policy } from "../policy.js";
import type { SessionRuleMatcher } from "../session-rules.js";
import { evaluateAnyValue, type TargetedDecision } from "./multi-value.js";

export interface FamilyDecision extends TargetedDecision {
  /** The directional member that decided (`path_read`, `external_directory_write`, …): shown in prompts and logs. */
  readonly surface: string;
}

/**
 * One path-family check (reference 27.1.0): `read` consults `<family>_read`,
 * `write` consults `<family>_write`, `both` consults both and keeps the most
 * restrictive result (deny > ask > allow), the read member's on a tie. Within
 * a member the last rule matching any of the values wins. No pattern is made
 * up: when neither member matched a config rule, `matchedPattern` stays null
 * (so the path gate, which skips without one, still skips).
 *
 * Session approvals lift an `ask` to `allow` per member; an approval recorded
 * on the bare family (`path`) counts for both members, as the reference
 * expands it at record time.
 *
 * Example: `{"*":"allow","path_write":{"*":"deny"}}`, `both`, `["a.txt"]` →
 * deny from `path_write` (the read member only has the default).
 */
export function evaluatePathFamily(
  policy: Policy,
  family: PathFamily,
  direction: PathRoute,
  values: readonly string[],
  yolo: boolean,
  sessionRules?: SessionRuleMatcher,
): FamilyDecision {
  // win32 folds separators on the value too (reference 23.0.1); the tables fold case and the patterns' separators.
  const matched = policy.info?.platform === "win32" ? values.map(win32PathValue) : values;
  const member = (d: "read" | "write"): FamilyDecision => {
    const surface = memberSurface(family, d);
    const c = bySession(evaluateAnyValue(policy, surface, matched, yolo), [surface, family], values, matched, sessionRules);
    return { decision: c.decision, value: c.value, surface };
  };
  if (direction !== "both") return member(direction);
  const read = member("read");
  const write = member("write");
  return RANK[write.decision.action] > RANK[read.decision.action] ? write : read;
}

function bySession(
  c: TargetedDecision,
  surfaces: readonly string[],
  given: readonly string[],
  matched: readonly string[],
  rules: SessionRuleMatcher | undefined,
): TargetedDecision {
  if (!rules || c.decision.action !== "ask") return c;
  // The values as given and as matched (win32 folds them), each once: built only when an approval may apply.
  const values = matched === given ? given : [...new Set([...given, ...matched])];
  for (const surface of surfaces) {
    for (const value of values.length > 0 ? values : [c.value]) {
      const pattern = rules.match(surface, value);
      if (pattern === null) continue;
      const lifted: Decision = { action: "allow", matchedPattern: pattern, origin: "session", surface: surfaces[0]!, rule: c.decision.rule };
      return { decision: lifted, value };
    }
  }
  return c;
}

import { matchValue } from "../bash/index.js";
import type { GateDecision } from "../gate/index.js";
import { SessionRules, wildcardMatches, type SessionRule, type SessionRuleMatcher } from "../session-rules.js";

/**
 * What "Allow for this session" would really do for this call, found by
 * deciding the call again with the suggested rules added. Floors (wrappers,
 * unparseable commands) are applied after session rules, so a rule for a
 * floored unit would never take effect: the preview shows that instead of
 * promising it, and drops rules that cover nothing.
 */
export interface GrantPreview {
  /** The rules worth recording: each lifts at least one asking part of this call. */
  readonly rules: readonly SessionRule[];
  /** Indices of asking units that would still ask with the rules recorded. */
  readonly uncoveredUnits: ReadonlySet<number>;
  /** The deciding non-unit gate (a path, a directory) would still ask. */
  readonly gateUncovered: boolean;
  /** Every listed part is covered, yet the call as a whole would still ask (an unparseable command). */
  readonly wholeUncovered: boolean;
}

export async function previewGrant(
  d: GateDecision,
  suggestions: readonly SessionRule[],
  current: SessionRuleMatcher,
  decideWith: (rules: SessionRuleMatcher) => Promise<GateDecision>,
): Promise<GrantPreview> {
  const candidate = new SessionRules();
  for (const r of suggestions) candidate.add(r.surface, r.pattern);
  const d2 = await decideWith({ match: (surface, value) => current.match(surface, value) ?? candidate.match(surface, value) });

  const units = d.units ?? [];
  const after = d2.units ?? [];
  const aligned = after.length === units.length && after.every((u, i) => u.text === units[i]!.text);
  const uncoveredUnits = new Set<number>();
  const lifted: string[] = [];
  for (const [i, u] of units.entries()) {
    if (u.action !== "ask") continue;
    if (aligned && after[i]!.action === "allow") lifted.push(matchValue(u.text));
    else uncoveredUnits.add(i);
  }
  // The part the decision itself names (a path, a directory, a non-shell tool) is covered when it no longer decides an ask.
  const sameItemAsks = d2.action !== "allow" && d2.gate === d.gate && d2.value === d.value;
  const gateUncovered = d.gate !== "tool" && sameItemAsks;
  const itemCovered = d.gate !== "tool" ? !gateUncovered : !d.units && !sameItemAsks;
  const rules = suggestions.filter((r) => (r.surface === "bash" && d.units ? lifted.some((t) => wildcardMatches(r.pattern, t)) : itemCovered));
  const wholeUncovered = d2.action !== "allow" && uncoveredUnits.size === 0 && !gateUncovered;
  return { rules, uncoveredUnits, gateUncovered, wholeUncovered };
}

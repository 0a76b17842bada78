/**
 * The compiler's analyses (lints, diff, explain) reason on one DFA whose
 * accepts are payloads. A matcher is exactly that when it has one final-mode
 * part; then this view maps its rank accepts back to payloads. A matcher of
 * several parts (or one sequence part) has no single DFA to search, and
 * callers treat it as they treated a rule set split into groups (skip, or
 * report it as not exact).
 */
import type { Automaton } from "../../runtime/automaton.js";
import { MODE_FINAL, MODE_SEQUENCE, type Matcher } from "../../runtime/matcher.js";

const views = new WeakMap<Matcher, Automaton | null>();

export function singleAutomaton(m: Matcher): Automaton | null {
  const known = views.get(m);
  if (known !== undefined) return known;
  const only = m.parts.length === 1 && m.parts[0]!.mode === MODE_FINAL ? m.parts[0]!.automaton : null;
  const view = only === null ? null : { ...only, accept: only.accept.map((r) => (r < 0 ? -1 : m.payloads[r]!)) };
  views.set(m, view);
  return view;
}

/**
 * Every payload some state of some part accepts: a superset of the payloads
 * that win for some value (a pattern that wins is its part's best there).
 */
export function acceptedPayloads(m: Matcher): Set<number> {
  const out = new Set<number>();
  for (const p of m.parts) {
    // A sequence part's accepts are hit lists: every one of its patterns may win.
    if (p.mode === MODE_SEQUENCE) for (const r of p.sequence!.patternRank) out.add(m.payloads[r]!);
  }
  for (const p of m.parts)
    if (p.mode !== MODE_SEQUENCE)
      for (let q = 0; q < p.automaton.stateCount; q++) if (p.automaton.accept[q]! >= 0) out.add(m.payloads[p.automaton.accept[q]!]!);
  return out;
}

export function matcherStateCount(m: Matcher): number {
  return m.parts.reduce((n, p) => n + p.automaton.stateCount, 0);
}

/**
 * The compiled automata must give exactly the reference answer: the payload
 * of the last pattern whose reference RegExp matches, or -1.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileAutomata, type PrioritizedPattern } from "../../compiler/automata/index.js";
import { runAutomaton, runGroups } from "../../runtime/automaton.js";
import { FOLD_CHARS, matchCaseArb, PATTERN_CHARS, VALUE_CHARS, type MatchCase } from "./arbitraries.js";
import { referenceMatch, referenceWinner } from "./oracle.js";

function prioritized(c: MatchCase): PrioritizedPattern[] {
  return c.patterns.map((pattern, i) => ({ pattern, payload: c.payloads[i]! }));
}

describe("compiled automata agree with the reference RegExp (last match wins)", () => {
  it("case-sensitive", () => {
    fc.assert(
      fc.property(matchCaseArb(PATTERN_CHARS, VALUE_CHARS), (c) => {
        const patterns = prioritized(c);
        const { groups, problems } = compileAutomata(patterns, { foldCase: false });
        expect(problems).toEqual([]);
        for (const v of c.values) expect([v, runGroups(groups, v)]).toEqual([v, referenceWinner(patterns, v)]);
      }),
      { numRuns: 400 },
    );
  });

  it("case-insensitive like a non-Unicode /i", () => {
    const chars = [...PATTERN_CHARS, ...FOLD_CHARS];
    fc.assert(
      fc.property(matchCaseArb(chars, [...VALUE_CHARS, ...FOLD_CHARS]), (c) => {
        const patterns = prioritized(c);
        const { groups } = compileAutomata(patterns, { foldCase: true });
        for (const v of c.values) expect([v, runGroups(groups, v)]).toEqual([v, referenceWinner(patterns, v, true)]);
      }),
      { numRuns: 400 },
    );
  });

  it("split into priority-ordered groups by a tiny state budget, minus the patterns reported as too large", () => {
    let splits = 0;
    fc.assert(
      fc.property(matchCaseArb(PATTERN_CHARS, VALUE_CHARS, 10), fc.integer({ min: 2, max: 12 }), fc.boolean(), (c, maxStates, foldCase) => {
        const patterns = prioritized(c);
        const { groups, problems } = compileAutomata(patterns, { foldCase, maxStates });
        const excluded = new Set(problems.flatMap((p) => (p.kind === "too-many-states" ? [p.index] : [])));
        const split = problems.find((p) => p.kind === "split");
        if (split !== undefined) {
          splits++;
          expect(split).toEqual({ kind: "split", groups: groups.length, limit: maxStates });
        } else {
          expect(groups.length).toBeLessThanOrEqual(1);
        }
        for (const g of groups) expect(g.stateCount).toBeLessThanOrEqual(maxStates);
        const kept = patterns.filter((_, i) => !excluded.has(i));
        for (const v of c.values) expect([v, runGroups(groups, v)]).toEqual([v, referenceWinner(kept, v, foldCase)]);
      }),
      { numRuns: 300 },
    );
    expect(splits).toBeGreaterThan(20);
  });

  it("set mode (acceptSets) reports every matching pattern, not just the winner", () => {
    fc.assert(
      fc.property(matchCaseArb(PATTERN_CHARS, VALUE_CHARS, 8), (c) => {
        const patterns = c.patterns.map((pattern, payload) => ({ pattern, payload }));
        const { groups, sets, problems } = compileAutomata(patterns, { foldCase: false, acceptSets: true });
        expect(problems).toEqual([]);
        expect(groups).toHaveLength(1);
        for (const v of c.values) {
          const id = runAutomaton(groups[0]!, v);
          const matching = patterns.filter((p) => referenceMatch(p.pattern, v)).map((p) => p.payload);
          expect([v, id < 0 ? [] : sets![id]]).toEqual([v, matching]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * Hopcroft minimization: the result is minimal (same size as a naive Moore
 * refinement), recognizes the same payload function, keeps rules with
 * different payloads apart, and is idempotent down to identical tables.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classOfUnits } from "../../compiler/automata/alphabet.js";
import { minimizeDfa } from "../../compiler/automata/index.js";
import { sparseDfaEquals, transition } from "../../compiler/automata/sparse-dfa.js";
import { matchCaseArb, PATTERN_CHARS, VALUE_CHARS } from "./arbitraries.js";
import { naiveMinimalStateCount, rawDfa, runSparse } from "./helpers.js";

describe("minimizeDfa", () => {
  it("is idempotent: minimizing a minimal DFA gives identical tables", () => {
    fc.assert(
      fc.property(matchCaseArb(PATTERN_CHARS, VALUE_CHARS, 8), fc.boolean(), (c, fold) => {
        const once = minimizeDfa(rawDfa(c.patterns, fold).dfa);
        const twice = minimizeDfa(once);
        expect(twice.stateCount).toBe(once.stateCount);
        expect(sparseDfaEquals(twice, once)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("reaches the size of a naive Moore minimization", () => {
    fc.assert(
      fc.property(matchCaseArb(PATTERN_CHARS, VALUE_CHARS, 6), (c) => {
        const raw = rawDfa(c.patterns).dfa;
        expect(minimizeDfa(raw).stateCount).toBe(naiveMinimalStateCount(raw));
      }),
      { numRuns: 200 },
    );
  });

  it("keeps the payload of every value", () => {
    fc.assert(
      fc.property(matchCaseArb(PATTERN_CHARS, VALUE_CHARS, 8), (c) => {
        const raw = rawDfa(c.patterns);
        const classes = classOfUnits(raw.alphabet, null);
        const classOf = (u: number): number => classes[u]!;
        const min = minimizeDfa(raw.dfa);
        for (const v of c.values) expect(runSparse(min, classOf, v)).toBe(runSparse(raw.dfa, classOf, v));
      }),
      { numRuns: 300 },
    );
  });

  it("puts the dead state at 0 and numbers the rest breadth-first", () => {
    const min = minimizeDfa(rawDfa(["ab", "ac"]).dfa);
    expect(min.accept[0]).toBe(-1);
    expect(min.defaults[0]).toBe(0);
    expect(min.rowStart[1]).toBe(0); // state 0 has no exceptions
    expect(min.start).toBe(1);
    // start --a--> 2, then 2 --b--> 3 (accept 0) and 2 --c--> 4 (accept 1).
    expect(min.stateCount).toBe(5);
    expect(Array.from(min.accept)).toEqual([-1, -1, -1, 0, 1]);
  });

  it("never merges states that let different rules win, even with the same future", () => {
    // After "x" both patterns have matched and accept everything; only the payload differs.
    const min = minimizeDfa(rawDfa(["a*", "b*"]).dfa);
    const accepts = new Set(Array.from(min.accept));
    expect(accepts).toEqual(new Set([-1, 0, 1]));
    expect(min.stateCount).toBe(4);
    // The "a*" and "b*" sticky states loop on every class.
    for (let q = 1; q < min.stateCount; q++) {
      if (min.accept[q]! >= 0) for (let c = 0; c < min.classCount; c++) expect(transition(min, q, c)).toBe(q);
    }
  });
});

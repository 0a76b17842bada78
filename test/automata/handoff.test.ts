/**
 * Later parts start where the first part stopped (runtime/handoff.ts): an
 * entry is the later part's state after the text the first part read to
 * reach it, with the highest accept passed on the way; check() with entry
 * tables answers as every part read from the start does (the code path
 * before them) and as the reference RegExp does (last match wins), on rule
 * sets that mix prefix, exact, infix, long-option, suffix, `?`, anchored
 * sticky and multi-factor rules.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileMatcher, type PrioritizedPattern } from "../../compiler/automata/index.js";
import { mixedPermission, mixedValues } from "../../bench/mixed.js";
import { DENSE_ENTRIES, layOut, stepLaidOut, type LaidOutPart } from "../../runtime/matcher-layout.js";
import { MODE_FINAL, MODE_REGISTER, matcherOf, runMatcher, type Matcher } from "../../runtime/matcher.js";
import { referenceWinner } from "./oracle.js";

const WORDS = ["ab", "ba", "a", "b", "x", "é", "ab a", "-"];
const wordArb = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((ws) => ws.join(""));

/** One rule of any shape a real policy mixes, over a few overlapping words. */
const ruleArb = fc.oneof(
  fc.tuple(wordArb, wordArb).map(([a, b]) => `${a} ${b} *`),
  fc.tuple(wordArb, wordArb).map(([a, b]) => `${a} ${b}`),
  wordArb.map((w) => `*${w}*`),
  fc.tuple(wordArb, wordArb, wordArb).map(([a, b, c]) => `${a} ${b} --${c} *`),
  wordArb.map((w) => `*${w}`),
  fc.tuple(wordArb, wordArb).map(([a, b]) => `${a}?${b}*`),
  fc.tuple(wordArb, wordArb).map(([a, b]) => `${a} * ${b}*`),
  fc.tuple(wordArb, wordArb).map(([a, b]) => `*${a}*${b}*`),
  fc.constant("*"),
);

/** A rule's text with each `*` and `?` filled, or words joined as commands are. */
const valueArb = (rules: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...rules), fc.array(fc.oneof(wordArb, fc.constant(" "), fc.constant("")), { minLength: 1, maxLength: 3 })).map(([rule, fills]) => {
      let k = 0;
      return [...rule].map((ch) => (ch === "*" || ch === "?" ? fills[k++ % fills.length]! : ch)).join("");
    }),
    fc.array(fc.oneof(wordArb, fc.constantFrom(" ", " --", " && ", "=")), { maxLength: 10 }).map((xs) => xs.join("")),
  );

const mixedCaseArb = fc
  .array(ruleArb, { minLength: 2, maxLength: 12 })
  .chain((rules) => fc.record({ rules: fc.constant(rules), values: fc.array(valueArb(rules), { minLength: 1, maxLength: 10 }) }));

const denseArb = fc.constantFrom(0, 16, 64, DENSE_ENTRIES);

function patternsOf(rules: readonly string[]): PrioritizedPattern[] {
  return rules.map((pattern, payload) => ({ pattern, payload }));
}

function laidOutWith(m: Matcher, denseEntries: number, minRun = 2): Matcher {
  return matcherOf(
    m.payloads,
    m.parts.map((p) => ({ ...p, laidOut: layOut(p.automaton, p.limit, p.mode === MODE_FINAL, denseEntries, minRun) })),
  );
}

/** The same parts without entry tables: every part reads the value from its start, as before them. */
function fromTheStart(m: Matcher): Matcher {
  return { payloads: m.payloads, parts: m.parts };
}

function step(f: LaidOutPart, q: number, value: string, i: number): number {
  const u = value.charCodeAt(i);
  return stepLaidOut(f, q, f.classBlocks[(f.classIndex[u >> 8]! << 8) | (u & 255)]!);
}

describe("entry tables (runtime/handoff.ts)", () => {
  it("an entry is the later part's state after the text that led the first part there, and the highest accept it passed", () => {
    let checked = 0;
    fc.assert(
      fc.property(mixedCaseArb, denseArb, ({ rules, values }, denseEntries) => {
        const { matcher } = compileMatcher(patternsOf(rules), { foldCase: false, trySingleDfa: false });
        const m = laidOutWith(matcher, denseEntries);
        if (m.entries == null) return;
        const first = m.parts[0]!;
        for (let p = 1; p < m.parts.length; p++) {
          const entry = m.entries[p];
          if (entry == null) continue;
          const later = m.parts[p]!;
          for (const value of values) {
            let t = first.laidOut.start;
            let s = later.laidOut.start;
            let passed = later.mode === MODE_REGISTER ? later.laidOut.accept[s]! : -1;
            for (let i = 0; ; i++) {
              if (entry[2 * t]! >= 0) {
                checked++;
                expect([value.slice(0, i), entry[2 * t], entry[2 * t + 1]]).toEqual([value.slice(0, i), s, passed]);
              }
              // The first part stops where its limit is below 0; it hands over nothing past that.
              if (i === value.length || first.laidOut.limit[t]! < 0) break;
              t = step(first.laidOut, t, value, i);
              s = step(later.laidOut, s, value, i);
              if (later.mode === MODE_REGISTER) passed = Math.max(passed, later.laidOut.accept[s]!);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(1000);
  });

  it("a state reached by texts the later part tells apart has no entry, and check() reads that part from the start", () => {
    // After "ab" and after "ax" the trie of `a?c *` is in one state; the infix part has matched `*ab*` only after "ab".
    const patterns = patternsOf(["*", "a?c *", "*ab*", "q r *"]);
    const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa: false });
    expect(matcher.parts.map((p) => p.mode)).toEqual([MODE_FINAL, MODE_REGISTER]);
    const entry = matcher.entries![1]!;
    const first = matcher.parts[0]!.laidOut;
    const stateAfter = (text: string): number => [...text].reduce((q, _, i) => step(first, q, text, i), first.start);
    expect(stateAfter("ab")).toBe(stateAfter("ax"));
    expect(entry[2 * stateAfter("ab")]).toBe(-1);
    expect(entry[2 * stateAfter("a")]).toBeGreaterThanOrEqual(0);
    for (const v of ["abc", "axc", "abc x", "axc ab", "ab", "q r ab", "q r x", "x ab"])
      expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(patterns, v)]);
  });
});

describe("check() with entry tables", () => {
  it("answers as every part read from the start and as the reference, on random mixed rule sets", () => {
    let handedOver = 0;
    fc.assert(
      fc.property(mixedCaseArb, denseArb, fc.constantFrom(1, 2, 6), ({ rules, values }, denseEntries, minRun) => {
        const patterns = patternsOf(rules);
        const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa: false });
        const m = laidOutWith(matcher, denseEntries, minRun);
        if (m.entries != null) handedOver++;
        for (const v of values) {
          const expected = referenceWinner(patterns, v);
          expect([v, runMatcher(m, v)]).toEqual([v, expected]);
          expect([v, runMatcher(fromTheStart(m), v)]).toEqual([v, expected]);
          expect([v, runMatcher(matcher, v)]).toEqual([v, expected]);
        }
      }),
      { numRuns: 400 },
    );
    expect(handedOver).toBeGreaterThan(200);
  });

  it("the bench's mixed set (bench/mixed.ts) at 600 rules: the reference's answer on its values and every prefix of them", () => {
    const bash = mixedPermission(600)["bash"] as Record<string, string>;
    const patterns = patternsOf(Object.keys(bash));
    const { matcher } = compileMatcher(patterns, { foldCase: false });
    // A trie of the anchored rules, then the infix rules' Aho–Corasick part, which starts where the trie stopped.
    expect(matcher.parts.map((p) => p.mode)).toEqual([MODE_FINAL, MODE_REGISTER]);
    expect(matcher.entries?.[1]).toBeInstanceOf(Int32Array);
    for (const value of mixedValues()) {
      for (let cut = 0; cut <= value.length; cut += 3) {
        const v = value.slice(0, cut);
        expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(patterns, v)]);
      }
    }
  });
});

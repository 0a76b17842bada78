/**
 * The check() layout of a matcher part (runtime/matcher-layout.ts) is the
 * same automaton: stepping it visits the stored automaton's states, its
 * fallbacks keep the 2n work bound, the reach stop never hides an accept,
 * and whole matchers laid out with (almost) no dense rows still give the
 * reference answer. Small automata fit the dense rows whole, so most cases
 * here shrink the dense budget to reach the sparse paths (chain links,
 * fallbacks, comb rows).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAhoCorasick } from "../../compiler/automata/aho-corasick.js";
import { finishGroup, toAutomaton } from "../../compiler/automata/build-automaton.js";
import { buildAlphabet } from "../../compiler/automata/alphabet.js";
import { compileMatcher, type PrioritizedPattern } from "../../compiler/automata/index.js";
import { parsePattern } from "../../compiler/automata/parse-pattern.js";
import type { Automaton } from "../../runtime/automaton.js";
import { MIN_RUN } from "../../runtime/literal-runs.js";
import { DENSE_ENTRIES, layOut, stepLaidOut, type LaidOutPart } from "../../runtime/matcher-layout.js";
import { MODE_FINAL, MODE_SEQUENCE, matcherOf, runMatcher, type Matcher } from "../../runtime/matcher.js";
import { matchCaseArb, PATTERN_CHARS, VALUE_CHARS } from "./arbitraries.js";
import { referenceWinner } from "./oracle.js";

const SHAPE_CHARS = [...PATTERN_CHARS, "*", "*", "a", "b"];

function storedStep(a: Automaton, q: number, value: string, i: number): number {
  const u = value.charCodeAt(i);
  const c = a.classBlocks[(a.classIndex[u >> 8]! << 8) | (u & 255)]!;
  const j = a.base[q]! + c;
  return a.check[j] === q ? a.next[j]! : a.defaults[q]!;
}

/** Steps both and checks they stay in the same state; returns the laid-out steps taken (fallbacks included). */
function walkBoth(a: Automaton, f: LaidOutPart, value: string): number {
  let s = a.start;
  let q = f.start;
  let steps = 0;
  expect(f.original[q]).toBe(s);
  for (let i = 0; i < value.length; i++) {
    s = storedStep(a, s, value, i);
    const u = value.charCodeAt(i);
    const c = f.classBlocks[(f.classIndex[u >> 8]! << 8) | (u & 255)]!;
    const before = q;
    // The same loop as stepLaidOut, counted.
    for (;;) {
      steps++;
      if (q < f.denseCount) {
        q = f.dense[(q << f.shift) | c]!;
        break;
      }
      const b = f.base[q]!;
      if (b < 0 ? c === ~b : f.check[b + c] === q) {
        q = b < 0 ? q + 1 : f.next[b + c]!;
        break;
      }
      const d = f.defaults[q]!;
      if (d >= 0) {
        q = d;
        break;
      }
      q = ~d;
    }
    expect(stepLaidOut(f, before, c)).toBe(q);
    expect(f.original[q]).toBe(s);
  }
  return steps;
}

/** The same parts laid out again, with entry tables for the new layouts (runtime/handoff.ts). */
function laidOutAgain(m: Matcher, denseEntries: number, minRun = MIN_RUN): Matcher {
  return matcherOf(
    m.payloads,
    m.parts.map((p) => ({ ...p, laidOut: layOut(p.automaton, p.limit, p.mode === MODE_FINAL, denseEntries, minRun) })),
  );
}

const denseArb = fc.constantFrom(0, 16, 64, 256, DENSE_ENTRIES);
/** Literal runs from one character (every chain link) to the default. */
const minRunArb = fc.constantFrom(1, 2, 3, MIN_RUN);

describe("the laid-out automaton is the stored one", () => {
  it("visits the same states on every value, within 2n steps", () => {
    fc.assert(
      fc.property(matchCaseArb(SHAPE_CHARS, VALUE_CHARS, 8), fc.boolean(), denseArb, (c, trySingleDfa, denseEntries) => {
        const patterns = c.patterns.map((pattern, i) => ({ pattern, payload: c.payloads[i]! }));
        const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa });
        for (const part of matcher.parts) {
          const f = layOut(part.automaton, part.limit, part.mode === MODE_FINAL, denseEntries);
          expect([...f.original].sort((x, y) => x - y)).toEqual(Array.from({ length: f.stateCount }, (_, q) => q));
          for (const v of c.values) {
            const long = v.repeat(6);
            expect(walkBoth(part.automaton, f, long)).toBeLessThanOrEqual(2 * long.length);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("an Aho–Corasick automaton keeps only its trie edges: deep states fall back (failure links) or are chain links", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[ab -]{1,12}$/), { minLength: 1, maxLength: 30 }),
        fc.array(fc.stringMatching(/^[ab x-]{0,40}$/), { maxLength: 8 }),
        (factors, values) => {
          const parsed = factors.map((f) => parsePattern(`*${f}`, null));
          const alphabet = buildAlphabet(parsed, null);
          const classes = parsed.map((p) => Int32Array.from(p.tokens.subarray(1), (t) => alphabet.classOfLiteral[t]!));
          const dfa = buildAhoCorasick(
            classes,
            factors.map((_, k) => k),
            alphabet.classCount,
          );
          const automaton = toAutomaton(finishGroup({ alphabet, dfa }, null));
          const limit = new Int32Array(automaton.stateCount).fill(factors.length);
          const f = layOut(automaton, limit, false, 0);
          // Comb slots: at most one per trie edge (the root's row is dense).
          const slots = f.check.reduce((n, q) => n + (q >= 0 ? 1 : 0), 0);
          expect(slots).toBeLessThanOrEqual(factors.reduce((n, x) => n + x.length, 0));
          for (const v of values) expect(walkBoth(automaton, f, v)).toBeLessThanOrEqual(2 * v.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("matchers laid out with few dense rows agree with the reference RegExp", () => {
  it.each([
    ["one DFA when it fits", true],
    ["always by shape", false],
  ])("%s", (_name, trySingleDfa) => {
    fc.assert(
      fc.property(matchCaseArb(SHAPE_CHARS, VALUE_CHARS, 8), denseArb, minRunArb, (c, denseEntries, minRun) => {
        const patterns: PrioritizedPattern[] = c.patterns.map((pattern, i) => ({ pattern, payload: c.payloads[i]! }));
        const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa });
        const sparse = laidOutAgain(matcher, denseEntries, minRun);
        for (const v of c.values) expect([v, runMatcher(sparse, v)]).toEqual([v, referenceWinner(patterns, v)]);
      }),
      { numRuns: 300 },
    );
  });

  it("long literals and infix words: values shorter than every factor, values that stop inside one, values that match", () => {
    const words = ["deeply/nested/", "kalo mine", "ab", "a b a b a b"];
    let sequences = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom("", "*", "cat ", "x * "),
            fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }),
            fc.constantFrom("", "*"),
            fc.constantFrom("", "*", " *"),
          ),
          { minLength: 1, maxLength: 10 },
        ),
        fc.array(fc.tuple(fc.array(fc.constantFrom(...words, "cat ", "x", " "), { maxLength: 8 }), fc.nat(20)), { minLength: 1, maxLength: 10 }),
        denseArb,
        minRunArb,
        (shapes, valueParts, denseEntries, minRun) => {
          const patterns: PrioritizedPattern[] = shapes.map(([head, body, join, tail], i) => ({ pattern: head + body.join(join) + tail, payload: i }));
          const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa: false });
          if (matcher.parts.some((p) => p.mode === MODE_SEQUENCE)) sequences++;
          const sparse = laidOutAgain(matcher, denseEntries, minRun);
          for (const [parts, cut] of valueParts) {
            const whole = parts.join("");
            for (const v of [whole, whole.slice(0, Math.max(0, whole.length - cut))]) {
              expect([v, runMatcher(sparse, v)]).toEqual([v, referenceWinner(patterns, v)]);
              expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(patterns, v)]);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
    // Sequence parts (`*A*B*`) take the same layout: most runs must have one.
    expect(sequences).toBeGreaterThan(100);
  });
});

describe("literal runs (runtime/literal-runs.ts)", () => {
  /** Steps from q through `text` as the loops do without runs; the states arrived at. */
  function arrivals(f: LaidOutPart, q: number, text: string): number[] {
    const states: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const u = text.charCodeAt(i);
      q = stepLaidOut(f, q, f.classBlocks[(f.classIndex[u >> 8]! << 8) | (u & 255)]!);
      states.push(q);
    }
    return states;
  }

  it("a run's text steps from its first state to the state after it, recording nothing on the way outside final mode", () => {
    let runs = 0;
    fc.assert(
      fc.property(matchCaseArb(SHAPE_CHARS, VALUE_CHARS, 8), fc.boolean(), denseArb, (c, trySingleDfa, denseEntries) => {
        const patterns = c.patterns.map((pattern, i) => ({ pattern, payload: c.payloads[i]! }));
        const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa });
        for (const part of matcher.parts) {
          const finalMode = part.mode === MODE_FINAL;
          const f = layOut(part.automaton, part.limit, finalMode, denseEntries, 1);
          for (let q = 0; q < f.stateCount; q++) {
            const run = f.runId[q]!;
            if (run < 0) continue;
            runs++;
            const text = f.runs[run]!;
            const states = arrivals(f, q, text);
            expect(states).toEqual(Array.from({ length: text.length }, (_, k) => q + k + 1));
            if (!finalMode) for (const s of states.slice(0, -1)) expect(f.accept[s]).toBeLessThan(0);
            // Each unit is its class's only one, so no other text is read the same way.
            for (let k = 0; k < text.length; k++) {
              const u = text.charCodeAt(k);
              const c = f.classBlocks[(f.classIndex[u >> 8]! << 8) | (u & 255)]!;
              const v = u ^ 1;
              expect(f.classBlocks[(f.classIndex[v >> 8]! << 8) | (v & 255)]).not.toBe(c);
            }
          }
        }
      }),
      { numRuns: 200 },
    );
    expect(runs).toBeGreaterThan(100);
  });

  it.each([
    ["as written", false],
    ["case folded (win32 paths: a class holds both cases, so no run)", true],
  ])("long literals %s: values that leave a run anywhere get the reference answer", (_, foldCase) => {
    const literal = "/srv/projects/app/deeply/nested/deeply/nested/config";
    const patterns: PrioritizedPattern[] = [
      { pattern: `cat ${literal}.conf`, payload: 0 },
      { pattern: `*${literal}.yaml*`, payload: 1 },
      { pattern: `cat ${literal}*`, payload: 2 },
      { pattern: "cat /srv/*", payload: 3 },
      { pattern: `*${literal.slice(0, 20)}x*`, payload: 4 },
    ];
    const { matcher } = compileMatcher(patterns, { foldCase, trySingleDfa: false });
    const sparse = laidOutAgain(matcher, 0);
    // Folded, a letter's class holds two units; the runs are the letterless stretches (`/`), all shorter than 20.
    expect(sparse.parts.some((p) => p.laidOut.runs.some((r) => r.length >= 20))).toBe(!foldCase);
    const whole = [`cat ${literal}.conf`, `x ${literal}.yaml y`, `cat ${literal}.yam`, `${literal.slice(0, 20)}x`, `CAT ${literal.toUpperCase()}.CONF`];
    for (const v of whole) {
      for (let cut = 0; cut <= v.length; cut++) {
        for (const value of [v.slice(0, cut), v.slice(0, cut) + "#" + v.slice(cut + 1), v.slice(0, cut) + v.charAt(cut).toUpperCase() + v.slice(cut + 1)]) {
          expect([value, runMatcher(sparse, value)]).toEqual([value, referenceWinner(patterns, value, foldCase)]);
        }
      }
    }
  });
});

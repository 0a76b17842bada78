/**
 * Value matchers (runtime/matcher.ts, compiler/automata/build-matcher.ts):
 * the parts combined by priority give exactly the reference answer, whether
 * the set fits one DFA or is kept apart by shape; the Aho–Corasick part equals
 * the subset construction it replaces; stop limits are exactly the highest
 * reachable accept; the tables survive serialization and reject corruption.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAhoCorasick } from "../../compiler/automata/aho-corasick.js";
import { buildAlphabet, classOfUnits } from "../../compiler/automata/alphabet.js";
import { determinizeGroup, finishGroup } from "../../compiler/automata/build-automaton.js";
import { DEFAULT_SET_ENTRIES, DEFAULT_WORK } from "../../compiler/automata/determinize.js";
import { compileMatcher, serializeMatcher, type PrioritizedPattern } from "../../compiler/automata/index.js";
import { reachableBound } from "../../compiler/automata/limit.js";
import { parsePattern } from "../../compiler/automata/parse-pattern.js";
import { transition, type SparseDfa } from "../../compiler/automata/sparse-dfa.js";
import { decodeMatcher, MODE_FINAL, MODE_REGISTER, runMatcher, SETTLED, type Matcher } from "../../runtime/matcher.js";
import { FOLD_CHARS, matchCaseArb, PATTERN_CHARS, VALUE_CHARS, type MatchCase } from "./arbitraries.js";
import { runSparse } from "./helpers.js";
import { referenceWinner } from "./oracle.js";

function prioritized(c: MatchCase): PrioritizedPattern[] {
  return c.patterns.map((pattern, i) => ({ pattern, payload: c.payloads[i]! }));
}

/** More stars than the plain alphabet: infix, suffix and many-star shapes side by side. */
const SHAPE_CHARS = [...PATTERN_CHARS, "*", "*", "a", "b"];

describe("matchers agree with the reference RegExp (last match wins)", () => {
  it.each([
    ["one DFA when it fits", true, false],
    ["always by shape", false, false],
    ["always by shape, folding case", false, true],
    ["one DFA when it fits, folding case", true, true],
  ])("%s", (_name, trySingleDfa, foldCase) => {
    const chars = foldCase ? [...SHAPE_CHARS, ...FOLD_CHARS] : SHAPE_CHARS;
    fc.assert(
      fc.property(matchCaseArb(chars, foldCase ? [...VALUE_CHARS, ...FOLD_CHARS] : VALUE_CHARS, 8), (c) => {
        const patterns = prioritized(c);
        const { matcher, problems } = compileMatcher(patterns, { foldCase, trySingleDfa });
        expect(problems).toEqual([]);
        for (const v of c.values) expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(patterns, v, foldCase)]);
      }),
      { numRuns: 300 },
    );
  });

  it("under a tiny state budget, minus the patterns reported as too large", () => {
    fc.assert(
      fc.property(matchCaseArb(SHAPE_CHARS, VALUE_CHARS, 10), fc.integer({ min: 2, max: 12 }), fc.boolean(), (c, maxStates, trySingleDfa) => {
        const patterns = prioritized(c);
        const { matcher, problems } = compileMatcher(patterns, { foldCase: false, maxStates, trySingleDfa });
        const excluded = new Set(problems.flatMap((p) => (p.kind === "too-many-states" ? [p.index] : [])));
        const kept = patterns.filter((_, i) => !excluded.has(i));
        for (const v of c.values) expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(kept, v)]);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps prefix rules and infix rules apart when one DFA would multiply them", () => {
    const patterns: PrioritizedPattern[] = [{ pattern: "*", payload: 0 }];
    for (let i = 1; i < 400; i++) patterns.push({ pattern: i % 4 === 0 ? `*w${i} x${i % 7}*` : `cmd${i} sub${i % 13} *`, payload: i });
    const { matcher, problems } = compileMatcher(patterns, { foldCase: false });
    expect(problems).toEqual([]);
    expect(matcher.parts.map((p) => p.mode)).toEqual([MODE_FINAL, MODE_REGISTER]);
    for (const v of ["cmd5 sub5 y", "cmd5 sub5 w8 x1 z", "w396 x4", "zzz w396 x4 w12 x5", "cmd12 sub12", "none"]) {
      expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(patterns, v)]);
    }
  });

  it("a pattern with one piece too large for the budget is left out whole", () => {
    // `*a???…?? *` is the union of `*a??…?` (too large) and `*a??…? *`: neither may stay alone.
    const blowup = `*a${"?".repeat(20)} *`;
    const patterns = [
      { pattern: "git *", payload: 0 },
      { pattern: blowup, payload: 1 },
      { pattern: "*rm*", payload: 2 },
    ];
    const { matcher, problems } = compileMatcher(patterns, { foldCase: false });
    expect(problems).toEqual([{ kind: "too-many-states", index: 1, limit: 50_000 }]);
    expect([runMatcher(matcher, "git x"), runMatcher(matcher, "a rm b"), runMatcher(matcher, `a${"b".repeat(20)} x`)]).toEqual([0, 2, -1]);
  });

  it("is deterministic: two compiles serialize to identical text", () => {
    const many = Array.from({ length: 600 }, (_, i) => ({
      pattern: i % 5 === 0 ? `*--flag${i % 41}*` : i % 7 === 0 ? `*.e${i}` : `tool${i % 37} sub${i} *`,
      payload: i,
    }));
    const once = JSON.stringify(serializeMatcher(compileMatcher(many, { foldCase: false }).matcher));
    expect(JSON.stringify(serializeMatcher(compileMatcher(many, { foldCase: false }).matcher))).toBe(once);
  });
});

describe("Aho–Corasick part", () => {
  const factorArb = fc.array(fc.string({ unit: fc.constantFrom("a", "b", "c", "é", "\uD83D"), minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 });

  it("gives the same accept as the subset construction of `*F` patterns on every value", () => {
    fc.assert(
      fc.property(
        factorArb,
        fc.array(fc.string({ unit: fc.constantFrom("a", "b", "c", "é", "\uD83D", "x"), maxLength: 12 }), { maxLength: 10 }),
        (factors, values) => {
          const parsed = factors.map((f) => parsePattern(`*${f}`, null));
          const ranks = factors.map((_, i) => i);
          const alphabet = buildAlphabet(parsed, null);
          const ac = buildAhoCorasick(
            parsed.map((p) => Int32Array.from(p.tokens.subarray(1), (t) => alphabet.classOfLiteral[t]!)),
            ranks,
            alphabet.classCount,
          );
          const subset = determinizeGroup(parsed, ranks, null, { maxStates: 100_000, maxSetEntries: DEFAULT_SET_ENTRIES, maxWork: DEFAULT_WORK })!;
          const classes = classOfUnits(alphabet, null);
          const subsetClasses = classOfUnits(subset.alphabet, null);
          for (const v of values) {
            for (let end = 0; end <= v.length; end++) {
              const prefix = v.slice(0, end);
              expect([prefix, runSparse(ac, (u) => classes[u]!, prefix)]).toEqual([prefix, runSparse(subset.dfa, (u) => subsetClasses[u]!, prefix)]);
            }
          }
          // Sorted rows without the default, as every SparseDfa producer keeps them.
          for (let q = 0; q < ac.stateCount; q++) {
            for (let e = ac.rowStart[q]!; e < ac.rowStart[q + 1]!; e++) {
              expect(ac.excTarget[e]).not.toBe(ac.defaults[q]);
              if (e > ac.rowStart[q]!) expect(ac.excClass[e]!).toBeGreaterThan(ac.excClass[e - 1]!);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("has about as many states as the factors have characters", () => {
    const factors = Array.from({ length: 500 }, (_, i) => `--option-number-${i}`);
    const { matcher } = compileMatcher(
      factors.map((f, i) => ({ pattern: `*${f}*`, payload: i })),
      { foldCase: false },
    );
    expect(matcher.parts).toHaveLength(1);
    expect(matcher.parts[0]!.automaton.stateCount).toBeLessThan(factors.join("").length);
  });
});

describe("stop limits", () => {
  function reachableMax(d: SparseDfa, q: number): number {
    const seen = new Set([q]);
    const stack = [q];
    let best = d.accept[q]!;
    while (stack.length > 0) {
      const s = stack.pop()!;
      best = Math.max(best, d.accept[s]!);
      for (let c = 0; c < d.classCount; c++) {
        const t = transition(d, s, c);
        if (!seen.has(t)) {
          seen.add(t);
          stack.push(t);
        }
      }
    }
    return best;
  }

  it("bound[q] is the highest accept reachable from q", () => {
    fc.assert(
      fc.property(matchCaseArb(SHAPE_CHARS, VALUE_CHARS, 8), (c) => {
        const raw = determinizeGroup(
          c.patterns.map((p) => parsePattern(p, null)),
          c.patterns.map((_, i) => i),
          null,
          { maxStates: 100_000, maxSetEntries: DEFAULT_SET_ENTRIES, maxWork: DEFAULT_WORK },
        )!;
        const { dfa } = finishGroup(raw, null);
        const bound = reachableBound(dfa);
        for (let q = 0; q < dfa.stateCount; q++) expect(bound[q]).toBe(reachableMax(dfa, q));
      }),
      { numRuns: 150 },
    );
  });

  it("final-mode parts mark settled states, register-mode parts never do", () => {
    const { matcher } = compileMatcher(
      ["*", "git *", "*--force*"].map((pattern, payload) => ({ pattern, payload })),
      { foldCase: false, trySingleDfa: false },
    );
    const [anchored, register] = matcher.parts;
    expect(anchored!.limit[0]).toBe(SETTLED);
    expect([...anchored!.limit].includes(SETTLED)).toBe(true);
    expect([...register!.limit].includes(SETTLED)).toBe(false);
    expect(register!.limit[0]).toBe(-1);
  });
});

describe("matcher tables", () => {
  const patterns = ["*", "git *", "git push *", "*--force*", "*.env", "rm -rf *", "a*b*c", "x*--y*", "é?*"].map((pattern, payload) => ({ pattern, payload }));
  const values = ["", "git", "git push --force", "x.env", "rm -rf /", "a1b2c", "x --y", "éé", "other"];
  const compiled = (): Matcher => compileMatcher(patterns, { foldCase: false, trySingleDfa: false }).matcher;
  const roundTrip = (m: Matcher): Matcher | { error: string } => decodeMatcher(JSON.parse(JSON.stringify(serializeMatcher(m))), patterns.length);

  it("survive a JSON round trip with the same answers", () => {
    const m = compiled();
    expect(m.parts.length).toBeGreaterThan(2);
    const back = roundTrip(m);
    if ("error" in back) throw new Error(back.error);
    for (const v of values) expect([v, runMatcher(back, v)]).toEqual([v, runMatcher(m, v)]);
  });

  type Edit = (s: Record<string, any>) => void;
  const i32 = (values: number[]) => ({ type: "i32", length: values.length, base64: Buffer.from(Int32Array.from(values).buffer).toString("base64") });
  const readI32 = (a: { base64: string }) => [...new Int32Array(new Uint8Array(Buffer.from(a.base64, "base64")).buffer)];

  it.each<[string, string, Edit]>([
    ["payloads missing", "payloads must be an object", (s) => delete s.payloads],
    ["payloads not i32", "payloads.type must be i32", (s) => (s.payloads.type = "u32")],
    ["a payload past the rules", "payloads[0] is out of range", (s) => (s.payloads = i32([patterns.length, ...readI32(s.payloads).slice(1)]))],
    ["a negative payload", "payloads[1] is out of range", (s) => (s.payloads = i32([0, -1, ...readI32(s.payloads).slice(2)]))],
    ["parts not an array", "parts must be an array", (s) => (s.parts = {})],
    ["an unknown mode", "parts[0]: mode must be", (s) => (s.parts[0].mode = "fast")],
    ["a corrupt automaton", "parts[1]: automaton: stateCount", (s) => (s.parts[1].automaton.stateCount = -1)],
    ["limit shorter than the states", "parts[0]: limit must have stateCount entries", (s) => (s.parts[0].limit = i32(readI32(s.parts[0].limit).slice(1)))],
    [
      "a limit past the ranks",
      "limit[1] is out of range",
      (s) => (s.parts[0].limit = i32(readI32(s.parts[0].limit).map((v, q) => (q === 1 ? patterns.length : v)))),
    ],
    ["a limit below settled", "limit[1] is out of range", (s) => (s.parts[0].limit = i32(readI32(s.parts[0].limit).map((v, q) => (q === 1 ? -3 : v))))],
    [
      "a dead state that does not stop",
      "limit[0] must stop the dead state",
      (s) => (s.parts[0].limit = i32(readI32(s.parts[0].limit).map((v, q) => (q === 0 ? 0 : v)))),
    ],
  ])("rejects %s", (_name, message, edit) => {
    const s = JSON.parse(JSON.stringify(serializeMatcher(compiled())));
    edit(s);
    expect(decodeMatcher(s, patterns.length)).toEqual({ error: expect.stringContaining(message) });
  });

  it("rejects an accept that is not a rank of this matcher", () => {
    const s = JSON.parse(JSON.stringify(serializeMatcher(compiled())));
    s.payloads = i32(readI32(s.payloads).slice(0, 1));
    expect(decodeMatcher(s, patterns.length)).toEqual({ error: expect.stringMatching(/accept\[\d+\] is not a rank|limit\[\d+\] is out of range/) });
  });

  it("returns an error for hostile objects, never throws", () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error("boom");
        },
      },
    );
    expect(decodeMatcher(hostile, 3)).toEqual({ error: "matcher could not be read" });
    expect(decodeMatcher(null, 3)).toEqual({ error: "matcher must be an object" });
  });
});

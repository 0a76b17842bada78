/**
 * Sequence parts (runtime/sequence.ts, compiler/automata/sequence.ts):
 * sticky patterns of several literal factors (`*A*B*`, `P*A*B*`) decided by
 * greedy factor progress. Their answers equal the reference RegExp's, with
 * or without the single-DFA attempt, under state budgets that split the
 * other shapes, and when the hit cap hands patterns back to the DFA parts;
 * exploration stays sound; the tables survive serialization and the decoder
 * rejects every corrupted table without throwing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acceptedPayloads, compileMatcher, serializeMatcher, singleAutomaton, type PrioritizedPattern } from "../../compiler/automata/index.js";
import { HIT_CAP } from "../../compiler/automata/sequence.js";
import { exploreMatcher, type Segment } from "../../runtime/explore.js";
import { decodeMatcher, MODE_SEQUENCE, runMatcher, type Matcher } from "../../runtime/matcher.js";
import { MAX_HITS } from "../../runtime/sequence.js";
import { FOLD_CHARS, patternArb, PATTERN_CHARS } from "./arbitraries.js";
import { referenceMatch, referenceWinner } from "./oracle.js";

const UNITS = ["a", "b", " ", "é", "\uD83D"];
const factorArb = (units: readonly string[]) => fc.string({ unit: fc.constantFrom(...units), minLength: 1, maxLength: 3 });

/** `*F1*F2…*` or `P*F1*F2…*`, sometimes with the optional `" *"` tail instead of the final star. */
function sequencePatternArb(units: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.option(factorArb(units), { nil: undefined }), fc.array(factorArb(units), { minLength: 2, maxLength: 4 }), fc.boolean())
    .map(([prefix, factors, tail]) => `${prefix ?? ""}*${factors.join("*")}${tail ? " *" : "*"}`);
}

/** A value built from a pattern: each star becomes a filler, so many values match. */
function valueFrom(pattern: string, fillers: readonly string[]): string {
  let k = 0;
  return pattern.replace(/\*/g, () => fillers[k++ % fillers.length] ?? "");
}

interface Case {
  readonly patterns: PrioritizedPattern[];
  readonly values: string[];
}

function caseArb(units: readonly string[], others: readonly string[]): fc.Arbitrary<Case> {
  return fc
    .array(fc.oneof({ arbitrary: sequencePatternArb(units), weight: 3 }, { arbitrary: patternArb(others), weight: 1 }), { minLength: 1, maxLength: 8 })
    .chain((patterns) =>
      fc.record({
        patterns: fc.constant(patterns.map((pattern, payload) => ({ pattern, payload }))),
        values: fc.array(
          fc.oneof(
            fc.string({ unit: fc.constantFrom(...units, "x"), maxLength: 12 }),
            fc
              .tuple(fc.nat(patterns.length - 1), fc.array(fc.string({ unit: fc.constantFrom(...units, "x"), maxLength: 3 }), { minLength: 1, maxLength: 3 }))
              .map(([k, fillers]) => valueFrom(patterns[k]!, fillers)),
          ),
          { minLength: 1, maxLength: 10 },
        ),
      }),
    );
}

const hasSequencePart = (m: Matcher): boolean => m.parts.some((p) => p.mode === MODE_SEQUENCE);

describe("sequence parts agree with the reference RegExp", () => {
  it.each([
    ["by shape", false, false],
    ["by shape, folding case", false, true],
    ["one DFA when it fits", true, false],
  ])("%s", (_name, trySingleDfa, foldCase) => {
    const units = foldCase ? [...UNITS, "A", "\u017F", "s", "K", "\u212A"] : UNITS;
    let sequences = 0;
    fc.assert(
      fc.property(caseArb(units, foldCase ? [...PATTERN_CHARS, ...FOLD_CHARS] : PATTERN_CHARS), (c) => {
        const { matcher, problems } = compileMatcher(c.patterns, { foldCase, trySingleDfa });
        expect(problems).toEqual([]);
        if (hasSequencePart(matcher)) sequences++;
        for (const v of c.values) expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(c.patterns, v, foldCase)]);
      }),
      { numRuns: 300 },
    );
    // The property is about sequence parts: most cases must have one when shapes stay apart.
    if (!trySingleDfa) expect(sequences).toBeGreaterThan(150);
  });

  it("under state budgets that split the other shapes, minus the patterns reported as too large", () => {
    fc.assert(
      fc.property(caseArb(UNITS, PATTERN_CHARS), fc.integer({ min: 2, max: 12 }), fc.boolean(), (c, maxStates, trySingleDfa) => {
        const { matcher, problems } = compileMatcher(c.patterns, { foldCase: false, maxStates, trySingleDfa });
        const excluded = new Set(problems.flatMap((p) => (p.kind === "too-many-states" ? [p.index] : [])));
        const kept = c.patterns.filter((_, i) => !excluded.has(i));
        for (const v of c.values) expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(kept, v)]);
      }),
      { numRuns: 300 },
    );
  });

  it("hands patterns past the hit cap back to the DFA parts, exactly", () => {
    // Every pattern shares the factor `x`: one list would hold them all.
    const patterns: PrioritizedPattern[] = [{ pattern: "*", payload: 0 }];
    for (let i = 1; i <= 3 * HIT_CAP; i++) patterns.push({ pattern: `*x*y${i}z*`, payload: i });
    const { matcher, problems } = compileMatcher(patterns, { foldCase: false, trySingleDfa: false });
    expect(problems).toEqual([]);
    const seq = matcher.parts.find((p) => p.mode === MODE_SEQUENCE)!;
    expect(seq.sequence!.patternRank.length).toBe(HIT_CAP);
    // The highest-ranked patterns stay in the sequence part.
    expect(Math.min(...seq.sequence!.patternRank)).toBe(3 * HIT_CAP - HIT_CAP + 1);
    expect(matcher.parts.length).toBeGreaterThan(2);
    for (const v of ["x y1z", "y3z x", "a x b y17z c", `x y${3 * HIT_CAP}z`, "x y2z y40z", "xy5z"]) {
      expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(patterns, v)]);
    }
  });

  it("a prefix shared by hundreds of patterns costs one register, not hundreds of hit-list steps", () => {
    const patterns: PrioritizedPattern[] = [{ pattern: "*", payload: 0 }];
    for (let i = 1; i <= 300; i++) patterns.push({ pattern: `git * --a${i}- * --b${i}-*`, payload: i });
    const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa: false });
    const seq = matcher.parts.find((p) => p.mode === MODE_SEQUENCE)!.sequence!;
    expect(seq.patternRank.length).toBe(300);
    expect(seq.prefixLength.length).toBe(1);
    for (let l = 0; l + 1 < seq.listStart.length; l++) expect(seq.listStart[l + 1]! - seq.listStart[l]!).toBeLessThanOrEqual(HIT_CAP);
    for (const v of ["git x --a7- y --b7- z", "git --a7- --b7-", "git x --b7- --a7-", "xgit --a7- --b7-", "git  --a299- --b299-"]) {
      expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(patterns, v)]);
    }
  });

  it("stays exact when the call counter wraps", () => {
    const patterns = ["*", "*a*b*", "p*a*b*"].map((pattern, payload) => ({ pattern, payload }));
    const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa: false });
    const seq = matcher.parts.find((p) => p.mode === MODE_SEQUENCE)!.sequence!;
    expect(runMatcher(matcher, "pab")).toBe(2);
    seq.call[0] = 0x3fff_fffe;
    for (const v of ["pab", "ab", "pba", "xab", "pab"]) expect([v, runMatcher(matcher, v)]).toEqual([v, referenceWinner(patterns, v)]);
  });
});

describe("sequence parts in the analyses", () => {
  const patterns = ["*", "git *", "*a*b*", "git * --x * --y*"].map((pattern, payload) => ({ pattern, payload }));

  it("are not a single DFA (lints and diff fall back) and every pattern counts as a possible winner", () => {
    const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa: false });
    expect(hasSequencePart(matcher)).toBe(true);
    expect(singleAutomaton(matcher)).toBeNull();
    expect([...acceptedPayloads(matcher)].sort()).toEqual([0, 1, 2, 3]);
  });

  it("explore reports every instantiation's winner", () => {
    const t = (text: string): Segment => ({ kind: "text", text });
    const any: Segment = { kind: "any" };
    const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa: false });
    const fillers = ["", "a", "b", " --x ", " --y", "git ", "ab"];
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom("git ", "a", "b", " --x", " --y", "x").map(t), fc.constant(any)), { maxLength: 5 }), (segments) => {
        const r = exploreMatcher(matcher, segments);
        expect(r.complete).toBe(true);
        let values = [""];
        for (const s of segments) values = values.flatMap((v) => (s.kind === "text" ? [v + s.text] : fillers.map((f) => v + f))).slice(0, 3000);
        for (const v of values) {
          const w = referenceWinner(patterns, v);
          expect([v, r.winners.includes(w) || (w === -1 && r.unmatched)]).toEqual([v, true]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("explore is exact for known text", () => {
    const { matcher } = compileMatcher(patterns, { foldCase: false, trySingleDfa: false });
    for (const v of ["git q --x r --y", "ab", "git ab", "zz"]) {
      const r = exploreMatcher(matcher, [{ kind: "text", text: v }]);
      expect([v, r.winners]).toEqual([v, [referenceWinner(patterns, v)]]);
      expect(referenceMatch(patterns[3]!.pattern, "git q --x r --y")).toBe(true);
    }
  });
});

describe("sequence tables", () => {
  const patterns = ["*", "*a*b*", "p*a*bb*", "*é*\uD83D*"].map((pattern, payload) => ({ pattern, payload }));
  const compiled = (): Matcher => compileMatcher(patterns, { foldCase: false, trySingleDfa: false }).matcher;
  const serialized = (): Record<string, any> => JSON.parse(JSON.stringify(serializeMatcher(compiled())));
  const seqIndex = (s: Record<string, any>): number => s.parts.findIndex((p: { mode: string }) => p.mode === "sequence");
  const i32 = (values: number[]) => ({ type: "i32", length: values.length, base64: Buffer.from(Int32Array.from(values).buffer).toString("base64") });
  const readI32 = (a: { base64: string }) => [...new Int32Array(new Uint8Array(Buffer.from(a.base64, "base64")).buffer)];

  it("survive a JSON round trip with the same answers", () => {
    const m = compiled();
    const back = decodeMatcher(serialized(), patterns.length);
    if ("error" in back) throw new Error(back.error);
    for (const v of ["", "ab", "pab", "pabb", "xaxbb", "é\uD83D", "\uD83Dé", "ba"]) expect([v, runMatcher(back, v)]).toEqual([v, runMatcher(m, v)]);
  });

  type Edit = (seq: Record<string, any>, part: Record<string, any>) => void;
  const set =
    (name: string, f: (v: number[]) => number[]): Edit =>
    (seq) =>
      (seq[name] = i32(f(readI32(seq[name]))));
  it.each<[string, string, Edit]>([
    ["no sequence tables", "sequence must be an object", (_seq, part) => delete part.sequence],
    ["a table of the wrong type", "listStep.type must be i32", (seq) => (seq.listStep.type = "u8")],
    ["listStart not reaching the end", "listStart must run from 0", set("listStart", (v) => v.slice(0, -1))],
    [
      "a hit list past MAX_HITS",
      `must hold 0 to ${MAX_HITS} steps`,
      (seq) => {
        seq.listStep = i32([...readI32(seq.listStep), ...Array.from({ length: MAX_HITS + 1 }, () => 0)]);
        seq.listStart = i32([...readI32(seq.listStart).slice(0, -1), readI32(seq.listStart).at(-1)! + MAX_HITS + 1]);
      },
    ],
    ["a step index out of range", "is not a step", set("listStep", (v) => v.map((x, i) => (i === 0 ? 1000 : x)))],
    ["a list prefix out of range", "is not a prefix", set("listPrefix", (v) => v.map((x, i) => (i === 0 ? 99 : x)))],
    ["a pattern rank past the ranks", "is not a rank", set("patternRank", (v) => v.map((x, i) => (i === 0 ? patterns.length : x)))],
    ["a pattern prefix out of range", "is not a prefix", set("patternPrefix", (v) => v.map((x, i) => (i === 0 ? 7 : x)))],
    ["a pattern without steps", "must have at least one step", set("patternFirstStep", (v) => v.map((x, i) => (i === 1 ? v[0]! : x)))],
    ["a step past the factor classes", "names no factor", set("stepLength", (v) => v.map((x, i) => (i === 0 ? 10_000 : x)))],
    ["an empty factor", "names no factor", set("stepLength", (v) => v.map((x, i) => (i === 0 ? 0 : x)))],
    ["a factor class that is no class", "names no factor", set("factorClasses", (v) => v.map((x, i) => (i === 0 ? 1 << 20 : x)))],
    ["a prefix past the factor classes", "names no factor", set("prefixFactor", (v) => v.map(() => 10_000))],
    [
      "an accept that is no hit list",
      "is not a hit list",
      (_seq, part) => {
        part.automaton.accept = i32(readI32(part.automaton.accept).map((x, q) => (q === 1 ? 10_000 : x)));
      },
    ],
  ])("rejects %s", (_name, message, edit) => {
    const s = serialized();
    const part = s.parts[seqIndex(s)];
    edit(part.sequence ?? {}, part);
    expect(decodeMatcher(s, patterns.length)).toEqual({ error: expect.stringContaining(message) });
  });

  it("rejects sequence tables on a part of another mode", () => {
    const s = serialized();
    s.parts[0].sequence = s.parts[seqIndex(s)].sequence;
    expect(decodeMatcher(s, patterns.length)).toEqual({ error: expect.stringContaining("only a sequence part has sequence tables") });
  });

  it("returns an error for hostile sequence objects, never throws", () => {
    const s = serialized();
    s.parts[seqIndex(s)].sequence = new Proxy(
      {},
      {
        get: () => {
          throw new Error("boom");
        },
      },
    );
    expect(decodeMatcher(s, patterns.length)).toEqual({ error: "matcher could not be read" });
  });
});

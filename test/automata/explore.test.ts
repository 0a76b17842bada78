/**
 * Exploring partly known values (runtime/explore.ts): every winner of every
 * instantiation is reported (soundness, by fast-check against the regex
 * oracle), and the table cases pin exactness where the answer is known.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileAutomata, compileMatcher } from "../../compiler/automata/index.js";
import { ANY_CHAR, classesOf, exploreGroups, exploreMatcher, NOT_SLASH, type CharSet, type Segment } from "../../runtime/explore.js";
import { PATTERN_CHARS, patternArb } from "./arbitraries.js";
import { referenceWinner } from "./oracle.js";

const compiled = (patterns: readonly string[], maxStates?: number) =>
  compileAutomata(
    patterns.map((pattern, payload) => ({ pattern, payload })),
    { foldCase: false, ...(maxStates !== undefined ? { maxStates } : {}) },
  );
const groupsOf = (patterns: readonly string[], maxStates?: number) => compiled(patterns, maxStates).groups;

const t = (text: string): Segment => ({ kind: "text", text });
const any: Segment = { kind: "any" };
const one = (set: CharSet): Segment => ({ kind: "one", set });
const many = (set: CharSet): Segment => ({ kind: "many", set });
const only = (chars: string): CharSet => ({ negated: false, ranges: [...chars].map((c) => [c.charCodeAt(0), c.charCodeAt(0)] as const) });

function winnersOf(patterns: readonly string[], segments: readonly Segment[]) {
  return exploreGroups(groupsOf(patterns), segments);
}

describe("classesOf", () => {
  /** The definition: the class of every code unit in the set, read one unit at a time. */
  function byEveryUnit(a: ReturnType<typeof groupsOf>[number], set: CharSet): number[] {
    const marked = new Set<number>();
    for (let u = 0; u <= 0xffff; u++) {
      const inside = set.ranges.some(([lo, hi]) => u >= lo && u <= hi) !== set.negated;
      if (inside) marked.add(a.classBlocks[(a.classIndex[u >> 8]! << 8) | (u & 255)]!);
    }
    return [...marked].sort((x, y) => x - y);
  }
  /** Range edges near block edges and near the pattern characters' own units. */
  const unit = fc.oneof(
    fc.integer({ min: 0, max: 0xffff }),
    fc.constantFrom(0, 1, 0x2f, 0x30, 0x61, 0x62, 0xe9, 0xfe, 0xff, 0x100, 0x101, 0x1fe, 0x1ff, 0x200, 0xd83d, 0xde00, 0xfeff, 0xffff),
  );
  const charSet: fc.Arbitrary<CharSet> = fc.record({
    negated: fc.boolean(),
    ranges: fc.array(
      fc.tuple(unit, unit).map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as const),
      { maxLength: 4 },
    ),
  });

  it("marks exactly the classes of the set's code units, block by block", () => {
    fc.assert(
      // Letters at the first and last unit of a block, so a block's edge units have classes of their own.
      fc.property(fc.array(patternArb([...PATTERN_CHARS, "\u00ff", "\u0100", "\u01ff", "/"]), { minLength: 1, maxLength: 5 }), charSet, (patterns, set) => {
        for (const a of groupsOf(patterns)) expect(classesOf(a, set)).toEqual(byEveryUnit(a, set));
      }),
      { numRuns: 300 },
    );
  });
});

describe("exploreGroups", () => {
  const TABLE: [string, string[], Segment[], number[], boolean][] = [
    ["known text is an ordinary match", ["*", "rm *"], [t("rm x")], [1], false],
    ["a hole after a prefix reaches every rule that prefix allows", ["*", "rm *", "git push *"], [t("git "), any, t(" origin")], [0, 2], false],
    ["a hole in the name reaches everything", ["*", "rm *", "curl *"], [any, t(" x")], [0, 1, 2], false],
    ["a hole that cannot reach a rule does not report it", ["*", "rm *"], [t("echo "), any], [0], false],
    ["no default rule: some values match nothing", ["rm *"], [any], [0], true],
    ["glob ? does not cross a slash", ["*", "/etc/*"], [t("/et"), one(NOT_SLASH), t("/passwd")], [0, 1], false],
    ["glob * is a run without slashes", ["*", "*/.ssh/*"], [t("/home/u/"), many(NOT_SLASH), t("/id_rsa")], [0, 1], false],
    ["a bracket set reaches only its letters", ["*", "/etc/*"], [t("/"), one(only("ab")), t("tc/passwd")], [0], false],
    ["a bracket set that holds the letter reaches the rule", ["*", "/etc/*"], [t("/"), one(only("ae")), t("tc/passwd")], [0, 1], false],
    ["one of any character", ["*", "?"], [one(ANY_CHAR)], [1], false],
  ];
  it.each(TABLE)("%s", (_name, patterns, segments, winners, unmatched) => {
    const r = winnersOf(patterns, segments);
    expect(r.complete).toBe(true);
    expect(r.winners).toEqual(winners);
    expect(r.unmatched).toBe(unmatched);
  });

  it("gives up, incomplete, when the budget runs out", () => {
    const r = exploreGroups(groupsOf(["*", "a*b*c*d", "x*y*z"]), [any, t("q"), any], 3);
    expect(r.complete).toBe(false);
  });

  // A leading "any" from the start is computed once per automaton and charged as computing it is. The reference is
  // the same walk behind an empty text segment, which steps nowhere and charges nothing, so its "any" is computed
  // every time: at every budget around the one the exploration needs, both give the same answer.
  it("answers at every budget as the uncached walk does, once the start's closure over any is kept", () => {
    const groups = groupsOf(["*", "a*b*c*d", "x*y*z", "src/**/*.env", "*.ts"]);
    const segments = [any, t("/"), t("x"), any, t("z")];
    const uncached = [t(""), ...segments];
    exploreGroups(groups, segments);
    // The least budget the uncached walk completes in.
    const completes = (budget: number) => exploreGroups(groups, uncached, budget).complete;
    let high = 1;
    while (!completes(high)) high *= 2;
    let low = 0;
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      if (completes(mid)) high = mid;
      else low = mid;
    }
    const budgets = [0, 1, high >> 2, high >> 1, ...Array.from({ length: 9 }, (_, i) => high - 4 + i), high * 2];
    for (const budget of budgets) expect(exploreGroups(groups, segments, budget), `budget ${budget}`).toEqual(exploreGroups(groups, uncached, budget));
    expect(exploreGroups(groups, segments, high - 1).complete).toBe(false);
    expect(exploreGroups(groups, segments, high).complete).toBe(true);
  });

  const FILLERS = ["", "a", "b", " ", "x", "ab", "a b", "\n"];
  const segmentsArb = fc.array(
    fc.oneof(
      fc.string({ unit: fc.constantFrom("a", "b", " ", "x", "."), maxLength: 3 }).map(t),
      fc.constant(any),
      fc.constantFrom("ab", "a ", "x").map((cs) => one(only(cs))),
      fc.constantFrom("ab", " x").map((cs) => many(only(cs))),
    ),
    { maxLength: 5 },
  );

  function instantiations(segments: readonly Segment[], pieces: readonly string[]): string[] {
    let out = [""];
    for (const s of segments) {
      let options: string[];
      if (s.kind === "text") options = [s.text];
      else if (s.kind === "any") options = [...FILLERS, ...pieces];
      else {
        const chars = s.set.ranges.map(([lo]) => String.fromCharCode(lo));
        options = s.kind === "one" ? chars : ["", ...chars, ...chars.flatMap((a) => chars.map((b) => a + b))];
      }
      out = out.flatMap((prefix) => options.map((o) => prefix + o)).slice(0, 4000);
    }
    return out;
  }

  it("reports the winner of every instantiation (one group and split groups)", () => {
    fc.assert(
      fc.property(fc.array(patternArb(PATTERN_CHARS), { minLength: 1, maxLength: 5 }), segmentsArb, fc.boolean(), (patterns, segments, split) => {
        const result = compiled(patterns, split ? 4 : undefined);
        const r = exploreGroups(result.groups, segments);
        if (!r.complete) return;
        // A pattern too large for a tiny state budget is left out of the tables (a compile diagnostic).
        const dropped = new Set(result.problems.flatMap((p) => (p.kind === "too-many-states" ? [p.index] : [])));
        const kept = patterns.flatMap((pattern, payload) => (dropped.has(payload) ? [] : [{ pattern, payload }]));
        const pieces = patterns.flatMap((p) => p.split("*"));
        for (const value of instantiations(segments, pieces)) {
          const w = referenceWinner(kept, value);
          if (w < 0) expect(r.unmatched, JSON.stringify({ patterns, value })).toBe(true);
          else expect(r.winners, JSON.stringify({ patterns, segments, value })).toContain(w);
        }
      }),
      { numRuns: 300 },
    );
  });

  describe("on matchers (parts by shape, combined by priority)", () => {
    const matcherOf = (patterns: readonly string[], trySingleDfa: boolean, maxStates?: number) =>
      compileMatcher(
        patterns.map((pattern, payload) => ({ pattern, payload })),
        { foldCase: false, trySingleDfa, ...(maxStates !== undefined ? { maxStates } : {}) },
      );

    it.each(
      TABLE.flatMap(
        (row) =>
          [
            [...row, true],
            [...row, false],
          ] as const,
      ),
    )("%s (one DFA when it fits: %s)", (_name, patterns, segments, winners, unmatched, single) => {
      const r = exploreMatcher(matcherOf(patterns, single as boolean).matcher, segments);
      expect(r.complete).toBe(true);
      expect(r.winners).toEqual(winners);
      expect(r.unmatched).toBe(unmatched);
    });

    it.each<[string, string[], Segment[], number[]]>([
      ["known text has one answer", ["*", "git *", "*--force*", "*.env"], [t("git push --force x.env")], [3]],
      ["a default rule that always matches hides only what is below it", ["*", "git *", "*--force*"], [t("rm "), any], [0, 2]],
      ["an infix rule matched in the known part hides the rules below it", ["*", "rm *", "*-rf*", "rm -rf /tmp/*"], [t("rm -rf "), any], [2, 3]],
      ["a suffix rule needs the end of the value", ["*", "*.env", "cat *"], [t("cat x.env"), one(only("ab"))], [2]],
    ])("%s", (_name, patterns, segments, winners) => {
      const r = exploreMatcher(matcherOf(patterns, false).matcher, segments);
      expect(r).toEqual({ winners, unmatched: false, complete: true });
    });

    it("gives up, incomplete, when the budget runs out", () => {
      expect(exploreMatcher(matcherOf(["*", "a*b*c*d", "*x*y*z*"], false).matcher, [any, t("q"), any], 3).complete).toBe(false);
    });

    it("reports the winner of every instantiation (one DFA, by shape, split by a tiny budget)", () => {
      fc.assert(
        fc.property(
          fc.array(patternArb([...PATTERN_CHARS, "*", "a"]), { minLength: 1, maxLength: 6 }),
          segmentsArb,
          fc.constantFrom("single", "shapes", "split"),
          (patterns, segments, how) => {
            const result = matcherOf(patterns, how === "single", how === "split" ? 4 : undefined);
            const r = exploreMatcher(result.matcher, segments);
            if (!r.complete) return;
            const dropped = new Set(result.problems.flatMap((p) => (p.kind === "too-many-states" ? [p.index] : [])));
            const kept = patterns.flatMap((pattern, payload) => (dropped.has(payload) ? [] : [{ pattern, payload }]));
            const pieces = patterns.flatMap((p) => p.split("*"));
            for (const value of instantiations(segments, pieces)) {
              const w = referenceWinner(kept, value);
              if (w < 0) expect(r.unmatched, JSON.stringify({ patterns, value })).toBe(true);
              else expect(r.winners, JSON.stringify({ patterns, segments, value })).toContain(w);
            }
          },
        ),
        { numRuns: 300 },
      );
    });
  });
});

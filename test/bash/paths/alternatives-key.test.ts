import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Segment } from "../../../runtime/explore.js";
import { alternativesKey } from "../../../runtime/bash/paths/patterns.js";

// Texts drawn from the separators the key is written with, so a text that spells one is tried often.
const text = fc.string({ unit: fc.constantFrom("t", "a", "o", "m", "!", "-", ",", ";", "|", ":", "1", "/", "x"), maxLength: 6 });
const set = fc.record({ negated: fc.boolean(), ranges: fc.array(fc.tuple(fc.nat(60), fc.nat(60)), { maxLength: 3 }) });
const segment: fc.Arbitrary<Segment> = fc.oneof(
  text.map((t) => ({ kind: "text" as const, text: t })),
  fc.constant({ kind: "any" as const }),
  set.map((s) => ({ kind: "one" as const, set: s })),
  set.map((s) => ({ kind: "many" as const, set: s })),
);
const alternatives = fc.array(fc.array(segment, { maxLength: 4 }), { maxLength: 3 });

describe("alternativesKey: the key that tells two path patterns apart", () => {
  // JSON is the key this one replaced: equal exactly for equal alternatives (whatever prototype fast-check gives an object).
  it("is equal exactly when the alternatives' JSON is", () => {
    fc.assert(
      fc.property(alternatives, alternatives, (a, b) => {
        expect(alternativesKey(a) === alternativesKey(b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    // A text that spells another segment's key, and texts split differently.
    [[[{ kind: "text", text: "a" }]], [[{ kind: "any" }]]],
    [
      [[{ kind: "text", text: "ab" }]],
      [
        [
          { kind: "text", text: "a" },
          { kind: "text", text: "b" },
        ],
      ],
    ],
    [[[{ kind: "text", text: "xa" }]], [[{ kind: "text", text: "x" }, { kind: "any" }]]],
    [[[{ kind: "text", text: "x|" }]], [[{ kind: "text", text: "x" }], []]],
    [[[{ kind: "text", text: "x" }], []], [[{ kind: "text", text: "x" }]]],
    [[[{ kind: "one", set: { negated: false, ranges: [[1, 2]] } }]], [[{ kind: "many", set: { negated: false, ranges: [[1, 2]] } }]]],
  ] as const)("tells %j from %j", (a, b) => {
    expect(alternativesKey(a as unknown as Segment[][])).not.toBe(alternativesKey(b as unknown as Segment[][]));
  });
});

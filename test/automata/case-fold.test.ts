/**
 * The fold classes must be exactly the equivalence a non-Unicode `/i` RegExp
 * uses, for every one of the 65,536 code units.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalize, foldRepresentatives } from "../../compiler/automata/case-fold.js";

function regexFor(unit: number): RegExp {
  return new RegExp(`^${String.fromCharCode(unit).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "i");
}

describe("fold representatives", () => {
  it("every code unit folds together with its representative, as /i says", () => {
    const rep = foldRepresentatives();
    for (let u = 0; u < 65_536; u++) {
      // Lone surrogates are code units too; the regex sees them one by one.
      if (!regexFor(u).test(String.fromCharCode(rep[u]!))) throw new Error(`unit ${u} does not match its representative ${rep[u]}`);
      expect(rep[u]).toBeLessThanOrEqual(u);
    }
  });

  it("two units share a representative exactly when /i matches one with the other", () => {
    const rep = foldRepresentatives();
    // Bias towards the ranges with case pairs, plus anything at all.
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0x24f }),
      fc.integer({ min: 0x370, max: 0x52f }),
      fc.integer({ min: 0x1e00, max: 0x2184 }),
      fc.integer({ min: 0, max: 0xffff }),
    );
    fc.assert(
      fc.property(unit, unit, (a, b) => {
        expect(rep[a] === rep[b]).toBe(regexFor(a).test(String.fromCharCode(b)));
      }),
      { numRuns: 20_000 },
    );
  });

  it("the classes also hold pairs a random sample would rarely hit", () => {
    const rep = foldRepresentatives();
    const same = (a: string, b: string): boolean => rep[a.charCodeAt(0)] === rep[b.charCodeAt(0)];
    expect([same("a", "A"), same("é", "É"), same("\u00B5", "\u039C"), same("\u03BC", "\u039C")]).toEqual([true, true, true, true]);
    expect([same("s", "\u017F"), same("k", "\u212A"), same("\u00DF", "S"), same("i", "\u0130"), same("\u0131", "I")]).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it.each([
    [0x61, 0x41, "ASCII lower → upper"],
    [0xdf, 0xdf, "ß upper-cases to two units: unchanged"],
    [0x17f, 0x17f, "long s would become ASCII S: unchanged"],
    [0xb5, 0x39c, "micro sign → Greek capital mu"],
    [0x41, 0x41, "an upper-case letter is its own canonical form"],
  ])("canonicalize(%i) = %i (%s)", (unit, expected) => {
    expect(canonicalize(unit)).toBe(expected);
  });
});

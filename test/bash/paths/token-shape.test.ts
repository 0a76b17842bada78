/**
 * tokenShape's fast path (a word of plain characters) must give the shape
 * the full rules give, for every word: checked on generated words built from
 * the characters every rule looks at, and on a table of the rules' edges.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shapeByRules, tokenShape } from "../../../runtime/bash/paths/token-shape.js";

/** Plain characters, and every character some rule tests for. */
const UNITS = [..."aZ09_.,:-", ..."=/@~*+\\|()^[]:\"' é"];

describe("token shapes", () => {
  it("the fast path agrees with the full rules on generated words", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 8 }), (token) => {
        expect(tokenShape(token), JSON.stringify(token)).toBe(shapeByRules(token));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ["npm", "bare"],
    ["b0.log", "bare"],
    [".env", "rule"],
    ["..", "external"],
    ["a..b", "external"],
    ["-rf", "reject"],
    ["", "reject"],
    ["a:b", "bare"],
    ["C:/x", "external"],
    ["a.+", "reject"],
    ["x=1", "reject"],
    ["@file", "reject"],
    ["src/a.ts", "rule"],
  ])("%j is %s", (token, shape) => {
    expect(tokenShape(token)).toBe(shape);
    expect(shapeByRules(token)).toBe(shape);
  });
});

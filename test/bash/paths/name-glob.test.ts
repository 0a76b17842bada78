/**
 * The compiled glob predicate (mayMatchGlob) answers as globMatch does, an
 * unsure answer counting as a match, on globs and names of every kind the
 * model treats apart: stars, `?` over non-ASCII, brackets and backslashes
 * (unsure), surrogate halves, RegExp syntax, U+FFFD, globs over the budget.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { globMatch, mayMatchGlob } from "../../../runtime/bash/paths/name-glob.js";

const GLOB_UNITS = ["*", "**", "?", "a", "b", ".", "[", "]", "\\", "é", "\uD83D", "\uDE00", "$", "(", ")", "+", "^", "|", "/", "-", "{", "}"];
const NAME_UNITS = ["a", "b", ".", "é", "\uD83D", "\uDE00", "\ufffd", "$", "(", "/", "-", "x", "*", "?", "\n"];

describe("mayMatchGlob", () => {
  it("is globMatch(glob, name) !== false", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...GLOB_UNITS), { maxLength: 8 }).map((u) => u.join("")),
        fc.array(
          fc.array(fc.constantFrom(...NAME_UNITS), { maxLength: 8 }).map((u) => u.join("")),
          { minLength: 1, maxLength: 6 },
        ),
        (glob, names) => {
          const mayMatch = mayMatchGlob(glob);
          for (const name of names) expect(mayMatch(name), `${JSON.stringify(glob)} ${JSON.stringify(name)}`).toBe(globMatch(glob, name) !== false);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it.each([
    [".*rc", ".bashrc", true],
    [".*rc", "rc", false],
    [".*rc.*", ".npmrc.json", true],
    [".env.*", ".env.local", true],
    [".env.*", ".env", false],
    ["a?", "aé", true], // `?` over a non-ASCII character: unsure, so a match
    ["[ab]", "c", true], // brackets: unsure
    [`${"a".repeat(300)}*`, "b", true], // over the budget: unsure
  ])("%s against %s: %s", (glob, name, expected) => {
    expect(mayMatchGlob(glob)(name)).toBe(expected);
  });
});

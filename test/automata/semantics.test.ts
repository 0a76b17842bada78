/**
 * The reference's wildcard semantics (anchored; `*` any run, `/` and newlines
 * included; `?` one UTF-16 unit; a final ` *` optional; win32 folding on path
 * surfaces; the last matching rule wins): each row
 * is checked on the compiled automaton and, as a sanity check of the test
 * oracle itself, on the reference RegExp.
 */
import { describe, expect, it } from "vitest";
import { compileAutomata } from "../../compiler/automata/index.js";
import { runGroups } from "../../runtime/automaton.js";
import { compiledMatch } from "./helpers.js";
import { referenceMatch, referenceWinner } from "./oracle.js";

const A5000 = "a".repeat(5_000);

describe("single-pattern matching", () => {
  it.each([
    ["*", "", true, "a star may be empty"],
    ["*", "a\nb", true, "a star crosses newlines (dotAll)"],
    ["a*b", "a\nb", true, "dotAll inside a pattern"],
    ["?", "\n", true, "? matches a newline"],
    ["?", "é", true, "? matches one non-ASCII code unit"],
    ["?", "😀", false, "? is one UTF-16 unit, an emoji is two"],
    ["??", "😀", true, "two ? match a surrogate pair"],
    ["é*", "e\u0301clair", false, "no Unicode normalisation"],
    ["git *", "git", true, "trailing ' *' is optional"],
    ["git *", "git ", true, "trailing ' *' with an empty tail"],
    ["git *", "git status", true, "trailing ' *' with a tail"],
    ["git *", "gitk", false, "the optional tail still needs a literal space"],
    ["git *", "git\tx", false, "a tab is not the space"],
    ["docker  *", "docker ", true, "only the last space is optional"],
    ["docker  *", "docker", false, "the first of two spaces is required"],
    ["cargo * *", "cargo build", true, "only the final ' *' is optional"],
    ["cargo * *", "cargo", false, "the earlier ' *' is not optional"],
    [" *", "", true, "a lone ' *' matches the empty value"],
    [" *", " x", true, "a lone ' *' matches a space-led value"],
    [" *", "x", false, "a lone ' *' needs the space when non-empty"],
    ["a **", "a", false, "' **' is not the trailing-space rule"],
    ["tar*", "tarball", true, "no word boundary"],
    ["[ab]", "a", false, "brackets are literal"],
    ["[ab]", "[ab]", true, "brackets match themselves"],
    ["a.b", "axb", false, "a dot is literal"],
    ["a.b", "a.b", true, "a dot matches itself"],
    ["a+b", "a+b", true, "plus is literal"],
    ["(x)", "(x)", true, "parentheses are literal"],
    ["^a", "^a", true, "caret is literal"],
    ["$HOME", "$HOME", true, "dollar is literal"],
    ["\\*", "\\anything", true, "backslash is literal and * stays a wildcard"],
    ["\\*", "*", false, "there is no escape syntax"],
    ["shutdown", "shutdown\n", false, "the end anchor is strict"],
    ["shutdown", "shutdown", true, "exact literal"],
    ["reboot *", "reboot now\n", true, "dotAll tail"],
    ["é", "É", false, "case-sensitive by default"],
    ["src/*", "src/a/b/c.ts", true, "a star crosses slashes"],
    ["**", "anything", true, "** is just *"],
  ])("%j vs %j → %s (%s)", (pattern, value, expected) => {
    expect(referenceMatch(pattern, value)).toBe(expected);
    expect(compiledMatch(pattern, value)).toBe(expected);
  });

  it("*a*a*a*a*a*a*b against 5,000 a's is a plain linear scan (the regex would not finish)", () => {
    const { groups } = compileAutomata([{ pattern: "*a*a*a*a*a*a*b", payload: 1 }], { foldCase: false });
    expect(runGroups(groups, A5000)).toBe(-1);
    expect(runGroups(groups, `${A5000}b`)).toBe(1);
  });
});

describe("case folding (only when asked) equals a non-Unicode /i", () => {
  it.each([
    ["é", "É", true, "Latin-1 letters fold"],
    ["C:\\Users\\*", "c:\\users\\bob", true, "ASCII letters fold"],
    ["s", "\u017F", false, "long s upper-cases to ASCII S, which non-Unicode /i refuses"],
    ["k", "\u212A", false, "the Kelvin sign upper-cases to itself"],
    ["\u00B5", "\u03BC", true, "micro sign and mu share the upper case Μ"],
    ["\u00DF", "SS", false, "ß upper-cases to two units, so it only matches itself"],
    ["i", "\u0130", false, "dotted capital I is not i"],
    ["git *", "GIT STATUS", true, "the trailing-space rule still applies"],
  ])("%j vs %j → %s (%s)", (pattern, value, expected) => {
    expect(referenceMatch(pattern, value, true)).toBe(expected);
    expect(compiledMatch(pattern, value, true)).toBe(expected);
  });
});

describe("last match wins", () => {
  it.each([
    [["*", "git *"], "git push", 1, "the later specific rule beats the earlier catch-all"],
    [["git *", "*"], "git push", 1, "a later catch-all beats everything before it"],
    [["git push *", "git *"], "git push x", 1, "a later, broader rule wins"],
    [["git *", "git push *"], "git pull", 0, "the later rule does not match, the earlier one does"],
    [["a", "b"], "c", -1, "nothing matches"],
    [["*--force*", "git push *"], "git push --force", 1, "the later rule wins even when both match"],
    [["git push *", "*--force*"], "git push --force", 1, "a leading-star rule can win"],
    [["git push *", "*--force*"], "git push", 0, "the leading-star rule needs its literal"],
    [["x", "x"], "x", 1, "duplicates: the last one holds the payload"],
  ])("%j on %j → %d (%s)", (patterns, value, expected) => {
    const prioritized = patterns.map((pattern, payload) => ({ pattern, payload }));
    expect(referenceWinner(prioritized, value)).toBe(expected);
    expect(runGroups(compileAutomata(prioritized, { foldCase: false }).groups, value)).toBe(expected);
  });

  it("payloads are returned as given, not indexes", () => {
    const { groups } = compileAutomata(
      [
        { pattern: "a*", payload: 70 },
        { pattern: "ab", payload: 3 },
      ],
      { foldCase: false },
    );
    expect([runGroups(groups, "ab"), runGroups(groups, "ac"), runGroups(groups, "b")]).toEqual([3, 70, -1]);
  });

  it("no patterns give no groups, and no groups match nothing", () => {
    const r = compileAutomata([], { foldCase: false });
    expect(r).toEqual({ groups: [], problems: [] });
    expect(runGroups(r.groups, "")).toBe(-1);
  });
});

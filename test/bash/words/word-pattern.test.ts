/**
 * Words as the strings they can become (runtime/bash/words/word-pattern.ts):
 * brace alternatives, tilde and $HOME, quotes, ANSI-C, unknown expansions
 * and glob segments, checked against bash's own brace expansion.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { Segment } from "../../../runtime/explore.js";
import { expandBraces, isPattern, wordPattern } from "../../../runtime/bash/words/word-pattern.js";

const HOME = "/home/u";
/** Segments as a compact string: text as is, `<*>` any string, `<g*>` glob star, `<g?>` glob one, `<[..]>` a set. */
function show(alternatives: readonly (readonly Segment[])[]): string[] {
  return alternatives.map((a) =>
    a
      .map((s) => {
        if (s.kind === "text") return s.text;
        if (s.kind === "any") return "<*>";
        if (s.kind === "many") return "<g*>";
        const r = s.set.ranges
          .filter(([lo, hi]) => !(lo === 0x2f && hi === 0x2f))
          .map(([lo, hi]) => (lo === hi ? String.fromCharCode(lo) : `${String.fromCharCode(lo)}-${String.fromCharCode(hi)}`))
          .join("");
        return s.set.negated ? (r === "" ? "<g?>" : `<[!${r}]>`) : `<[${r}]>`;
      })
      .join(""),
  );
}

describe("wordPattern", () => {
  it.each<[string, string[]]>([
    ["/etc/passwd", ["/etc/passwd"]],
    ["/et?/passwd", ["/et<g?>/passwd"]],
    ["/[e]tc/passwd", ["/<[e]>tc/passwd"]],
    ["/etc/pass[!x]d", ["/etc/pass<[!x]>d"]],
    ["/???/passwd", ["/<g?><g?><g?>/passwd"]],
    ["*.env", ["<g*>.env"]],
    ["'*.env'", ["*.env"]],
    ["\\*.env", ["*.env"]],
    ["/e{t,}c/passwd", ["/etc/passwd", "/ec/passwd"]],
    ["~/{.ssh,x}/id_rsa", [`${HOME}/.ssh/id_rsa`, `${HOME}/x/id_rsa`]],
    ["'{a,b}'", ["{a,b}"]],
    ["f{1..3}", ["f1", "f2", "f3"]],
    ["~/.ss?/id_rsa", [`${HOME}/.ss<g?>/id_rsa`]],
    ["$HOME/.ssh/k", [`${HOME}/.ssh/k`]],
    ['"${HOME}"/.ssh/k', [`${HOME}/.ssh/k`]],
    ["${HOME%/}/.ssh/k", ["<*>/.ssh/k"]],
    ["~root/.ssh/k", ["<*>/.ssh/k"]],
    ["$'/e\\x74c/passwd'", ["/etc/passwd"]],
    ["$'\\056env'", [".env"]],
    ['"$(ls -d /et?)/passwd"', ["<*>/passwd"]],
    ["$(printf '/e%sc/passwd' t)", ["<*>"]],
    ['a"$X"b', ["a<*>b"]],
    ['"unterminated', ["<*>"]],
  ])("%s", (raw, expected) => {
    expect(show(wordPattern(raw, { home: HOME }))).toEqual(expected);
  });

  it("a reassigned HOME makes ~ and $HOME unknown", () => {
    expect(show(wordPattern("~/x", { home: null }))).toEqual(["<*>/x"]);
    expect(show(wordPattern("$HOME/x", { home: null }))).toEqual(["<*>/x"]);
  });

  it("knows which words are patterns", () => {
    expect(isPattern(wordPattern("/etc/passwd", { home: HOME }))).toBe(false);
    expect(isPattern(wordPattern("/e{t,}c", { home: HOME }))).toBe(true);
    expect(isPattern(wordPattern("$x", { home: HOME }))).toBe(true);
  });

  it.each(["a{b,c}d", "{a,b}{c,d}", "x{1..4}", "{a,{b,c}}e", "p{a..c}q", "{01..03}", "'{a,b}'{c,d}", "{x}", "a{,b}", "{5..1..2}"])(
    "brace expansion of %s matches bash",
    (w) => {
      const r = spawnSync("/bin/bash", ["-c", `printf '%s\\n' ${w}`], { encoding: "utf8" });
      expect(expandBraces(w)?.map((a) => show(wordPattern(a, { home: HOME }))[0])).toEqual(r.stdout.trimEnd().split("\n"));
    },
  );

  it("gives up, as any string, past the alternative budget", () => {
    expect(show(wordPattern("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}", { home: HOME }))).toEqual(["<*>"]);
  });
});

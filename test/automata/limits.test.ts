/**
 * Hostile or huge input hits explicit limits: problems are reported (never
 * thrown), offending patterns are left out, and everything else still
 * compiles with the same answers.
 */
import { describe, expect, it } from "vitest";
import { compileAutomata } from "../../compiler/automata/index.js";
import { runGroups } from "../../runtime/automaton.js";
import { referenceWinner } from "./oracle.js";

const BLOWUP = `*a${"?".repeat(20)}`;

describe("limits", () => {
  it("a pattern over maxPatternLength is reported and left out", () => {
    const r = compileAutomata(
      [
        { pattern: "a*", payload: 0 },
        { pattern: "a".repeat(11), payload: 1 },
      ],
      { foldCase: false, maxPatternLength: 10 },
    );
    expect(r.problems).toEqual([{ kind: "pattern-too-long", index: 1, length: 11, limit: 10 }]);
    expect(runGroups(r.groups, "a".repeat(11))).toBe(0);
  });

  it("the default pattern length limit is 4,096 code units", () => {
    const r = compileAutomata(
      [
        { pattern: "x".repeat(4_096), payload: 0 },
        { pattern: "y".repeat(4_097), payload: 1 },
      ],
      { foldCase: false },
    );
    expect(r.problems).toEqual([{ kind: "pattern-too-long", index: 1, length: 4_097, limit: 4_096 }]);
    expect(runGroups(r.groups, "x".repeat(4_096))).toBe(0);
  });

  it("`*a` + 20 `?` alone exceeds the state budget: reported, left out, the rest compiles", () => {
    const patterns = [
      { pattern: "git *", payload: 0 },
      { pattern: BLOWUP, payload: 1 },
      { pattern: "rm *", payload: 2 },
    ];
    const r = compileAutomata(patterns, { foldCase: false });
    expect(r.problems).toEqual([{ kind: "too-many-states", index: 1, limit: 50_000 }]);
    expect(r.groups).toHaveLength(1);
    expect([runGroups(r.groups, "git x"), runGroups(r.groups, "rm x"), runGroups(r.groups, `a${"b".repeat(20)}`)]).toEqual([0, 2, -1]);
  });

  it("a duplicate of a pattern that is too large is reported too", () => {
    const r = compileAutomata(
      [
        { pattern: BLOWUP, payload: 0 },
        { pattern: "x", payload: 1 },
        { pattern: BLOWUP, payload: 2 },
      ],
      { foldCase: false },
    );
    expect(r.problems).toEqual([
      { kind: "too-many-states", index: 0, limit: 50_000 },
      { kind: "too-many-states", index: 2, limit: 50_000 },
    ]);
  });

  it("over budget, rules are split into priority-ordered groups with the same answers", () => {
    const patterns = Array.from({ length: 60 }, (_, i) => ({ pattern: i % 5 === 0 ? `*-f${i}*` : `cmd${i} *`, payload: i }));
    const r = compileAutomata(patterns, { foldCase: false, maxStates: 200 });
    const split = r.problems.find((p) => p.kind === "split");
    expect(split).toEqual({ kind: "split", groups: r.groups.length, limit: 200 });
    expect(r.groups.length).toBeGreaterThan(1);
    for (const g of r.groups) expect(g.stateCount).toBeLessThanOrEqual(200);
    for (const v of ["cmd3 x", "cmd3 -f10", "cmd59", "cmd55 -f55 -f0", "x -f5", "none"]) {
      expect([v, runGroups(r.groups, v)]).toEqual([v, referenceWinner(patterns, v)]);
    }
  });

  it("rejects a budget below two states as a programming error", () => {
    expect(() => compileAutomata([], { foldCase: false, maxStates: 1 })).toThrow(RangeError);
  });

  it("10,000 realistic rules compile into a few groups that agree with the reference", () => {
    const patterns = Array.from({ length: 10_000 }, (_, i) => {
      const kind = i % 10;
      const pattern =
        kind < 6
          ? `cmd${(i * 7919) % 1000} sub${i % 97} *`
          : kind === 6
            ? `rm -rf /srv/d${i % 1000}/*`
            : kind === 7
              ? `npm run build${i % 500}?*`
              : kind === 8
                ? `git push origin f-${i} *`
                : ["*--force*", "*--no-verify*", "*sudo *", "*| sh"][i % 4]!;
      return { pattern, payload: i };
    });
    const r = compileAutomata(patterns, { foldCase: false });
    expect(r.problems.filter((p) => p.kind !== "split")).toEqual([]);
    for (const v of [
      "cmd7 sub7 x",
      "cmd7 sub7 --force",
      "rm -rf /srv/d3/x",
      "npm run build12xx",
      "git push origin f-8 y",
      "sudo ls",
      "curl x | sh",
      "nothing",
    ]) {
      expect([v, runGroups(r.groups, v)]).toEqual([v, referenceWinner(patterns, v)]);
    }
  });
});

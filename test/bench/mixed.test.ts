import { describe, expect, it } from "vitest";
import { bareTable, bareWalk } from "../../bench/bare-walk.js";
import { mixedPermission, mixedValues } from "../../bench/mixed.js";
import { compileMatcher } from "../../compiler/automata/index.js";
import type { Automaton } from "../../runtime/automaton.js";
import { referenceMatch } from "../automata/oracle.js";

/** Which of the shapes a rule is. */
function shapeOf(pattern: string): string {
  if (pattern === "*") return "default";
  if (pattern.startsWith("*")) return "infix";
  if (!pattern.includes("*")) return "exact";
  return pattern.includes("=") ? "long option" : "prefix";
}

function storedWalk(a: Automaton, value: string): number {
  let q = a.start;
  for (let i = 0; i < value.length; i++) {
    const u = value.charCodeAt(i);
    const j = a.base[q]! + a.classBlocks[(a.classIndex[u >> 8]! << 8) | (u & 255)]!;
    q = a.check[j] === q ? a.next[j]! : a.defaults[q]!;
  }
  return q;
}

describe("the mixed rule set (bench/mixed.ts)", () => {
  it("10,000 rules: 600 prefix, 600 exact, 600 infix, the rest long-option prefix rules", () => {
    const bash = mixedPermission(10_000)["bash"] as Record<string, string>;
    const counts: Record<string, number> = {};
    for (const pattern of Object.keys(bash)) counts[shapeOf(pattern)] = (counts[shapeOf(pattern)] ?? 0) + 1;
    expect(counts).toEqual({ default: 1, prefix: 600, exact: 600, infix: 600, "long option": 8199 });
  });

  it("64 values of about 50 characters, some matching each shape and some only the default rule", () => {
    const values = mixedValues();
    expect(values).toHaveLength(64);
    const mean = values.reduce((n, v) => n + v.length, 0) / values.length;
    expect(mean).toBeGreaterThan(45);
    expect(mean).toBeLessThan(60);
    const patterns = Object.keys(mixedPermission(10_000)["bash"] as Record<string, string>);
    const matched = new Set<string>();
    let onlyDefault = 0;
    for (const v of values) {
      const shapes = new Set(patterns.filter((p) => referenceMatch(p, v)).map(shapeOf));
      for (const shape of shapes) matched.add(shape);
      if (shapes.size === 1) onlyDefault++;
    }
    expect([...matched].sort()).toEqual(["default", "exact", "infix", "long option", "prefix"]);
    expect(onlyDefault).toBeGreaterThan(0);
  });
});

describe("the bare walk (bench/bare-walk.ts)", () => {
  it("ends where the stored automaton ends on every value", () => {
    const bash = mixedPermission(300)["bash"] as Record<string, string>;
    const { matcher } = compileMatcher(
      Object.keys(bash).map((pattern, payload) => ({ pattern, payload })),
      { foldCase: false },
    );
    for (const part of matcher.parts) {
      const table = bareTable(part.automaton);
      for (const v of [...mixedValues(), "", "é🚀 x"]) expect([v, bareWalk(table, v)]).toEqual([v, storedWalk(part.automaton, v)]);
    }
  });
});

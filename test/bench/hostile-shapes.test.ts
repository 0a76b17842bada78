import { describe, expect, it } from "vitest";
import { HOSTILE_SHAPES } from "../../bench/hostile.js";

/** The prefix rules every shape is mostly made of: `word word *`. */
const PREFIX_RULE = /^[^*? ]+ [^*? ]+ \*$/;

/** What makes a rule hostile: where its stars are, whether it has `?`, whether it is long. */
function formOf(pattern: string): string {
  return `${pattern.startsWith("*") ? "unanchored" : "anchored"} ${pattern.split("*").length - 1} stars${pattern.includes("?") ? " ?" : ""}${pattern.length > 100 ? " long" : ""}`;
}

function formsOf(permission: Record<string, unknown>): Set<string> {
  const bash = permission["bash"] as Record<string, string>;
  return new Set(
    Object.keys(bash)
      .filter((p) => p !== "*" && !PREFIX_RULE.test(p))
      .map(formOf),
  );
}

describe("hostile rule sets (bench/hostile.ts)", () => {
  // The bench's 10 → 10,000 ratio measures growth only if the 10-rule set is of the same shape.
  it.each(HOSTILE_SHAPES.map((s) => [s.name, s] as const))("%s: the 10-rule set holds every form of hostile rule the 2,000-rule set holds", (_, shape) => {
    const small = formsOf(shape.permission(10));
    const big = formsOf(shape.permission(2000));
    expect(big.size).toBeGreaterThan(0);
    expect([...big].filter((form) => !small.has(form))).toEqual([]);
  });

  it.each(HOSTILE_SHAPES.map((s) => [s.name, s] as const))("%s: exactly the asked number of rules", (_, shape) => {
    for (const count of [10, 2000]) expect(Object.keys(shape.permission(count)["bash"] as object)).toHaveLength(count);
  });
});

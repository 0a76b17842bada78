import { describe, expect, it } from "vitest";
import { ACTION_RANK, ACTIONS, isAction, stricter } from "../../runtime/action.js";

describe("runtime/action", () => {
  it.each([
    ["allow", true],
    ["ask", true],
    ["deny", true],
    ["Deny", false],
    ["deny ", false],
    ["toString", false],
    ["__proto__", false],
    [null, false],
    [2, false],
  ])("isAction(%j) is %s", (value, expected) => {
    expect(isAction(value)).toBe(expected);
  });

  it("ranks deny > ask > allow, in the order ACTIONS lists them", () => {
    expect(ACTIONS.map((a) => ACTION_RANK[a])).toEqual([0, 1, 2]);
    expect(stricter("deny", "ask")).toBe(true);
    expect(stricter("ask", "allow")).toBe(true);
    expect(stricter("ask", "ask")).toBe(false);
    expect(stricter("allow", "deny")).toBe(false);
  });

  it("has no prototype entries for names the model might send", () => {
    expect((ACTION_RANK as Record<string, number | undefined>)["toString"]).toBeUndefined();
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Action } from "../../runtime/action.js";
import type { Decision } from "../../runtime/decision.js";
import { fromFamily, mostRestrictive, Strictest } from "../../runtime/gate/outcomes.js";
import type { FamilyDecision } from "../../runtime/gate/path-family.js";

const candidate = (action: Action, i: number): FamilyDecision => {
  const decision: Decision = { action, matchedPattern: `p${i}`, origin: "global", rule: i };
  return { decision, value: `v${i}`, surface: i % 2 === 0 ? "path_read" : "path_write" };
};

/** What a gate reports when it offers `actions` in order, stopping where `offer` says the search is over. */
function offered(actions: readonly (Action | null)[]): { decision: ReturnType<Strictest["decision"]>; offers: number } {
  const strictest = new Strictest();
  let offers = 0;
  for (const [i, a] of actions.entries()) {
    offers++;
    if (strictest.offer(a === null ? null : candidate(a, i))) break;
  }
  return { decision: strictest.decision("bash_path"), offers };
}

describe("Strictest: a gate's candidates offered one at a time", () => {
  it("reports what mostRestrictive reports over every candidate (the first at the highest severity)", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.constantFrom<Action>("allow", "ask", "deny")), { maxLength: 12 }), (actions) => {
        const all = actions.flatMap((a, i) => (a === null ? [] : [fromFamily(candidate(a, i), "bash_path")]));
        expect(offered(actions).decision).toEqual(mostRestrictive(all));
      }),
    );
  });

  it.each([
    { actions: ["ask", "deny", "deny", "ask"], offers: 2, value: "v1" },
    { actions: ["ask", "ask", "allow"], offers: 3, value: "v0" },
    { actions: [null, "deny"], offers: 2, value: "v1" },
  ] as const)("stops at the first deny: $actions", ({ actions, offers, value }) => {
    const r = offered(actions);
    expect(r.offers).toBe(offers);
    expect(r.decision?.value).toBe(value);
  });

  it("reports nothing when nothing was offered", () => {
    expect(offered([null, null]).decision).toBeNull();
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createGate } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { VECTORS_DIR } from "../support/fixtures.js";

const VECTORS = VECTORS_DIR;
const RANK = { allow: 0, ask: 1, deny: 2 } as const;
type Action = keyof typeof RANK;

interface ToolCallCase {
  id: string;
  config: unknown;
  tool: string;
  input: unknown;
  registeredTools?: string[];
  yolo?: boolean;
  sessionRules?: unknown[];
  expected: { result: { block?: boolean }; decisions: Array<{ resolution: string }> };
}

/** What the reference decided before any UI answered: a prompt is `ask`, whatever the user then said. */
function referenceAction(c: ToolCallCase): Action {
  if (c.expected.decisions.length === 0) return c.expected.result.block ? "deny" : "allow";
  let worst: Action = "allow";
  for (const d of c.expected.decisions) {
    const a: Action =
      d.resolution === "policy_deny"
        ? "deny"
        : /^(policy_allow|auto_approved|infrastructure_auto_allowed|session_approved)$/.test(d.resolution)
          ? "allow"
          : "ask";
    if (RANK[a] > RANK[worst]) worst = a;
  }
  return worst;
}

const cases = readFileSync(path.join(VECTORS, "toolcall.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as ToolCallCase)
  // Session approvals are made by the Pi extension at run time (issue 6).
  .filter((c) => !c.sessionRules?.length && !c.expected.decisions.some((d) => d.resolution === "session_approved"));

/** Vectors whose 20.7.2 decision the reference itself changed by 40.1.4, with the version and the reason. */
const CHANGED_BY_40: Readonly<Record<string, readonly [Action, string]>> = {
  "tc-032": ["allow", "25.2.1: yolo approves the synthetic asks of wrapper floors too; an explicit deny still denies"],
  "tc-023": [
    "allow",
    "33.0.0: MCP rules are matched against all targets at once and the last match wins: `exa:*` allow (the later rule) matches target `exa:search`; 20.7.2 stopped at the first target, `exa_search`, which matched `*` ask",
  ],
};

describe("toolcall.jsonl through createGate().decide()", () => {
  it.each(Object.entries(CHANGED_BY_40))("%s changed in 40.x: %j", (id, [, reason]) => {
    expect(cases.some((c) => c.id === id)).toBe(true);
    expect(reason.length).toBeGreaterThan(20);
  });

  it("has cases", () => expect(cases.length).toBeGreaterThan(8));

  it.each(cases.map((c) => [c.id, c] as const))("%s: same action as the reference before any prompt is answered", async (_id, c) => {
    const { policy } = await compileAndLoad([piJson(c.config)], { home: "/home/tester" });
    const gate = createGate(policy!, {
      cwd: "/__oracle__/proj",
      home: "/home/tester",
      yolo: c.yolo ?? false,
      ...(c.registeredTools ? { registeredTools: c.registeredTools } : {}),
    });
    const d = await gate.decide({ tool: c.tool, input: c.input });
    expect(d.action).toBe(CHANGED_BY_40[c.id]?.[0] ?? referenceAction(c));
  });
});

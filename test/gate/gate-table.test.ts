/**
 * The gate table (runtime/gate/gate-table.ts) is the order of the gates: the
 * reference's order, and the order a call that every gate denies reports
 * them in `gates` (the first deny decides, so reordering the table changes
 * decisions).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../runtime/index.js";
import { GATES } from "../../runtime/gate/gate-table.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const CWD = "/__oracle__/proj";
const HOME = "/home/tester";
const DENY_ALL = { "*": "deny", path: { "*": "deny" }, external_directory: { "*": "deny" }, skill: { "*": "deny" } };

let policy: Policy;
beforeAll(async () => {
  policy = (await compileAndLoad([piJson(DENY_ALL)], { home: HOME })).policy!;
});

/** The `gate` each table entry reports, for the entries that run on these subject kinds, repeats folded. */
function tableOrder(kinds: readonly string[]): string[] {
  return GATES.filter((g) => kinds.includes(g.on))
    .map((g) => g.gate)
    .filter((gate, i, all) => i === 0 || all[i - 1] !== gate);
}

describe("the gate table", () => {
  it("lists the reference's gates in order, the tool's own surface last", () => {
    expect(GATES.map((g) => g.name)).toEqual([
      "skill-read",
      "directory-contents",
      "path",
      "external-directory",
      "bash-external-directory",
      "bash-path",
      "tool",
    ]);
  });

  it("a file tool's call meets the path gates in table order, then the tool gate", async () => {
    const gate = createGate(policy, { cwd: CWD, home: HOME, skills: [{ name: "s", dir: "/skills/s" }] });
    const d = await gate.decide({ tool: "read", input: { path: "/skills/s/SKILL.md" } });
    expect(d.action).toBe("deny");
    expect(d.gates?.map((g) => g.gate)).toEqual(tableOrder(["path", "call"]));
    expect(d.gate).toBe(GATES[0]!.gate);
  });

  it("a shell call meets the bash gates in table order, then the tool gate", async () => {
    const gate = createGate(policy, { cwd: CWD, home: HOME });
    const d = await gate.decide({ tool: "bash", input: { command: "cat /etc/hosts" } });
    expect(d.action).toBe("deny");
    expect(d.gates?.map((g) => g.gate)).toEqual(tableOrder(["command", "call"]));
  });
});

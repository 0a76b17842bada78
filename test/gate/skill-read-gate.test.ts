/**
 * Gate 1, skill-read (the reference's first gate): a `read` inside a
 * known skill's directory carries that skill's `skill` state, resolved when
 * the gate is created, ANDed with every other gate.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type GateOptions, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const CWD = "/__oracle__/proj";
const HOME = "/home/tester";
const CONFIG = {
  "*": "allow",
  path: { "*.env": "deny" },
  external_directory: { "*": "allow" },
  skill: { "*": "deny", librarian: "allow", nested: "ask", local: "deny", home: "ask" },
};
const SKILLS: GateOptions["skills"] = [
  { name: "librarian", dir: "/skills/lib" },
  { name: "nested", dir: "/skills/lib/nested/" },
  { name: "secret", dir: "/skills/secret" },
  { name: "local", dir: ".pi/skills/local" },
  { name: "home", dir: "~/.pi/skills/home" },
];

let policy: Policy;
beforeAll(async () => {
  policy = (await compileAndLoad([piJson(CONFIG)], { home: HOME })).policy!;
});

describe("skill-read gate", () => {
  it.each([
    ["a denied skill's file is denied", "/skills/secret/SKILL.md", "deny", "secret"],
    ["an allowed skill's file passes", "/skills/lib/SKILL.md", "allow", null],
    ["the longest skill directory wins (nested ask inside an allowed skill)", "/skills/lib/nested/SKILL.md", "ask", "nested"],
    ["the skill directory itself counts", "/skills/secret", "deny", "secret"],
    ["a sibling sharing a name prefix is not inside", "/skills/secretive/x.md", "allow", null],
    ["a relative skill directory resolves against cwd", ".pi/skills/local/run.sh", "deny", "local"],
    ["a lexically escaping path is judged where it lands", "/skills/lib/../secret/a.md", "deny", "secret"],
    ["a `~` skill directory is home-expanded", "~/.pi/skills/home/SKILL.md", "ask", "home"],
  ])("%s", async (_name, file, action, skill) => {
    const d = await createGate(policy, { cwd: CWD, home: HOME, skills: SKILLS }).decide({ tool: "read", input: { path: file } });
    expect(d.action).toBe(action);
    if (skill !== null) expect(d).toMatchObject({ gate: "skill_read", surface: "skill", value: skill, origin: "builtin", matchedPattern: null });
  });

  it("applies to read only: write into a denied skill's directory is left to the other gates", async () => {
    const d = await createGate(policy, { cwd: CWD, home: HOME, skills: SKILLS }).decide({ tool: "write", input: { path: "/skills/secret/x" } });
    expect(d.action).toBe("allow");
  });

  it("ANDs with the path gate: an allowed skill does not lift a path deny", async () => {
    const d = await createGate(policy, { cwd: CWD, home: HOME, skills: SKILLS }).decide({ tool: "read", input: { path: "/skills/lib/.env" } });
    expect(d).toMatchObject({ action: "deny", gate: "path" });
  });

  it("keeps a pre-resolved ask under yolo (a synthetic state)", async () => {
    const d = await createGate(policy, { cwd: CWD, home: HOME, skills: SKILLS, yolo: true }).decide({
      tool: "read",
      input: { path: "/skills/lib/nested/SKILL.md" },
    });
    expect(d).toMatchObject({ action: "ask", gate: "skill_read" });
  });

  it.each([
    ["a missing dir", { name: "x" }],
    ["a blank dir", { name: "x", dir: " " }],
    ["a non-string name", { name: 1, dir: "/s" }],
  ])("refuses %s at creation rather than leave a skill ungated", (_name, entry) => {
    expect(() => createGate(policy, { cwd: CWD, home: HOME, skills: [entry as never] })).toThrow(/GateOptions.skills/);
  });

  it("changes nothing without skills", async () => {
    const d = await createGate(policy, { cwd: CWD, home: HOME }).decide({ tool: "read", input: { path: "/skills/secret/SKILL.md" } });
    expect(d.action).toBe("allow");
  });
});

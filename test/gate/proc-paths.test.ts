/**
 * `/proc/PID/root` is a process's root directory and `/proc/PID/cwd` its
 * working directory: a path through them is a spelling of another path, so a
 * rule written for `/etc/*` or `*.env` applies through them, whether the PID
 * is written, unknown (`$$`) or a glob.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const HOME = "/home/t";
let policy: Policy;
beforeAll(async () => {
  policy = (await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "/etc/*": "deny", "*.env": "deny" } })], { home: HOME }))
    .policy!;
});

describe("paths through /proc's process links", () => {
  it.each([
    ["cat /proc/999999999/root/etc/passwd", "deny"],
    ["cat /proc/self/root/etc/passwd", "deny"],
    ["cat /proc/*/root/etc/passwd", "deny"],
    ["cat /proc/$$/root/etc/passwd", "ask"],
    ["cat /proc/$PPID/cwd/.env", "deny"],
    ["cat /proc/$$/status", "allow"],
  ])("%s → %s", async (command, action) => {
    const d = await createGate(policy, { cwd: "/tmp", home: HOME }).decide({ tool: "bash", input: { command } });
    expect(d.action).toBe(action);
  });

  it("the read tool reads /proc/PID/root/etc/passwd as /etc/passwd", async () => {
    const d = await createGate(policy, { cwd: "/tmp", home: HOME }).decide({ tool: "read", input: { path: "/proc/999999999/root/etc/passwd" } });
    expect(d.action).toBe("deny");
  });
});

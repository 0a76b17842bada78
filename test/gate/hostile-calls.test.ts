import { describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

/** Under a policy that allows everything, whatever the gate cannot decide must still not be allowed. */
const allowAll = async () => (await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" } })], { home: "/home/t" })).policy!;

describe("gate: malformed and hostile tool calls are never allowed", () => {
  it.each([
    ["no tool name", { input: {} }, "deny"],
    ["a non-string tool name", { tool: 42, input: {} }, "deny"],
    ["a blank tool name", { tool: "   ", input: {} }, "deny"],
    ["input null", { tool: "read", input: null }, "deny"],
    ["input a string", { tool: "read", input: "/etc/passwd" }, "deny"],
    ["input an array", { tool: "bash", input: ["rm -rf /"] }, "deny"],
    ["a non-string command", { tool: "bash", input: { command: 42 } }, "deny"],
    ["a command object", { tool: "bash", input: { command: { toString: "rm -rf /" } } }, "deny"],
    ["a non-string path", { tool: "read", input: { path: ["x"] } }, "deny"],
    ["an mcp tool name that is not a string", { tool: "mcp", input: { tool: ["fs_read_file"] } }, "deny"],
    ["an mcp server that is not a string", { tool: "mcp", input: { server: 7 } }, "deny"],
    ["a skill name that is not a string", { tool: "skill", input: { name: ["secret"] } }, "deny"],
    ["a megabyte command", { tool: "bash", input: { command: "echo " + "a".repeat(1_000_000) } }, "ask"],
    ["a syntax error", { tool: "bash", input: { command: "echo )" } }, "ask"],
    // Linear, not length × segments: this once took seconds in path canonicalisation.
    ["a 90,000-character path in a command", { tool: "bash", input: { command: "rm /tmp/" + "a/".repeat(45_000) } }, "allow"],
  ])("%s → %s", async (_what, call, want) => {
    const gate = createGate(await allowAll(), { cwd: "/tmp/proj", home: "/home/t" });
    const d = await gate.decide(call as never);
    expect(d.action).toBe(want);
  });

  it("denies every call of a policy that failed to load", async () => {
    const { loadPolicy } = await import("../../runtime/index.js");
    const policy = await loadPolicy("/nonexistent/policy.mjs");
    const d = await createGate(policy, { cwd: "/tmp/proj" }).decide({ tool: "read", input: { path: "a" } });
    expect(d).toMatchObject({ action: "deny", error: expect.stringContaining("cannot load") });
  });

  it("turns a throw inside a check into deny with the error recorded", async () => {
    const real = await allowAll();
    const throwing: Policy = {
      ...real,
      error: null,
      check: () => {
        throw new Error("boom");
      },
    };
    for (const call of [
      { tool: "read", input: { path: "a" } },
      { tool: "bash", input: { command: "ls" } },
      { tool: "x", input: {} },
    ]) {
      const d = await createGate(throwing, { cwd: "/tmp/proj" }).decide(call);
      expect(d).toMatchObject({ action: "deny", error: expect.stringContaining("boom") });
    }
  });

  it("blocks a tool outside the registered list before any check", async () => {
    const d = await createGate(await allowAll(), { cwd: "/tmp/proj", registeredTools: ["read"] }).decide({ tool: "ghost", input: {} });
    expect(d).toMatchObject({ action: "deny", gate: "registration" });
  });
});

describe("gate: a skill name is decided as given and trimmed", () => {
  it.each([
    ["secret", "deny"],
    ["secret ", "deny"],
    ["  secret", "deny"],
    ["other", "allow"],
  ])("%j → %s", async (name, want) => {
    const policy = (await compileAndLoad([piJson({ "*": "allow", skill: { "*": "allow", secret: "deny" } })], { home: "/home/t" })).policy!;
    const d = await createGate(policy, { cwd: "/tmp/proj", home: "/home/t" }).decide({ tool: "skill", input: { name } });
    expect(d.action).toBe(want);
  });
});

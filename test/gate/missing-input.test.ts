/**
 * A call that does not carry what its tool needs cannot be decided, and "not
 * decided" is never allow: a missing input, a missing command (bash and shell
 * tools) or a missing path (read, write, edit) is denied with a message. grep,
 * find and ls search the working directory when the path is left out (Pi
 * defaults it to "."), so they are decided on the cwd as well as on the
 * reference's `*`, and the stricter answer wins.
 */
import { describe, expect, it } from "vitest";
import { createGate } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const HOME = "/home/t";
const CWD = "/tmp/proj";
const allowAll = async () =>
  (await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" } }, "global", { shellTools: { run: { commandArgument: "script" } } })], { home: HOME }))
    .policy!;

describe("missing input, command or path", () => {
  it.each([
    ["bash without input", { tool: "bash" }, "without an input"],
    ["read without input", { tool: "read" }, "without an input"],
    ["an extension tool without input", { tool: "deploy" }, "without an input"],
    ["bash with an empty input", { tool: "bash", input: {} }, "without 'command'"],
    ["bash with a null command", { tool: "bash", input: { command: null } }, "'command' must be a string"],
    ["a shell tool without its command argument", { tool: "run", input: { command: "ls" } }, "without 'script'"],
    ["read with an empty input", { tool: "read", input: {} }, "without 'path'"],
    ["write without a path", { tool: "write", input: { content: "x" } }, "without 'path'"],
    ["edit with a blank path", { tool: "edit", input: { path: "  ", edits: [] } }, "without 'path'"],
    ["read with a null path", { tool: "read", input: { path: null } }, "without 'path'"],
    ["read with a NUL inside the path", { tool: "read", input: { path: ".env\u0000x" } }, "NUL"],
    ["write with a NUL at the end of the path", { tool: "write", input: { path: ".env\u0000", content: "x" } }, "NUL"],
    ["an MCP call whose path holds a NUL", { tool: "mcp", input: { tool: "fs_read", arguments: { path: "a\u0000" } } }, "NUL"],
  ])("%s → deny with a message", async (_what, call, message) => {
    const d = await createGate(await allowAll(), { cwd: CWD, home: HOME }).decide(call as never);
    expect(d).toMatchObject({ action: "deny", origin: "permc", gate: "input" });
    expect(d.error).toContain(message);
  });

  it("an empty command string is a command (bash runs nothing) and is decided, not refused", async () => {
    const d = await createGate(await allowAll(), { cwd: CWD, home: HOME }).decide({ tool: "bash", input: { command: "" } });
    expect(d.gate).not.toBe("input");
  });
});

describe("grep, find and ls without a path are decided on the cwd they search", () => {
  const policyFor = async (permission: unknown) => (await compileAndLoad([piJson(permission)], { home: HOME })).policy!;

  it.each([
    // The reference's own case (tc-039) stays: `*` is allowed, and so is the cwd.
    ["the reference's case", { "*": "allow", find: { "*": "allow", "*.secret": "deny" } }, "find", { pattern: "x" }, "allow"],
    // A rule on the directory being listed applies (the reference checks only `*` and allows).
    ["a tool rule that covers the cwd", { "*": "allow", ls: { "*": "allow", "/tmp/*": "deny" } }, "ls", {}, "deny"],
    ["a path rule that covers the cwd", { "*": "allow", path: { "*": "allow", "/tmp/proj": "ask" } }, "grep", { pattern: "TODO" }, "ask"],
    ["a blank path is the cwd", { "*": "allow", ls: { "*": "allow", "/tmp/*": "deny" } }, "ls", { path: " " }, "deny"],
    // …and the reference's `*` check is kept, so permc is never weaker than it.
    ["the reference's stricter answer on `*` stays", { "*": "allow", find: { "*": "deny", "/tmp/proj*": "allow" } }, "find", { pattern: "x" }, "deny"],
  ])("%s", async (_what, permission, tool, input, want) => {
    const d = await createGate(await policyFor(permission), { cwd: CWD, home: HOME }).decide({ tool, input });
    expect(d.action).toBe(want);
  });
});

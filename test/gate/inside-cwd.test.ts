/**
 * The gates' one "inside the working directory" test (runtime/paths/inside.ts)
 * seen through whole tool calls: a name that starts with `..` is a file in
 * the cwd, with its cwd-relative alias; `..` itself leaves the cwd.
 */
import { describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const HOME = "/home/tester";
const CWD = "/home/tester/proj";

async function policyOf(permission: unknown): Promise<Policy> {
  const { policy, diagnostics } = await compileAndLoad([piJson(permission, "global")], { home: HOME });
  expect(policy, diagnostics.map((d) => d.message).join("; ")).not.toBeNull();
  return policy!;
}

describe("inside the working directory, through the gate", () => {
  it.each([
    ["..foo", "deny"],
    ["./..foo", "deny"], // the cwd-relative alias `..foo` is matched too
    ["sub/../..foo", "deny"],
    ["other", "allow"],
  ])('read %s under `path: { "..foo": "deny" }` is %s', async (file, action) => {
    const policy = await policyOf({ "*": "allow", external_directory: "deny", path: { "..foo": "deny" } });
    const gate = createGate(policy, { cwd: CWD, home: HOME, realpath: (p) => p });
    expect((await gate.decide({ tool: "read", input: { path: file } })).action).toBe(action);
  });

  it.each([
    ["..foo", "allow"],
    ["../x", "deny"],
    ["..", "deny"],
    ["sub/../../x", "deny"],
  ])("read %s when external_directory is deny is %s", async (file, action) => {
    const policy = await policyOf({ "*": "allow", external_directory: "deny" });
    const gate = createGate(policy, { cwd: CWD, home: HOME, realpath: (p) => p });
    expect((await gate.decide({ tool: "read", input: { path: file } })).action).toBe(action);
  });
});

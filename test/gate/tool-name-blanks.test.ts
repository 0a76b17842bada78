/**
 * A tool name loses ASCII blanks around it (space, tab, CR, LF) and nothing
 * else: `"\ufeffread"` or `"read\u00a0"` is another tool than `read`, decided
 * on its own surface (here the `*` rule), never as `read`.
 */
import { describe, expect, it } from "vitest";
import { createGate, toolExposure } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

const HOME = "/home/t";
const CWD = "/tmp/proj";
const policy = (await compileAndLoad([piJson({ "*": "ask", read: "allow", write: "deny" })], { home: HOME })).policy!;
const gate = createGate(policy, { cwd: CWD, home: HOME });
const decide = async (tool: string) => (await gate.decide({ tool, input: { path: "notes.txt", content: "x" } })).action;

describe("tool names: ASCII blanks trimmed, nothing else", () => {
  it.each([" read", "read\n", "\tread\r\n"])("%j is read", async (tool) => {
    expect(await decide(tool)).toBe("allow");
  });

  it.each(["\ufeffread", "read\u00a0", "\u2003read", "read\u2028", "\u200bread"])("%j is a tool of its own, decided by the * rule", async (tool) => {
    expect(await decide(tool)).toBe("ask");
  });

  it("exposure follows the same name: a deny of write does not hide \\ufeffwrite, which the gate asks about", async () => {
    expect(toolExposure(policy, " write ")).toBe("hidden");
    expect(toolExposure(policy, "\ufeffwrite")).toBe("exposed");
    expect(await decide("\ufeffwrite")).toBe("ask");
  });
});

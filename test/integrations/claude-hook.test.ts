/**
 * `permc hook claude` through Claude Code's documented PreToolUse contract.
 * The events (claude-hook-events.ts) are written from Claude Code's hooks
 * reference and tool inputs (docs/claude-code.md cites them). The output is
 * `hookSpecificOutput.{hookEventName, permissionDecision,
 * permissionDecisionReason}` with exit 0, or exit 2 with the reason on stderr.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runClaudeHook } from "../../runtime/claude/hook.js";
import { escapingRoot } from "../../runtime/hosts/glob-root.js";
import { loadPolicy, type Policy } from "../../runtime/index.js";
import { permc, permcProcess } from "../support/cli.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { tempDir } from "../support/temp-dir.js";
import { blockedCases, HOOK_HOME, HOOK_PERMISSION, hookEvent, toolCases } from "./claude-hook-events.js";

const HOME = HOOK_HOME;
const PROJECT = tempDir("claude-hook");
mkdirSync(path.join(PROJECT, "src"));

let policy: Policy;
let modulePath: string;
beforeAll(async () => {
  const c = await compileAndLoad([piJson(HOOK_PERMISSION)], { home: HOME });
  expect(c.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  policy = c.policy!;
  modulePath = c.modulePath!;
});

function event(tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}): string {
  return hookEvent(PROJECT, tool_name, tool_input, extra);
}

async function decision(text: string): Promise<string> {
  const o = await runClaudeHook(policy, text, { home: HOME });
  if (o.exitCode === 2) {
    expect(o.stdout).toBe("");
    expect(o.stderr).toMatch(/^\[permc\] /);
    return "blocked";
  }
  const out = JSON.parse(o.stdout) as { hookSpecificOutput: Record<string, unknown> };
  expect(Object.keys(out)).toEqual(["hookSpecificOutput"]);
  expect(out.hookSpecificOutput.hookEventName).toBe("PreToolUse");
  expect(typeof out.hookSpecificOutput.permissionDecisionReason).toBe("string");
  return out.hookSpecificOutput.permissionDecision as string;
}

describe("every Claude Code tool, through the documented input", () => {
  it.each(toolCases(PROJECT))("%s %j → %s", async (tool, input, expected) => {
    expect(await decision(event(tool, input))).toBe(expected);
  });
});

describe("fail closed: what is not a decision blocks with exit 2", () => {
  it.each(blockedCases(PROJECT))("%s", async (_name, text) => {
    expect(await decision(text)).toBe("blocked");
  });

  it.each(["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"])(
    "tool name %s is an ordinary unknown tool, decided on its own surface (default ask)",
    async (tool) => {
      expect(await decision(event(tool, { query: "q", command: "x" }))).toBe("ask");
      // A path under any key meets the path rules.
      expect(await decision(event(tool, { query: "/etc/passwd" }))).toBe("deny");
    },
  );

  it("an unknown tool is decided by the policy, never let through undecided", async () => {
    const strict = (await compileAndLoad([piJson({ "*": "deny", bash: "allow" })], { home: HOME })).policy!;
    const o = await runClaudeHook(strict, event("SomeNewTool", { x: 1 }), { home: HOME });
    expect(JSON.parse(o.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("a missing, tampered or foreign-home module blocks every call, naming why", async () => {
    const tampered = path.join(PROJECT, "tampered.mjs");
    writeFileSync(tampered, readFileSync(modulePath, "utf8").replace(/(export const INPUT_HASH = "sha256:)[0-9a-f]/, "$1x"));
    for (const [file, home] of [
      [path.join(PROJECT, "missing.mjs"), HOME],
      [tampered, HOME],
      [modulePath, "/home/other"],
    ] as const) {
      const o = await runClaudeHook(await loadPolicy(file, { home }), event("Bash", { command: "git status" }), { home });
      expect(o.exitCode).toBe(2);
      expect(o.stderr).toMatch(/policy module is unusable/);
    }
  });

  it("a thrown error inside the gate blocks", async () => {
    const throwing = new Proxy(policy, {
      get: (t, k) =>
        k === "check"
          ? () => {
              throw new Error("boom");
            }
          : Reflect.get(t, k),
    });
    const o = await runClaudeHook(throwing, event("Bash", { command: "git status" }), { home: HOME });
    expect(o.exitCode).toBe(2);
    expect(o.stderr).toMatch(/boom/);
  });
});

describe("glob roots", () => {
  it.each([
    ["**/*.ts", null],
    ["src/*.ts", null],
    ["/etc/**/*.conf", "/etc"],
    ["../other/*.ts", "../other"],
    ["~/.ssh/*", "~/.ssh"],
    ["a/../../x/*", "a/../../x"],
    ["/", "/"],
  ])("%s → %s", (pattern, root) => {
    expect(escapingRoot(pattern)).toBe(root);
  });
});

describe("a module compiled for another platform", () => {
  it("blocks every call: its path rules fold case otherwise than this machine's volumes", async () => {
    const other = process.platform === "darwin" ? "posix" : "darwin";
    const c = await compileAndLoad([piJson(HOOK_PERMISSION)], { home: HOME, platform: other });
    const r = await permc(["hook", "claude", "--policy", c.modulePath!, "--home", HOME], { input: event("Bash", { command: "git status" }) });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`compiled for ${other}`));
  });
});

describe("the process boundary (the hook is a command Claude Code runs)", () => {
  it("pipes the documented JSON in and prints the documented decision; a bad module exits 2", () => {
    const ok = permcProcess(["hook", "claude", "--policy", modulePath, "--home", HOME], event("Bash", { command: "git push origin main" }));
    expect(ok.status, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: expect.stringContaining("git push") },
    });
    const bad = permcProcess(["hook", "claude", "--policy", path.join(PROJECT, "nope.mjs"), "--home", HOME], event("Bash", { command: "git status" }));
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toMatch(/nope\.mjs/);
  });
});

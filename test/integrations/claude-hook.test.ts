/**
 * `permc hook claude` through Claude Code's documented PreToolUse contract.
 * The events below are written from Claude Code's hooks reference and tool
 * inputs (docs/claude-code.md cites them): common fields `session_id`,
 * `transcript_path`, `cwd`, `permission_mode`, `hook_event_name`, then
 * `tool_name`, `tool_input` (and `tool_use_id`). The output is
 * `hookSpecificOutput.{hookEventName, permissionDecision,
 * permissionDecisionReason}` with exit 0, or exit 2 with the reason on stderr.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runClaudeHook } from "../../runtime/claude/hook.js";
import { escapingRoot } from "../../runtime/claude/tools.js";
import { loadPolicy, type Policy } from "../../runtime/index.js";
import { permcProcess } from "../support/cli.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { tempDir } from "../support/temp-dir.js";

const HOME = "/home/tester";
const PROJECT = tempDir("claude-hook");
mkdirSync(path.join(PROJECT, "src"));

const PERMISSION = {
  "*": "ask",
  bash: { "*": "ask", "git status": "allow", "git push *": "deny", "rm *": "deny" },
  read: { "*": "allow", "*.env": "deny" },
  write: { "*": "ask", "src/*": "allow" },
  edit: { "*": "ask", "src/*": "allow", "*.lock": "deny" },
  find: "allow",
  grep: "allow",
  ls: "allow",
  external_directory: { "*": "ask", "/etc": "deny", "/etc/*": "deny" },
  WebFetch: "allow",
  WebSearch: "deny",
  Task: "allow",
  TodoWrite: "allow",
  mcp: { "*": "ask", "github:get_issue": "allow", "github:delete_repo": "deny" },
};

let policy: Policy;
let modulePath: string;
beforeAll(async () => {
  const c = await compileAndLoad([piJson(PERMISSION)], { home: HOME });
  expect(c.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  policy = c.policy!;
  modulePath = c.modulePath!;
});

function event(tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: "abc123",
    transcript_path: "/home/tester/.claude/projects/p/abc123.jsonl",
    cwd: PROJECT,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name,
    tool_input,
    tool_use_id: "toolu_01",
    ...extra,
  });
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
  const abs = (p: string) => path.join(PROJECT, p);
  it.each([
    ["Bash", { command: "git status", description: "Show working tree status" }, "allow"],
    ["Bash", { command: "git push origin main", description: "Push", timeout: 120000 }, "deny"],
    ["Bash", { command: "git status && rm -rf build", run_in_background: false }, "deny"],
    ["Bash", { command: "npm test" }, "ask"],
    ["Read", { file_path: abs("src/a.ts") }, "allow"],
    ["Read", { file_path: abs(".env"), offset: 1, limit: 10 }, "deny"],
    ["Read", { file_path: "/etc/passwd" }, "deny"],
    ["Write", { file_path: abs("src/new.ts"), content: "x" }, "allow"],
    ["Write", { file_path: abs("README.md"), content: "x" }, "ask"],
    ["Edit", { file_path: abs("src/a.ts"), old_string: "a", new_string: "b", replace_all: false }, "allow"],
    ["Edit", { file_path: abs("package.lock"), old_string: "a", new_string: "b" }, "deny"],
    ["MultiEdit", { file_path: abs("src/a.ts"), edits: [{ old_string: "a", new_string: "b" }] }, "allow"],
    ["MultiEdit", { file_path: abs("yarn.lock"), edits: [] }, "deny"],
    ["NotebookEdit", { notebook_path: abs("src/n.ipynb"), new_source: "print(1)", cell_id: "c1" }, "allow"],
    ["NotebookEdit", { notebook_path: abs("n.ipynb"), new_source: "x" }, "ask"],
    ["Glob", { pattern: "**/*.ts" }, "allow"],
    ["Glob", { pattern: "src/**/*.ts", path: abs("src") }, "allow"],
    ["Glob", { pattern: "/etc/**/*.conf" }, "deny"],
    ["Glob", { pattern: "*.conf", path: "/etc" }, "deny"],
    ["Grep", { pattern: "TODO", path: abs("src"), glob: "*.ts", output_mode: "content" }, "allow"],
    ["Grep", { pattern: "root", path: "/etc" }, "deny"],
    ["LS", { path: abs("src") }, "allow"],
    ["WebFetch", { url: "https://example.com", prompt: "summarise" }, "allow"],
    ["WebSearch", { query: "permc" }, "deny"],
    ["Task", { description: "d", prompt: "p", subagent_type: "general-purpose" }, "allow"],
    ["TodoWrite", { todos: [{ content: "x", status: "pending", activeForm: "x" }] }, "allow"],
    ["mcp__github__get_issue", { owner: "o", repo: "r", issue_number: 1 }, "allow"],
    ["mcp__github__delete_repo", { owner: "o", repo: "r" }, "deny"],
    ["mcp__memory__create_entities", { entities: [] }, "ask"],
    ["ExitPlanMode", { plan: "p" }, "ask"],
  ] as const)("%s %j → %s", async (tool, input, expected) => {
    expect(await decision(event(tool, input))).toBe(expected);
  });
});

describe("fail closed: what is not a decision blocks with exit 2", () => {
  it.each([
    ["not JSON", "{tool_name: Bash"],
    ["empty stdin", ""],
    ["a JSON array", "[]"],
    ["no tool_name", JSON.stringify({ hook_event_name: "PreToolUse", tool_input: {}, cwd: "/" })],
    ["tool_input not an object", event("Bash", "git status")],
    ["Bash without command", event("Bash", { description: "x" })],
    ["Bash command not a string", event("Bash", { command: ["rm", "-rf", "/"] })],
    ["Read without file_path", event("Read", { path: "/etc/passwd" })],
    ["Write with a numeric file_path", event("Write", { file_path: 7, content: "" })],
    ["a relative cwd", event("Bash", { command: "git status" }, { cwd: "proj" })],
    ["another hook event", event("Bash", { command: "git status" }, { hook_event_name: "PostToolUse" })],
  ])("%s", async (_name, text) => {
    expect(await decision(text)).toBe("blocked");
  });

  it.each(["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"])(
    "tool name %s is an ordinary unknown tool, decided on its own surface (default ask)",
    async (tool) => {
      expect(await decision(event(tool, { file_path: "/etc/passwd", command: "rm -rf /" }))).toBe("ask");
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

/**
 * The Claude Code adapter is closed world (issue 34): no tool call reaches an
 * allowing `*` by a shape permc does not model. Each row is Claude Code's own
 * PreToolUse input (tool names and fields from Claude Code 2.1.332's tool list
 * and SDK types), decided through `runClaudeHook`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runClaudeHook } from "../../runtime/claude/hook.js";
import type { Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { tempDir } from "../support/temp-dir.js";
import { hookEvent } from "./claude-hook-events.js";

const ROOT = tempDir("claude-adapter");
const HOME = path.join(ROOT, "home");
const PROJECT = path.join(ROOT, "project");
mkdirSync(path.join(PROJECT, "src"), { recursive: true });
mkdirSync(path.join(HOME, ".ssh"), { recursive: true });
writeFileSync(path.join(HOME, ".ssh", "id_rsa"), "KEY\n");
writeFileSync(path.join(PROJECT, ".env"), "SECRET=1\n");

/** The policy: everything allowed but `rm`, and the usual secrets. */
const OPEN = { "*": "allow", bash: { "*": "allow", "rm *": "deny" }, path: { "*": "allow", "*.env": "deny", "/etc/*": "deny", "~/.ssh/*": "deny" } };
/** An imported policy whose default asks. */
const ASKING = { "*": "ask", bash: { "*": "ask", "git status": "allow" } };

const policies = new Map<string, Policy>();
beforeAll(async () => {
  for (const [name, permission] of Object.entries({
    OPEN,
    ASKING,
    NAMED: { ...OPEN, CronCreate: "allow", PowerShell: "allow", TodoWrite: "deny" },
    LEGACY: { ...OPEN, Task: "deny" },
  })) {
    policies.set(name, (await compileAndLoad([piJson(permission)], { home: HOME })).policy!);
  }
});

async function decide(policy: string, tool: string, input: unknown): Promise<string> {
  const o = await runClaudeHook(policies.get(policy)!, hookEvent(PROJECT, tool, input), { home: HOME });
  if (o.exitCode === 2) return "blocked";
  return (JSON.parse(o.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision;
}

describe("tools permc does not model ask, though `*` allows", () => {
  it.each([
    ["Artifact", { action: "publish", file_path: "src/page.html" }],
    ["CronCreate", { cron: "*/5 * * * *", prompt: "run the deploy" }],
    ["EnterWorktree", { name: "w" }],
    ["Workflow", { script: "x" }],
    ["RemoteTrigger", { action: "run", trigger_id: "t" }],
    ["SomeToolOfClaudeCode3", { x: 1 }],
    ["Monitor", { description: "watch", timeout_ms: 1000, ws: { url: "wss://example.com" } }],
  ])("%s → ask", async (tool, input) => {
    expect(await decide("OPEN", tool, input)).toBe(tool === "Monitor" ? "blocked" : "ask");
  });

  it("a rule naming the tool exactly decides it", async () => {
    expect(await decide("NAMED", "CronCreate", { cron: "* * * * *", prompt: "p" })).toBe("allow");
  });

  it("the path fields of a tool known in part meet the path rules", async () => {
    expect(await decide("OPEN", "Artifact", { action: "publish", file_path: path.join(PROJECT, ".env") })).toBe("deny");
    expect(await decide("OPEN", "Artifact", { action: "publish", file_paths: ["src/a.html", `${HOME}/.ssh/id_rsa`] })).toBe("deny");
    expect(await decide("NAMED", "Artifact", { action: "read_asset", asset_id: "a", out_dir: "/etc/cron.d" })).toBe("deny");
    expect(await decide("OPEN", "EnterWorktree", { path: "/etc/w" })).toBe("deny");
  });
});

describe("PowerShell: permc cannot read it", () => {
  it.each([
    ["rm -rf victim", "OPEN", "deny"],
    ["Remove-Item -Recurse victim", "OPEN", "ask"],
    ["Get-Content .env", "OPEN", "deny"],
    ["Remove-Item -Recurse victim", "NAMED", "allow"],
    ["rm -rf victim", "NAMED", "deny"],
  ])("%s under %s → %s", async (command, policy, action) => {
    expect(await decide(policy, "PowerShell", { command })).toBe(action);
  });

  it("without a string command it is blocked", async () => {
    expect(await decide("OPEN", "PowerShell", { command: ["rm", "x"] })).toBe("blocked");
  });
});

describe("tools Claude Code never asks permission for are allowed whatever the default", () => {
  it.each([
    ["TodoWrite", { todos: [] }],
    ["ExitPlanMode", { plan: "p" }],
    ["AskUserQuestion", { questions: [] }],
    ["TaskList", {}],
    ["TaskCreate", { subject: "s", description: "d" }],
    ["BashOutput", { bash_id: "b" }],
    ["KillShell", { shell_id: "b" }],
  ])("%s → allow", async (tool, input) => {
    expect(await decide("ASKING", tool, input)).toBe("allow");
  });

  it("unless a rule names the tool", async () => {
    expect(await decide("NAMED", "TodoWrite", { todos: [] })).toBe("deny");
  });

  it("never when the gate cannot decide at all (a module compiled for another home)", async () => {
    const o = await runClaudeHook(policies.get("ASKING")!, hookEvent(PROJECT, "TodoWrite", { todos: [] }), { home: "/somewhere/else" });
    expect(o.exitCode).toBe(2);
  });
});

describe("the other tools Claude Code ships", () => {
  it.each([
    ["Monitor", { description: "d", timeout_ms: 1, command: "tail -f log; rm -rf victim" }, "deny"],
    ["Monitor", { description: "d", timeout_ms: 1, command: "tail -f log" }, "allow"],
    ["LSP", { operation: "hover", filePath: path.join(PROJECT, ".env"), line: 1, character: 1 }, "deny"],
    ["LSP", { operation: "hover", filePath: path.join(PROJECT, "src/a.ts"), line: 1, character: 1 }, "allow"],
    ["WebFetch", { url: "https://example.com", prompt: "p" }, "allow"],
  ])("%s %j → %s", async (tool, input, action) => {
    expect(await decide("OPEN", tool, input)).toBe(action);
  });

  it("an older name and the new one are one tool (Task is Agent)", async () => {
    expect(await decide("LEGACY", "Agent", { description: "d", prompt: "p" })).toBe("deny");
    expect(await decide("LEGACY", "Task", { description: "d", prompt: "p" })).toBe("deny");
    expect(await decide("OPEN", "Agent", { description: "d", prompt: "p" })).toBe("allow");
  });

  it("Skill is decided on permc's skill surface, as `permc import claude` writes Skill rules", async () => {
    const p = (await compileAndLoad([piJson({ "*": "allow", skill: { "*": "allow", deploy: "deny" } })], { home: HOME })).policy!;
    const o = await runClaudeHook(p, hookEvent(PROJECT, "Skill", { skill: "deploy" }), { home: HOME });
    expect(JSON.parse(o.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
  });
});

describe("paths under any key and file: URLs in every form", () => {
  it.each([
    ["mcp__git__git_show", { repo_path: `${HOME}/.ssh`, revision: "HEAD" }],
    ["mcp__fs__read_file", { fullPath: path.join(PROJECT, ".env") }],
    ["mcp__fs__read_file", { relative_path: ".env" }],
    ["mcp__fs__read_file", { pathname: "./.env" }],
    ["mcp__fs__copy", { from: `${HOME}/.ssh/id_rsa`, to: "/tmp/x" }],
    ["mcp__fs__read", { working_dir: `${HOME}/.ssh`, name: "id_rsa" }],
    ["mcp__fs__read", { nested: [["~/.ssh/id_rsa"]] }],
    ["WebFetch", { url: `file:${PROJECT}/.env`, prompt: "x" }],
    ["WebFetch", { url: " file:///etc/passwd", prompt: "x" }],
    ["WebFetch", { url: "FILE://somehost/etc/passwd", prompt: "x" }],
    ["WebFetch", { url: "file:\\\\\\etc\\passwd", prompt: "x" }],
    ["mcp__fetch__fetch", { target: "\tfile:/etc/passwd" }],
  ])("%s %j → deny", async (tool, input) => {
    expect(await decide("OPEN", tool, input)).toBe("deny");
  });

  it.each([
    ["mcp__git__git_log", { repo_path: PROJECT, max_count: 5 }],
    ["mcp__fs__read_file", { relative_path: "src" }],
    ["mcp__search__search", { query: "how to read .env files safely" }],
    ["WebFetch", { url: "https://example.com/etc/passwd", prompt: "x" }],
  ])("%s %j → allow", async (tool, input) => {
    expect(await decide("OPEN", tool, input)).toBe("allow");
  });
});

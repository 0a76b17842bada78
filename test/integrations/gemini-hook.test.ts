/**
 * `permc hook gemini` through Gemini CLI's BeforeTool contract (0.61.0, read
 * from its bundle: the hook runner, `BeforeToolHookOutput`, the tool
 * declarations; docs/gemini.md). Input: `session_id`, `transcript_path`,
 * `cwd`, `hook_event_name`, `timestamp`, `tool_name`, `tool_input`, and for an
 * MCP tool `mcp_context`. Output: `{"decision","reason"}` with exit 0, or
 * exit 2 with the reason on stderr.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runGeminiHook } from "../../runtime/gemini/hook.js";
import { permc } from "../support/cli.js";
import { HOST_HOOK_HOME, hostHookFixture } from "./host-hook-policy.js";

const HOME = HOST_HOOK_HOME;
const fixture = hostHookFixture("gemini-hook");
const PROJECT = fixture.project;

/** One event as Gemini CLI 0.61.0 builds it (createBaseInput + fireBeforeToolEvent). */
function event(tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: "5b0c3f1e",
    transcript_path: "",
    cwd: PROJECT,
    hook_event_name: "BeforeTool",
    timestamp: "2026-12-06T01:00:00.000Z",
    tool_name,
    tool_input,
    ...extra,
  });
}

async function decision(text: string): Promise<string> {
  const o = await runGeminiHook(fixture.policy(), text, { home: HOME });
  if (o.exitCode === 2) {
    expect(o.stdout).toBe("");
    expect(o.stderr).toMatch(/^\[permc\] /);
    return "blocked";
  }
  const out = JSON.parse(o.stdout) as Record<string, unknown>;
  expect(Object.keys(out)).toEqual(["decision", "reason"]);
  expect(typeof out.reason).toBe("string");
  return out.decision as string;
}

const abs = (p: string) => path.join(PROJECT, p);
const github = (tool: string) => ({ mcp_context: { server_name: "github", tool_name: tool, command: "gh-mcp", args: [] } });

describe("Gemini CLI's tools, through its hook input", () => {
  it.each([
    ["run_shell_command", { command: "git status", description: "status" }, {}, "allow"],
    ["run_shell_command", { command: "git status && rm -rf build" }, {}, "deny"],
    ["run_shell_command", { command: "npm test", is_background: false }, {}, "ask"],
    ["run_shell_command", { command: "ls -la", dir_path: "src" }, {}, "allow"],
    ["run_shell_command", { command: "ls -la", dir_path: "/etc" }, {}, "deny"],
    ["read_file", { file_path: abs("src/a.ts") }, {}, "allow"],
    ["read_file", { file_path: abs(".env"), start_line: 1 }, {}, "deny"],
    ["write_file", { file_path: abs("src/new.ts"), content: "x" }, {}, "allow"],
    ["write_file", { file_path: abs(".env"), content: "SECRET=1" }, {}, "deny"],
    ["write_file", { file_path: abs("README.md"), content: "x" }, {}, "ask"],
    ["replace", { file_path: abs("src/a.ts"), old_string: "a", new_string: "b", instruction: "x" }, {}, "allow"],
    ["replace", { file_path: abs("prod.env"), old_string: "a", new_string: "b" }, {}, "deny"],
    ["glob", { pattern: "**/*.ts" }, {}, "allow"],
    ["glob", { pattern: "/etc/*" }, {}, "deny"],
    ["grep_search", { pattern: "TODO", dir_path: "src" }, {}, "allow"],
    ["search_file_content", { pattern: "TODO", include_pattern: "/etc/*" }, {}, "deny"],
    ["list_directory", { dir_path: "/etc" }, {}, "deny"],
    ["read_many_files", { include: ["src/a.ts"] }, {}, "ask"],
    ["read_many_files", { include: [".env"] }, {}, "deny"],
    ["web_fetch", { prompt: "summarize https://example.com" }, {}, "allow"],
    ["google_web_search", { query: "x" }, {}, "deny"],
    ["write_todos", { todos: [] }, {}, "allow"],
    // Declared to the model in every 0.61.0 session beside run_shell_command: they read this session's background shells only.
    ["list_background_processes", {}, {}, "allow"],
    ["read_background_output", { pid: 4242, lines: 20, delay_ms: 100 }, {}, "allow"],
    ["mcp_github_get_issue", { issue_number: 1 }, github("get_issue"), "allow"],
    ["mcp_github_delete_repo", { repo: "r" }, github("delete_repo"), "deny"],
    ["mcp_github_delete_repo", { repo: "r" }, {}, "ask"],
    ["exit_plan_mode", { plan_filename: "p.md" }, {}, "ask"],
  ] as const)("%s %j %j → %s", async (tool, input, extra, expected) => {
    expect(await decision(event(tool, input, extra))).toBe(expected);
  });
});

describe("fail closed", () => {
  it.each([
    ["a shell without a command", event("run_shell_command", { cmd: "ls" })],
    ["a dir_path that is no string", event("run_shell_command", { command: "ls", dir_path: 3 })],
    ["another event", event("run_shell_command", { command: "ls" }, { hook_event_name: "AfterTool" })],
    ["not JSON", "{"],
  ])("%s → blocked or denied", async (_name, text) => {
    expect(["blocked", "deny"]).toContain(await decision(text));
  });
});

describe("permc hook gemini (the command)", () => {
  it("answers the decision for run_shell_command and write_file", async () => {
    const run = (input: string) => permc(["hook", "gemini", "--policy", fixture.modulePath(), "--home", HOME], { input });
    const denied = await run(event("run_shell_command", { command: "git status && rm -rf build" }));
    expect(denied.status).toBe(0);
    expect(JSON.parse(denied.stdout).decision).toBe("deny");
    expect(JSON.parse(denied.stdout).reason).toMatch(/rm/);
    expect(JSON.parse((await run(event("run_shell_command", { command: "git status" }))).stdout).decision).toBe("allow");
    expect(JSON.parse((await run(event("write_file", { file_path: abs(".env"), content: "x" }))).stdout).decision).toBe("deny");
    const missing = await permc(["hook", "gemini", "--policy", path.join(PROJECT, "nope.mjs"), "--home", HOME], {
      input: event("run_shell_command", { command: "ls" }),
    });
    expect(missing.status).toBe(2);
  });
});

describe("--ask-blocks: a session nobody answers (gemini -p)", () => {
  it("answers an ask with a deny that keeps its reason; allow and deny are unchanged", async () => {
    const ask = event("run_shell_command", { command: "npm test", is_background: false });
    const asked = JSON.parse((await runGeminiHook(fixture.policy(), ask, { home: HOME })).stdout) as { decision: string; reason: string };
    expect(asked.decision).toBe("ask");
    const blocked = JSON.parse((await runGeminiHook(fixture.policy(), ask, { home: HOME, askBlocks: true })).stdout) as { decision: string; reason: string };
    expect(blocked.decision).toBe("deny");
    expect(blocked.reason).toContain(asked.reason);
    expect(blocked.reason).toMatch(/cannot ask/);
    const allow = event("run_shell_command", { command: "git status" });
    expect(JSON.parse((await runGeminiHook(fixture.policy(), allow, { home: HOME, askBlocks: true })).stdout).decision).toBe("allow");
  });

  it("is the command's --ask-blocks, and only gemini's", async () => {
    const ask = event("run_shell_command", { command: "npm test" });
    const out = await permc(["hook", "gemini", "--policy", fixture.modulePath(), "--home", HOME, "--ask-blocks"], { input: ask });
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout).decision).toBe("deny");
    const codex = await permc(["hook", "codex", "--policy", fixture.modulePath(), "--home", HOME, "--ask-blocks"], { input: ask });
    expect(codex.status).toBe(2);
  });
});

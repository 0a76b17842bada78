/**
 * Claude Code PreToolUse events, written from Claude Code's hooks reference
 * and tool inputs (docs/claude-code.md cites them), with the decisions the
 * policy below gives: shared by the hook's contract tests and the test that
 * the cached bundle answers byte for byte as the regular command does.
 * Common fields `session_id`, `transcript_path`, `cwd`, `permission_mode`,
 * `hook_event_name`, then `tool_name`, `tool_input` (and `tool_use_id`).
 */
import path from "node:path";

export const HOOK_HOME = "/home/tester";

export const HOOK_PERMISSION = {
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

/** One event as Claude Code sends it, for a session whose cwd is `project`. */
export function hookEvent(project: string, tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: "abc123",
    transcript_path: "/home/tester/.claude/projects/p/abc123.jsonl",
    cwd: project,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name,
    tool_input,
    tool_use_id: "toolu_01",
    ...extra,
  });
}

/** Every Claude Code tool through its documented input, with HOOK_PERMISSION's decision (`project` has a `src/`). */
export function toolCases(project: string) {
  const abs = (p: string) => path.join(project, p);
  return [
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
    // Claude Code asks no permission for its session-state tools: allowed whatever the default, unless a rule names them.
    ["ExitPlanMode", { plan: "p" }, "allow"],
    ["AskUserQuestion", { questions: [] }, "allow"],
    ["TaskList", {}, "allow"],
    // A tool permc does not model asks though `*` … here asks anyway; see claude-adapter.test.ts for `*: allow`.
    ["CronCreate", { cron: "* * * * *", prompt: "p" }, "ask"],
    ["PowerShell", { command: "Get-ChildItem" }, "ask"],
    ["PowerShell", { command: "rm -rf build" }, "deny"],
    ["Agent", { description: "d", prompt: "p" }, "allow"],
  ] as const;
}

/** Inputs that are not a decision: each blocks with exit 2. */
export function blockedCases(project: string): ReadonlyArray<readonly [name: string, stdin: string]> {
  const event = (tool: string, input: unknown, extra?: Record<string, unknown>) => hookEvent(project, tool, input, extra);
  return [
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
  ];
}

/**
 * `permc hook codex` through Codex CLI's PreToolUse contract (0.171.0, read
 * from the schema its binary embeds: `pre-tool-use.command.input` /
 * `.output`; docs/codex.md). Input: Claude Code's shape with `turn_id`,
 * `tool_use_id`, `model`, `permission_mode`. Output: a deny decision (Codex
 * rejects a bare allow and any ask as unsupported, then runs the call), or
 * nothing for allow, or exit 2 with the reason on stderr.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCodexHook } from "../../runtime/codex/hook.js";
import { permc } from "../support/cli.js";
import { HOST_HOOK_HOME, hostHookFixture } from "./host-hook-policy.js";

const HOME = HOST_HOOK_HOME;
const fixture = hostHookFixture("codex-hook");
const PROJECT = fixture.project;

/** One event as Codex 0.171.0 sends it (every field its input schema requires). */
function event(tool_name: string, tool_input: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: "0199a213-81c0-7800-8aa1-bbab2a035a53",
    turn_id: "1",
    transcript_path: null,
    cwd: PROJECT,
    hook_event_name: "PreToolUse",
    model: "gpt-5",
    permission_mode: "default",
    tool_name,
    tool_input,
    tool_use_id: "call_1",
    ...extra,
  });
}

const patch = (...body: string[]) => ["*** Begin Patch", ...body, "*** End Patch"].join("\n");

/** "allow" (no output), "deny" (with the reason it names), or "blocked" (exit 2). */
async function decision(text: string): Promise<string> {
  const o = await runCodexHook(fixture.policy(), text, { home: HOME });
  if (o.exitCode === 2) {
    expect(o.stdout).toBe("");
    expect(o.stderr).toMatch(/^\[permc\] /);
    return "blocked";
  }
  if (o.stdout === "") return "allow";
  const out = JSON.parse(o.stdout) as { hookSpecificOutput: Record<string, unknown> };
  expect(out).toEqual({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: expect.stringMatching(/\S/) },
  });
  return (out.hookSpecificOutput.permissionDecisionReason as string).includes("Codex hooks cannot ask") ? "ask→deny" : "deny";
}

describe("Codex's tools, through its hook input", () => {
  it.each([
    ["Bash", { command: "git status" }, "allow"],
    ["Bash", { command: "git status && rm -rf build" }, "deny"],
    ["Bash", { command: "npm test" }, "ask→deny"],
    ["apply_patch", { command: patch("*** Add File: .env", "+SECRET=1") }, "deny"],
    ["apply_patch", { command: patch("*** Add File: src/a.ts", "+export {};") }, "allow"],
    ["apply_patch", { command: patch("*** Update File: src/a.ts", "*** Move to: prod.env", "@@", "-a", "+b") }, "deny"],
    ["apply_patch", { command: patch("*** Delete File: README.md") }, "ask→deny"],
    ["apply_patch", { command: patch("*** Add File: src/b.ts", "+x", "*** Add File: /etc/cron.d/x", "+y") }, "deny"],
    ["mcp__github__get_issue", { issue_number: 1 }, "allow"],
    ["mcp__github__delete_repo", { repo: "r" }, "deny"],
    ["mcp__memory__create_entities", { entities: [] }, "ask→deny"],
    ["view_image", { path: "/tmp/x.png" }, "ask→deny"],
  ] as const)("%s %j → %s", async (tool, input, expected) => {
    expect(await decision(event(tool, input))).toBe(expected);
  });
});

describe("fail closed", () => {
  it.each([
    ["a patch that cannot be read", event("apply_patch", { command: patch("*** Add File: a.ts ", "+x") })],
    ["a patch naming no file", event("apply_patch", { command: patch() })],
    ["apply_patch without its text", event("apply_patch", { input: "x" })],
    ["Bash without a command", event("Bash", { cmd: "ls" })],
    ["another event", event("Bash", { command: "ls" }, { hook_event_name: "PostToolUse" })],
    ["not JSON", "{"],
    ["a relative cwd", event("Bash", { command: "ls" }, { cwd: "rel" })],
  ])("%s → blocked or denied", async (_name, text) => {
    expect(["blocked", "deny"]).toContain(await decision(text));
  });
});

describe("permc hook codex (the command)", () => {
  it("answers deny for a denied command, nothing for an allowed one, and blocks without a policy", async () => {
    const denied = await permc(["hook", "codex", "--policy", fixture.modulePath(), "--home", HOME], {
      input: event("Bash", { command: "git status && rm -rf build" }),
    });
    expect(denied.status).toBe(0);
    expect(JSON.parse(denied.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    expect(JSON.parse(denied.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(/rm/);
    const allowed = await permc(["hook", "codex", "--policy", fixture.modulePath(), "--home", HOME], { input: event("Bash", { command: "git status" }) });
    expect([allowed.status, allowed.stdout]).toEqual([0, ""]);
    const missing = await permc(["hook", "codex", "--policy", path.join(PROJECT, "nope.mjs"), "--home", HOME], {
      input: event("Bash", { command: "git status" }),
    });
    expect(missing.status).toBe(2);
    const sandboxed = await permc(["hook", "codex", "--policy", fixture.modulePath(), "--home", HOME, "--sandbox"], {
      input: event("Bash", { command: "git status" }),
    });
    expect(sandboxed.status).toBe(2);
  });
});

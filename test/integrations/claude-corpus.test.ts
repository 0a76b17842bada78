/**
 * A policy imported from real Claude Code settings (the corpus fixtures,
 * provenance in test/fixtures/corpus/README.md) and enforced through the
 * hook decides each rule's own examples at least as strictly as Claude Code:
 * an example of a deny rule is denied, of an ask rule asked or denied (Claude
 * checks deny, then ask, then allow). Allow examples must get a decision
 * (no block), and some stay allowed, so the check is not vacuous.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allNotes, importPolicy, renderPerm } from "../../compiler/import/index.js";
import { runClaudeHook } from "../../runtime/claude/hook.js";
import { compileAndLoad } from "../support/compile-and-load.js";
import { CORPUS_DIR } from "../support/fixtures.js";
import { tempDir } from "../support/temp-dir.js";

const HOME = "/home/tester";
const PROJECT = tempDir("claude-corpus");
mkdirSync(path.join(PROJECT, "secrets"));
const FILES = [
  "Hakkadaikon__dotfiles__home_.claude_settings.json",
  "JonatanCruz__dotfiles__claude_.claude_settings.json",
  "Tapppi__dotfiles__home_.claude_settings.json",
];
const RANK: Record<string, number> = { allow: 0, ask: 1, deny: 2 };

/** A concrete value a Claude wildcard specifier matches: `:*` and a trailing ` *` take an argument, other `*` a word. */
function bashExample(spec: string): string {
  return spec.replace(/:\*$/, " --x").replace(/ \*$/, " arg").replace(/\*\*/g, "a").replace(/\*/g, "x");
}

/** A file a Claude path specifier matches (gitignore style, project root = cwd). */
function pathExample(spec: string): string {
  const filled = spec.replace(/\*\*/g, "a").replace(/\*/g, "x");
  if (filled.startsWith("//")) return filled.slice(1);
  if (filled.startsWith("~/")) return path.join(HOME, filled.slice(2));
  return path.join(PROJECT, filled.replace(/^\.?\//, ""));
}

function example(rule: string): { tool: string; input: Record<string, unknown> } | null {
  const m = /^(\w+)(?:\((.*)\))?$/s.exec(rule);
  if (!m) return null;
  const [, tool, spec] = m as unknown as [string, string, string | undefined];
  if (tool === "Bash") return { tool, input: { command: spec === undefined ? "ls" : bashExample(spec) } };
  if (["Read", "Edit", "Write"].includes(tool)) {
    const file = spec === undefined ? path.join(PROJECT, "a.txt") : pathExample(spec);
    return {
      tool,
      input:
        tool === "Edit" ? { file_path: file, old_string: "a", new_string: "b" } : tool === "Write" ? { file_path: file, content: "" } : { file_path: file },
    };
  }
  if (tool === "WebFetch") return { tool, input: { url: `https://${spec?.replace(/^domain:/, "") ?? "example.com"}/`, prompt: "p" } };
  return null;
}

describe.each(FILES)("%s through the hook", (file) => {
  it("each rule's example is decided at least as strictly as Claude Code decides it", async () => {
    const text = readFileSync(path.join(CORPUS_DIR, "claude", file), "utf8");
    const imported = importPolicy("claude", file, text);
    if ("error" in imported) throw new Error(imported.error);
    expect(allNotes(imported).filter((n) => n.widens === true)).toEqual([]);
    const compiled = await compileAndLoad([{ file: "imported.perm", text: renderPerm(imported), scope: "global", kind: "perm-dsl" }], { home: HOME });
    expect(compiled.policy, JSON.stringify(compiled.diagnostics)).not.toBeNull();
    const perms = (JSON.parse(text) as { permissions: Record<string, string[]> }).permissions;
    let checked = 0;
    let allowedStill = 0;
    for (const tier of ["deny", "ask", "allow"] as const) {
      for (const rule of perms[tier] ?? []) {
        const call = example(rule);
        if (!call) continue;
        const hookEvent = JSON.stringify({ session_id: "s", cwd: PROJECT, hook_event_name: "PreToolUse", tool_name: call.tool, tool_input: call.input });
        const o = await runClaudeHook(compiled.policy!, hookEvent, { home: HOME });
        expect(o.exitCode, `${rule}: ${o.stderr}`).toBe(0);
        const got = JSON.parse(o.stdout).hookSpecificOutput.permissionDecision as string;
        // Claude's own answer is at least this rule's tier (a deny rule also matching only raises it).
        expect(RANK[got]!, `${tier} rule ${rule} → ${JSON.stringify(call.input)} was ${got}`).toBeGreaterThanOrEqual(RANK[tier]!);
        if (tier === "allow" && got === "allow") allowedStill++;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1);
    if ((perms.allow ?? []).some((r) => r.startsWith("Bash("))) expect(allowedStill).toBeGreaterThan(0);
  });
});

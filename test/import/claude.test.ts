import { beforeAll, describe, expect, it } from "vitest";
import type { Policy } from "../../runtime/index.js";
import { importAndCompile, decide } from "./helpers.js";

// Deny rules are listed first on purpose: Claude's tiers, not list order, decide.
const SETTINGS = {
  permissions: {
    deny: ["Bash(rm -rf *)", "Read(./.env)", "Bash(curl *)", "WebFetch(domain:evil.example)"],
    allow: [
      "Bash(npm run test:*)",
      "Bash(git status)",
      "Bash(ls *)",
      "Bash(rm *)",
      "Bash(curl *)",
      "Read(~/.ssh/**)",
      "Edit(src/**)",
      "mcp__github__create_issue",
      "mcp__context7",
      "WebSearch",
    ],
    ask: ["Bash(git push *)", "Bash(rm *)"],
    additionalDirectories: ["~/shared/"],
  },
};

describe("claude import decides as Claude Code documents", () => {
  let policy: Policy;
  beforeAll(async () => {
    const r = await importAndCompile("claude", "settings.json", JSON.stringify(SETTINGS));
    expect(r.errors).toEqual([]);
    policy = r.policy!;
  });

  it.each([
    ["bash", "npm run test:unit", "allow", "legacy `:*` is a prefix: npm run test:unit starts with npm run test"],
    ["bash", "npm run test", "allow", "the prefix alone"],
    ["bash", "npm run build", "ask", "outside every rule: the default asks"],
    ["bash", "git status", "allow", "an exact command"],
    ["bash", "git status -s", "ask", "an exact command covers nothing longer"],
    ["bash", "ls -la", "allow", "`ls *` with arguments"],
    ["bash", "lsof", "ask", "`ls *` needs the space"],
    ["bash", "curl https://x", "deny", "deny beats allow for the same rule"],
    ["bash", "rm -rf /", "deny", "deny beats allow and ask, though listed first"],
    ["bash", "rm x", "ask", "ask beats allow"],
    ["bash", "git push origin", "ask", "an ask rule"],
    ["read", ".env", "deny", "Read(./.env) denies reading .env"],
    ["grep", ".env", "deny", "Read rules govern grep too"],
    ["read", "src/a.ts", "allow", "reading in the working directory is allowed by default"],
    ["read", "/home/tester/.ssh/id_rsa", "allow", "~/.ssh/** under home"],
    ["edit", "src/a/b.ts", "allow", "src/** covers every depth"],
    ["write", "src/a.ts", "allow", "Edit rules govern write"],
    ["edit", "lib/a.ts", "ask", "edits elsewhere ask"],
    ["mcp", "github:create_issue", "allow", "mcp__server__tool"],
    ["mcp", "context7:resolve", "allow", "a bare server covers its tools"],
    ["mcp", "other:x", "ask", "other servers ask"],
    ["WebSearch", "*", "allow", "a tool name alone"],
    ["external_directory", "/home/tester/shared/x", "allow", "additionalDirectories"],
  ])("%s %j → %s (%s)", (surface, value, expected) => {
    expect(decide(policy, surface, value)).toBe(expected);
  });
});

describe("claude import reports what it cannot translate exactly", () => {
  it.each([
    ["Edit(src/*.ts)", "inexact", "crosses `/`"],
    ["WebFetch(domain:evil.example)", "dropped", "WIDENS"],
    ["Bash(rm -r /)*", "dropped", "not a Claude permission rule"],
    ["// comment", "dropped", "a comment written as a rule string"],
    ["Read(secret[0-9].txt)", "inexact", "literal"],
  ])("%s → %s", async (rule, kind, text) => {
    const { result } = await importAndCompile("claude", "s.json", JSON.stringify({ permissions: { deny: [rule] } }));
    expect(result.notes.some((n) => n.kind === kind && n.source === rule && n.message.includes(text))).toBe(true);
  });

  it("says in the output how the tiers were ordered", async () => {
    const { perm } = await importAndCompile("claude", "s.json", "{}");
    expect(perm).toContain("# Claude Code checks deny, then ask, then allow");
  });

  it.each([
    ["bypassPermissions", "bash", "x", "allow"],
    ["acceptEdits", "edit", "a.ts", "allow"],
    ["default", "edit", "a.ts", "ask"],
    ["dontAsk", "bash", "x", "deny"],
  ])("defaultMode %s: %s %j → %s", async (mode, surface, value, expected) => {
    const { policy } = await importAndCompile("claude", "s.json", JSON.stringify({ permissions: { defaultMode: mode } }));
    expect(decide(policy!, surface, value)).toBe(expected);
  });

  it("reads trailing commas and comments", async () => {
    const { policy, result } = await importAndCompile("claude", "s.json", '{"permissions": {"allow": ["Bash(make:*)",], // x\n}}');
    expect(decide(policy!, "bash", "make all")).toBe("allow");
    expect(result.notes[0]!.message).toContain("read leniently");
  });
});

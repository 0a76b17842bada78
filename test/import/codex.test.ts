import { describe, expect, it } from "vitest";
import { importAndCompile, decide } from "./helpers.js";

const RULES = `
# comments are fine
prefix_rule(pattern = ["git"], decision = "allow")
prefix_rule(
    pattern = ["git", ["push", "fetch"]],
    decision = "prompt",
    match = ["git push origin main", ["git", "fetch"]],
    not_match = ["git status"],
)
prefix_rule(pattern = ['git', 'push', '--force'], decision = "forbidden", justification = "never rewrite remote history")
`;

describe("codex import decides as Codex documents (strictest matching rule)", () => {
  it.each([
    ["git status", "allow"],
    ["git push origin", "ask"],
    ["git fetch", "ask"],
    ["git push --force origin", "deny"],
    ["gitk", "ask"],
    ["ls", "ask"],
  ])("%j → %s", async (command, expected) => {
    const { policy, errors } = await importAndCompile("codex", "default.rules", RULES);
    expect(errors).toEqual([]);
    expect(decide(policy!, "bash", command)).toBe(expected);
  });

  it("turns match / not_match examples into inline tests with Codex's decision", async () => {
    const { perm } = await importAndCompile("codex", "default.rules", RULES);
    expect(perm).toContain('test bash "git push origin main" -> ask');
    expect(perm).toContain('test bash "git fetch" -> ask');
    expect(perm).toContain('test bash "git status" -> allow');
    expect(perm).toContain('bash "git push --force *" deny "never rewrite remote history"');
  });

  it("orders allow, then prompt, then forbidden whatever the file order", async () => {
    const { perm } = await importAndCompile("codex", "r.rules", RULES);
    expect(perm.indexOf('"git *" allow')).toBeLessThan(perm.indexOf('"git push *" ask'));
    expect(perm.indexOf('"git push *" ask')).toBeLessThan(perm.indexOf('"git push --force *" deny'));
  });

  it("skips a statement it cannot read, reports it, and keeps the rules after it", async () => {
    const text = 'prefix_rule(pattern = ["a", decision = "allow")\nprefix_rule(pattern = ["rm"], decision = "forbidden")\n';
    const { policy, result } = await importAndCompile("codex", "r.rules", text);
    expect(result.notes.some((n) => n.kind === "dropped" && n.message.includes("skipped"))).toBe(true);
    expect(decide(policy!, "bash", "rm -rf x")).toBe("deny");
  });

  it.each([
    ['prefix_rule(pattern = ["ls"], match = ["cat x"])', "does not match its own rule"],
    ['prefix_rule(pattern = ["ls*"])', "wildcards here"],
    ['host_executable(name = "git", paths = ["/usr/bin/git"])', "no prefix_rule is written for this program"],
    ['host_executable(name = "git", paths = ["bin/git"])', 'Codex refuses this host_executable (path "bin/git" is neither absolute'],
    ['host_executable(name = "git", paths = ["/usr/bin/hg"])', 'does not end in "git"'],
    [
      'network_rule(host = "example.com", protocol = "https", decision = "allow")',
      "permc does not see the network connections a command makes; nothing to import",
    ],
    ['prefix_rule(pattern = ["ls"], decision = "maybe")', "unknown decision"],
  ])("reports %s", async (text, message) => {
    const { result, errors } = await importAndCompile("codex", "r.rules", text);
    expect(errors).toEqual([]);
    expect(result.notes.some((n) => n.message.includes(message))).toBe(true);
  });
});

const HOSTS = `
prefix_rule(pattern = ["git", "status"], match = [["/usr/bin/git", "status"]], not_match = [["/tmp/evil/git", "status"]])
prefix_rule(pattern = ["git", "push"], decision = "forbidden")
host_executable(name = "git", paths = ["/usr/bin/git", "/opt/homebrew/bin/git"])
`;

describe("codex import: host_executable", () => {
  it.each([
    ["git status", "allow"],
    // Codex takes the listed paths for `git`; an allow is written for each.
    ["/usr/bin/git status", "allow"],
    ["/opt/homebrew/bin/git status", "allow"],
    // Any other path is not `git` to Codex here: no rule, the default.
    ["/tmp/evil/git status", "ask"],
    ["git push origin", "deny"],
  ])("%j → %s", async (command, expected) => {
    const { policy, errors } = await importAndCompile("codex", "default.rules", HOSTS);
    expect(errors).toEqual([]);
    expect(decide(policy!, "bash", command)).toBe(expected);
  });

  it("checks examples as Codex does (a listed path matches), writes no test for a path it reads otherwise, and says a forbidden rule covers every path here", async () => {
    const { result, perm } = await importAndCompile("codex", "default.rules", HOSTS);
    const messages = result.notes.map((n) => n.message);
    expect(messages.some((m) => m.includes("does not match its own rule"))).toBe(false);
    expect(messages).toContainEqual(expect.stringContaining("runs a program by its path"));
    expect(result.notes).toContainEqual(
      expect.objectContaining({ kind: "inexact", message: expect.stringContaining("permc denies whatever path runs it (denies more)") }),
    );
    expect(perm).not.toContain("test bash");
  });

  it("a later host_executable of the same name replaces the earlier, as in Codex", async () => {
    const text = `${HOSTS}host_executable(name = "git", paths = ["/usr/local/bin/git"])\n`;
    const { policy } = await importAndCompile("codex", "default.rules", text);
    expect(decide(policy!, "bash", "/usr/bin/git status")).toBe("ask");
    expect(decide(policy!, "bash", "/usr/local/bin/git status")).toBe("allow");
  });
});

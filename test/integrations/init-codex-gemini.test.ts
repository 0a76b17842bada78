/**
 * `permc init codex` and `permc init gemini`: the policy (Codex's .rules
 * imported; Gemini CLI's policy .toml files imported, the user's and the
 * project's), the hook entry merged into the agent's project config with
 * every other key kept, never a policy replaced without --force, and an
 * entry that blocks when permc is gone.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { guardedHookCommand } from "../../cli/init-hook-entries.js";
import { runCodexHook } from "../../runtime/codex/hook.js";
import { runGeminiHook } from "../../runtime/gemini/hook.js";
import { loadPolicy } from "../../runtime/index.js";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const HOME = "/home/tester";

function project(files: Record<string, string>): string {
  const dir = tempDir("init-agents");
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const shell = (cwd: string) => JSON.stringify({ cwd, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git status && rm -rf build" } });

describe("permc init codex", () => {
  it("imports .codex/rules, merges a PreToolUse entry into .codex/hooks.json and keeps the rest", async () => {
    const dir = project({
      ".codex/rules/default.rules": 'prefix_rule(pattern=["git", "status"], decision="allow")\nprefix_rule(pattern=["rm"], decision="forbidden")\n',
      ".codex/hooks.json": JSON.stringify({ description: "mine", hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }),
    });
    const r = await permc(["init", "codex", "--dir", dir, "--home", HOME]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/wrote .*\.codex\/hooks\.json/);
    expect(r.stderr).toMatch(/Codex hooks cannot ask/);
    const config = JSON.parse(readFileSync(path.join(dir, ".codex", "hooks.json"), "utf8"));
    expect(config.description).toBe("mine");
    expect(config.hooks.Stop).toHaveLength(1);
    const [entry] = config.hooks.PreToolUse;
    expect(entry.matcher).toBeUndefined();
    expect(entry.hooks[0]).toMatchObject({ type: "command", timeout: 30 });
    expect(entry.hooks[0].command).toMatch(/ hook codex --policy .*\.codex\/permc\/policy\.mjs \|\| \{/);
    const policy = await loadPolicy(path.join(dir, ".codex", "permc", "policy.mjs"), { home: HOME });
    const o = await runCodexHook(policy, shell(dir), { home: HOME });
    expect(JSON.parse(o.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    expect((await permc(["init", "codex", "--dir", dir, "--home", HOME])).status).toBe(1);
    expect((await permc(["init", "codex", "--dir", dir, "--home", HOME, "--force"])).status).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, ".codex", "hooks.json"), "utf8")).hooks.PreToolUse).toHaveLength(1);
  });

  it("writes an entry that blocks (exit 2, a reason on stderr) when permc is gone", () => {
    const dir = project({});
    const command = "node /nonexistent/permc.js hook codex --policy /x.mjs";
    const r = spawnSync("sh", ["-c", guardedHookCommand(command)], { cwd: dir, input: shell(dir), encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/\[permc\] the permc hook failed/);
  });
});

describe("permc init gemini", () => {
  const hook = (dir: string, command: string) =>
    JSON.stringify({ cwd: dir, hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command } });

  it("with no policy files: Gemini CLI's defaults (reads allowed, the rest asks), a BeforeTool entry merged into .gemini/settings.json", async () => {
    const dir = project({ ".gemini/settings.json": JSON.stringify({ model: { name: "gemini-2.5-pro" } }) });
    const r = await permc(["init", "gemini", "--dir", dir, "--home", HOME], { env: { GEMINI_CLI_HOME: undefined } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain("note: no Gemini CLI policy files in");
    const settings = JSON.parse(readFileSync(path.join(dir, ".gemini", "settings.json"), "utf8"));
    expect(settings.model).toEqual({ name: "gemini-2.5-pro" });
    const [entry] = settings.hooks.BeforeTool;
    expect(entry.hooks[0]).toMatchObject({ name: "permc", type: "command", timeout: 30000 });
    expect(entry.hooks[0].command).toMatch(/ hook gemini --policy .*\.gemini\/permc\/policy\.mjs \|\| \{/);
    const policy = await loadPolicy(path.join(dir, ".gemini", "permc", "policy.mjs"), { home: HOME });
    const o = await runGeminiHook(policy, hook(dir, "ls"), { home: HOME });
    expect(JSON.parse(o.stdout).decision).toBe("ask");
    expect((await permc(["init", "gemini", "--dir", dir, "--home", HOME], { env: { GEMINI_CLI_HOME: undefined } })).status).toBe(1);
  });

  it("--headless writes a hook entry that answers an ask with a deny (gemini -p has nobody to ask)", async () => {
    const dir = project({});
    const r = await permc(["init", "gemini", "--dir", dir, "--home", HOME, "--headless"], { env: { GEMINI_CLI_HOME: undefined } });
    expect(r.status, r.stderr).toBe(0);
    const settings = JSON.parse(readFileSync(path.join(dir, ".gemini", "settings.json"), "utf8"));
    expect(settings.hooks.BeforeTool[0].hooks[0].command).toMatch(/ hook gemini --policy .*policy\.mjs'? --ask-blocks \|\| \{/);
    expect((await permc(["init", "codex", "--dir", project({}), "--home", HOME, "--headless"])).status).not.toBe(0);
  });

  it("imports the user's and the project's policies (the user's tier wins), prints every file written and every rule not imported", async () => {
    const home = tempDir("init-gemini-home");
    mkdirSync(path.join(home, ".gemini", "policies"), { recursive: true });
    writeFileSync(
      path.join(home, ".gemini", "policies", "mine.toml"),
      '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 1\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 1\ndenyMessage = "no deleting"\n',
    );
    const dir = project({
      // The project would allow rm; the user's tier is higher.
      ".gemini/policies/project.toml":
        '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "allow"\npriority = 999\n\n[[rule]]\ntoolName = "write_file"\ndecision = "deny"\npriority = 5\nmodes = ["plan"]\n',
    });
    const args = ["init", "gemini", "--dir", dir, "--home", home];
    const refused = await permc(args, { env: { GEMINI_CLI_HOME: undefined } });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/1 rule\(s\) of .*mine\.toml \+ .*project\.toml would be lost or weakened .*--accept-lossy/);
    expect(existsSync(path.join(dir, ".gemini", "permc", "policy.perm"))).toBe(false);

    const r = await permc([...args, "--accept-lossy"], { env: { GEMINI_CLI_HOME: undefined } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/wrote .*\.gemini\/permc\/policy\.perm\nwrote .*\.gemini\/permc\/policy\.mjs\nwrote .*\.gemini\/settings\.json/);
    expect(r.stderr).toMatch(/note: imported .*mine\.toml \+ .*project\.toml/);
    expect(r.stderr).toContain("Gemini CLI 0.61.0 does not load a project's .gemini/policies");
    expect(r.stderr).toMatch(/warning \(WIDENS, dropped\): project\.toml rule #2 \(line 7\): applies only in Gemini CLI's plan mode/);
    const policy = await loadPolicy(path.join(dir, ".gemini", "permc", "policy.mjs"), { home });
    const decided = async (command: string) => JSON.parse((await runGeminiHook(policy, hook(dir, command), { home })).stdout);
    expect((await decided("git status")).decision).toBe("allow");
    expect(await decided("rm -rf build")).toMatchObject({ decision: "deny", reason: expect.stringContaining("no deleting") });
  });

  it("refuses a policy file Gemini CLI would reject, naming it; nothing written", async () => {
    const dir = project({ ".gemini/policies/bad.toml": '[[rule]]\ntoolName = "x"\ndecision = "ask"\npriority = 1\n' });
    const r = await permc(["init", "gemini", "--dir", dir, "--home", HOME], { env: { GEMINI_CLI_HOME: undefined } });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/permc init: .*bad\.toml: Gemini CLI rejects this file .*decision must be .*nothing written/);
    expect(existsSync(path.join(dir, ".gemini", "permc"))).toBe(false);
  });
});

/**
 * The kernel layer in each host (issue 40): with it on, a shell command the
 * host allows (or the person approves) is handed back wrapped in `permc run`,
 * and what runs is that wrapped command. Run here for real, as the host would
 * run it (`bash -c <command>`), in the red-team fixture: an allowed command
 * works; a command whose reading the analysis misses prints no secret,
 * whatever the analysis decided; an approved ask's path is granted to it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runClaudeHook } from "../../runtime/claude/hook.js";
import { loadPolicy, type Policy } from "../../runtime/index.js";
import { createPermcPlugin } from "../../runtime/opencode/plugin.js";
import { permcBinArgv } from "../../runtime/sandbox/permc-bin.js";
import { permc } from "../support/cli.js";
import { makeRedteamFixture, redteamPaths } from "../support/redteam-fixture.js";
import { tempDir } from "../support/temp-dir.js";

const root = tempDir("sandbox-hosts");
const { proj: PROJ, home: HOME } = redteamPaths(root);
const TMP = path.join(root, "tmp");
const PERMISSION = {
  "*": "allow",
  bash: { "*": "allow", "rm *": "deny" },
  path: { "*": "allow", "*.env": "deny", "/etc/*": "deny", "~/.ssh/*": "ask" },
};

let modulePath: string;
let policy: Policy;
beforeAll(async () => {
  makeRedteamFixture(root);
  mkdirSync(TMP);
  const src = path.join(root, "policy.json");
  modulePath = path.join(root, "policy.mjs");
  writeFileSync(src, JSON.stringify({ permission: PERMISSION }));
  const r = await permc(["compile", src, "-o", modulePath, "--home", HOME]);
  expect(r.status, r.stderr).toBe(0);
  policy = await loadPolicy(modulePath, { home: HOME });
});

/** What the host runs: the command text, through bash, in the project. */
function runAsHost(command: string): { status: number | null; out: string } {
  const r = spawnSync("bash", ["-c", command], { cwd: PROJ, encoding: "utf8", env: { ...process.env, HOME, TMPDIR: TMP }, timeout: 30_000 });
  return { status: r.status, out: r.stdout + r.stderr };
}

async function claude(command: string): Promise<{ action: string; updated?: string }> {
  const permcArgv = permcBinArgv();
  expect(permcArgv, "permc's bin is built beside the runtime").not.toBeNull();
  const event = JSON.stringify({ hook_event_name: "PreToolUse", cwd: PROJ, tool_name: "Bash", tool_input: { command, description: "d" } });
  const o = await runClaudeHook(policy, event, { home: HOME, sandbox: { permc: permcArgv!, policy: modulePath } });
  if (o.exitCode === 2) return { action: "blocked" };
  const out = JSON.parse(o.stdout).hookSpecificOutput as { permissionDecision: string; updatedInput?: { command: string; description: string } };
  if (out.updatedInput !== undefined) expect(out.updatedInput.description).toBe("d");
  return { action: out.permissionDecision, ...(out.updatedInput ? { updated: out.updatedInput.command } : {}) };
}

describe("Claude Code: updatedInput carries the command wrapped in permc run", () => {
  it("an allowed command runs under the layer and works", async () => {
    const d = await claude("cat notes.txt && echo made > made.txt && cat made.txt");
    expect(d.action).toBe("allow");
    expect(d.updated).toMatch(/ run --policy .* -- bash -c 'cat notes.txt && echo made > made.txt && cat made.txt'$/);
    const ran = runAsHost(d.updated!);
    expect(ran.status, ran.out).toBe(0);
    expect(ran.out).toBe("x\nmade\n");
  });

  it.each(["rgrep SECRET .", "grep -r SECRET .", "gzip -rc . | zcat", "c++filt @envlink.txt", "tar cf - . | tar xOf -", "lz4 -rc . | lz4 -dc"])(
    "%s: whatever the analysis decides, no byte of .env comes out unless the person approved reading it",
    async (command) => {
      const d = await claude(command);
      if (d.action === "allow") expect(runAsHost(d.updated!).out).not.toContain("SECRET=1");
      // An ask names what it asks about; approving it grants that, and only that, to the command.
      if (d.action === "ask") {
        expect(d.updated).toContain(`--grant ${PROJ}/.env`);
        expect(runAsHost(d.updated!.replace(`--grant ${PROJ}/.env `, "")).out).not.toContain("SECRET=1");
      }
    },
  );

  it("an ask about reading carries its path as a read grant, for when the person approves", async () => {
    const d = await claude(`cat ${HOME}/.ssh/id_rsa`);
    expect(d.action).toBe("ask");
    expect(d.updated).toContain(`--grant-read ${HOME}/.ssh/id_rsa`);
    expect(runAsHost(d.updated!).out).toBe("KEY\n");
    // Without the grant the kernel hides the key: the layer enforces asks as denies.
    expect(runAsHost(d.updated!.replace(`--grant-read ${HOME}/.ssh/id_rsa `, "")).out).not.toContain("KEY");
  });

  it("a deny carries nothing to run, and a tool that is no shell is left as it is", async () => {
    expect((await claude("rm -rf victim")).updated).toBeUndefined();
    const event = JSON.stringify({ hook_event_name: "PreToolUse", cwd: PROJ, tool_name: "Read", tool_input: { file_path: path.join(PROJ, "notes.txt") } });
    const o = await runClaudeHook(policy, event, { home: HOME, sandbox: { permc: permcBinArgv()!, policy: modulePath } });
    expect(JSON.parse(o.stdout).hookSpecificOutput.updatedInput).toBeUndefined();
  });
});

describe("OpenCode: the plugin rewrites an allowed shell call's args", () => {
  it("bash and OpenCode 2's shell run under the layer", async () => {
    const hooks = await createPermcPlugin({ policy: modulePath, home: HOME, sandbox: true })({ directory: PROJ, worktree: PROJ });
    for (const tool of ["bash", "shell"]) {
      // The rules allow both; the kernel lets the command write in the working tree and nowhere in the home.
      const outside = path.join(HOME, `outside-${tool}.txt`);
      const args = { command: `cat notes.txt; echo made > made-${tool}.txt; echo x > ${outside}`, description: "d" };
      await hooks["tool.execute.before"]({ tool, sessionID: "s", callID: `c-${tool}` }, { args });
      expect(args.command).toMatch(/ run --policy .* -- bash -c /);
      const ran = runAsHost(args.command);
      expect(ran.out).toContain("x\n");
      expect(ran.out).toMatch(/Read-only file system/);
      expect(existsSync(path.join(PROJ, `made-${tool}.txt`))).toBe(true);
      expect(existsSync(outside)).toBe(false);
    }
  });

  it("without the option the args are untouched", async () => {
    const hooks = await createPermcPlugin({ policy: modulePath, home: HOME })({ directory: PROJ, worktree: PROJ });
    const args = { command: "cat notes.txt" };
    await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "c" }, { args });
    expect(args.command).toBe("cat notes.txt");
  });
});

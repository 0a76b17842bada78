/**
 * The real Claude Code CLI with permc's hook, offline: `claude -p` in a
 * project set up by `permc init claude` (the hook entry in
 * `.claude/settings.json`, run by Claude Code's shell as written), against a local stand-in for Anthropic's API
 * (fake-anthropic.ts) whose model makes one tool call. What is checked is
 * what Claude Code does with the hook's answers: a denied command does not
 * run and the reason is what the model reads, an allowed one runs, an ask
 * (which `-p` cannot show) does not run, and `Read` is mapped on the fields
 * Claude Code really sends. The contract tests (claude-hook.test.ts) check
 * the hook's answers themselves, from the documentation.
 *
 * Claude Code is proprietary software, so it is not a dependency of permc:
 * `.ci/run` installs the pinned version (`npm install -g
 * @anthropic-ai/claude-code@2.1.332`); PERMC_CLAUDE_CODE may name another
 * executable. It runs with a fresh HOME and config directory, a dummy API
 * key and its non-essential traffic switched off, so it reaches nothing but
 * the stand-in and reads no credentials of the machine's user.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { type FakeAnthropic, startFakeAnthropic, type ToolResult, type ToolUse } from "./fake-anthropic.js";

const CLAUDE = process.env.PERMC_CLAUDE_CODE ?? "claude";
const WORK = tempDir("claude-code");
const HOME = path.join(WORK, "home");
const PROJECT = path.join(WORK, "project");
const SECRET = "permc-e2e-secret-7f3a";

const POLICY = `scope global
default ask
read "*" allow
read "*.env" deny "secrets stay out of the model"
bash "*" ask
bash "echo *" allow
bash "touch *" allow
bash "rm *" deny "nothing is deleted here"
external_directory "*" deny
`;

let api: FakeAnthropic;

beforeAll(async () => {
  const version = spawnSync(CLAUDE, ["--version"], { encoding: "utf8", env: isolatedEnv("http://127.0.0.1:9") });
  if (version.status !== 0 || !/Claude Code/.test(version.stdout)) {
    throw new Error(
      `Claude Code is needed for this test and was not found as '${CLAUDE}' (${version.error?.message ?? version.stderr.trim()}): ` +
        "`npm install -g @anthropic-ai/claude-code@2.1.332` (.ci/run does this) or point PERMC_CLAUDE_CODE at its executable.",
    );
  }
  for (const dir of [HOME, path.join(WORK, "tmp"), path.join(PROJECT, ".claude"), path.join(PROJECT, "src"), path.join(PROJECT, "victim")]) {
    mkdirSync(dir, { recursive: true });
  }
  writeFileSync(path.join(PROJECT, ".env"), `API_KEY=${SECRET}\n`);
  writeFileSync(path.join(PROJECT, "src", "a.ts"), "export const answer = 42;\n");
  writeFileSync(path.join(PROJECT, "victim", "keep.txt"), "still here\n");
  // As a user sets it up: `permc init claude` writes the hook entry (and a policy imported from the settings, here
  // Claude Code's defaults), then the policy is edited and recompiled, as docs/claude-code.md says.
  writeFileSync(path.join(PROJECT, ".claude", "settings.json"), "{}\n");
  const init = await permc(["init", "claude", "--dir", PROJECT, "--home", HOME]);
  expect(init.status, init.stderr).toBe(0);
  const perm = path.join(PROJECT, ".claude", "permc", "policy.perm");
  writeFileSync(perm, POLICY);
  const compiled = await permc(["compile", perm, "-o", path.join(PROJECT, ".claude", "permc", "policy.mjs"), "--home", HOME]);
  expect(compiled.status, compiled.stderr).toBe(0);
  api = await startFakeAnthropic();
}, 60_000);

afterAll(async () => {
  await api?.close();
});

function isolatedEnv(apiUrl: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME,
    CLAUDE_CONFIG_DIR: path.join(HOME, ".claude"),
    // Else it keeps files in /tmp/claude-<uid>/, outside this test's folder.
    CLAUDE_CODE_TMPDIR: path.join(WORK, "tmp"),
    // And the commands it runs (`permc run` makes its temp-dir placeholders there, not in /tmp).
    TMPDIR: path.join(WORK, "tmp"),
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: "dummy",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  };
}

/** One `claude -p` session in `project` whose model makes `call`; the tool result Claude Code sent back for it. */
async function session(call: ToolUse, project = PROJECT, args: readonly string[] = []): Promise<{ result: ToolResult; text: string }> {
  api.script(call);
  const child = spawn(CLAUDE, ["-p", "go", "--output-format", "json", ...args], { cwd: project, env: isolatedEnv(api.url), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(code, output).toBe(0);
  expect(api.offeredTools(), `Claude Code no longer offers this tool: ${api.offeredTools().join(" ")}`).toContain(call.name);
  const results = api.toolResults();
  expect(results, output).toHaveLength(1);
  const result = results[0]!;
  return { result, text: JSON.stringify(result.content ?? "") };
}

describe("Claude Code with permc's PreToolUse hook, offline", () => {
  it("a deny inside a chain: the command does not run, and the model reads permc's reason", async () => {
    const { result, text } = await session({ name: "Bash", input: { command: "echo cleaning && rm -rf victim", description: "clean" } });
    expect(existsSync(path.join(PROJECT, "victim", "keep.txt"))).toBe(true);
    expect(result.is_error).toBe(true);
    expect(text).toContain("[permc]");
    expect(text).toContain("nothing is deleted here");
  }, 60_000);

  it("an allow: the command runs", async () => {
    const { result } = await session({ name: "Bash", input: { command: "touch made-by-claude.txt", description: "touch" } });
    expect(result.is_error ?? false).toBe(false);
    expect(existsSync(path.join(PROJECT, "made-by-claude.txt"))).toBe(true);
  }, 60_000);

  it("an ask, which -p cannot show: the command does not run, and the model reads why", async () => {
    const { result, text } = await session({ name: "Bash", input: { command: "touch asked.txt && npm publish", description: "publish" } });
    expect(existsSync(path.join(PROJECT, "asked.txt"))).toBe(false);
    expect(result.is_error).toBe(true);
    expect(text).toContain("[permc]");
  }, 60_000);

  it("Read of a denied file: the secret never reaches the model", async () => {
    const { result, text } = await session({ name: "Read", input: { file_path: path.join(PROJECT, ".env") } });
    expect(result.is_error).toBe(true);
    expect(text).toContain("secrets stay out of the model");
    expect(text).not.toContain(SECRET);
  }, 60_000);

  it("a hook entry whose file is gone (permc moved or uninstalled) blocks every call: node's exit 1 alone would not", async () => {
    const moved = path.join(WORK, "moved-project");
    mkdirSync(path.join(moved, ".claude"), { recursive: true });
    const settings = readFileSync(path.join(PROJECT, ".claude", "settings.json"), "utf8");
    const entry = /node (\S+permc-claude-hook\.cjs'?)/.exec(settings)?.[1];
    expect(entry, settings).toBeDefined();
    writeFileSync(path.join(moved, ".claude", "settings.json"), settings.replace(entry!, path.join(WORK, "gone", "permc-claude-hook.cjs")));
    // Claude Code's own rules allow the command (a project's rules count only once it is trusted), so only the hook can stop it.
    const call = { name: "Bash", input: { command: "touch made-without-permc.txt", description: "touch" } };
    const { result } = await session(call, moved, ["--allowedTools", "Bash(touch:*)"]);
    expect(result.is_error).toBe(true);
    expect(existsSync(path.join(moved, "made-without-permc.txt"))).toBe(false);
  }, 60_000);

  it("a hook that hangs past its timeout blocks the call: the entry init writes says onFailure block", async () => {
    const hung = path.join(WORK, "hung-project");
    mkdirSync(path.join(hung, ".claude"), { recursive: true });
    const settings = JSON.parse(readFileSync(path.join(PROJECT, ".claude", "settings.json"), "utf8"));
    const hook = settings.hooks.PreToolUse.at(-1).hooks[0];
    expect(hook).toMatchObject({ timeout: 30, onFailure: "block" });
    // The same entry, but its command outlives a one-second timeout (as a hook on an overloaded machine might).
    hook.command = "sleep 20";
    hook.timeout = 1;
    writeFileSync(path.join(hung, ".claude", "settings.json"), JSON.stringify(settings));
    const call = { name: "Bash", input: { command: "touch made-past-the-timeout.txt", description: "touch" } };
    const { result } = await session(call, hung, ["--allowedTools", "Bash(touch:*)"]);
    expect(result.is_error).toBe(true);
    expect(existsSync(path.join(hung, "made-past-the-timeout.txt"))).toBe(false);
  }, 60_000);

  it("a hook whose policy module was deleted blocks every call", async () => {
    const bare = path.join(WORK, "no-module-project");
    mkdirSync(path.join(bare, ".claude"), { recursive: true });
    // The entry names $CLAUDE_PROJECT_DIR/.claude/permc/policy.mjs, which this project lacks.
    writeFileSync(path.join(bare, ".claude", "settings.json"), readFileSync(path.join(PROJECT, ".claude", "settings.json"), "utf8"));
    const call = { name: "Bash", input: { command: "touch made-without-a-policy.txt", description: "touch" } };
    const { result, text } = await session(call, bare, ["--allowedTools", "Bash(touch:*)"]);
    expect(result.is_error).toBe(true);
    expect(text).toContain("[permc]");
    expect(existsSync(path.join(bare, "made-without-a-policy.txt"))).toBe(false);
  }, 60_000);

  it("with the kernel layer on (init --sandbox), Claude Code runs the command the hook hands back in updatedInput", async () => {
    const layered = path.join(WORK, "layered-project");
    mkdirSync(path.join(layered, ".claude", "permc"), { recursive: true });
    writeFileSync(path.join(layered, ".claude", "settings.json"), "{}\n");
    const init = await permc(["init", "claude", "--dir", layered, "--home", HOME, "--sandbox"]);
    expect(init.status, init.stderr).toBe(0);
    const perm = path.join(layered, ".claude", "permc", "policy.perm");
    // Writes outside the project allowed by the rules: only the kernel stands between the command and the home.
    writeFileSync(perm, POLICY.replace('external_directory "*" deny', 'external_directory "*" allow'));
    const compiled = await permc(["compile", perm, "-o", path.join(layered, ".claude", "permc", "policy.mjs"), "--home", HOME]);
    expect(compiled.status, compiled.stderr).toBe(0);
    // The policy allows both; the kernel lets the command write in the working tree and nowhere in the home.
    const inside = await session({ name: "Bash", input: { command: "touch inside.txt", description: "touch" } }, layered);
    expect(inside.result.is_error ?? false, inside.text).toBe(false);
    expect(existsSync(path.join(layered, "inside.txt"))).toBe(true);
    const outside = await session({ name: "Bash", input: { command: `touch ${HOME}/outside.txt`, description: "touch" } }, layered);
    expect(outside.text).toMatch(/Read-only file system/);
    expect(existsSync(path.join(HOME, "outside.txt"))).toBe(false);
  }, 60_000);

  it("a tool permc does not model asks though the policy's `*` allows it: in -p it does not run", async () => {
    const open = path.join(WORK, "open-project");
    mkdirSync(path.join(open, ".claude", "permc"), { recursive: true });
    writeFileSync(path.join(open, ".claude", "settings.json"), "{}\n");
    expect((await permc(["init", "claude", "--dir", open, "--home", HOME])).status).toBe(0);
    const perm = path.join(open, ".claude", "permc", "policy.perm");
    writeFileSync(perm, "scope global\ndefault allow\n");
    expect((await permc(["compile", perm, "-o", path.join(open, ".claude", "permc", "policy.mjs"), "--home", HOME])).status).toBe(0);
    const { result, text } = await session({ name: "ScheduleWakeup", input: { delaySeconds: 60, prompt: "deploy", reason: "r" } }, open);
    expect(result.is_error, text).toBe(true);
    expect(text).toContain("[permc]");
    expect(text).toContain("does not model");
  }, 60_000);

  it("Read of an allowed file: the model reads it", async () => {
    const { result, text } = await session({ name: "Read", input: { file_path: path.join(PROJECT, "src", "a.ts") } });
    expect(result.is_error ?? false).toBe(false);
    expect(text).toContain("export const answer = 42;");
  }, 60_000);
});

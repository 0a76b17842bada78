/**
 * The real Codex CLI (0.171.0) with permc's hook, offline: `codex exec` in a
 * project set up by `permc init codex` (the PreToolUse entry in
 * `.codex/hooks.json`, run by Codex as written), against a local stand-in for
 * the Responses API (fake-openai-responses.ts) whose model makes one tool
 * call. What is checked is what Codex does with the hook's answers: a denied
 * shell command does not run and the reason is what the model reads, an
 * allowed one runs, a patch to a denied path is not applied, an allowed one
 * is. The contract tests (codex-hook.test.ts) check the answers themselves.
 *
 * Codex is not a dependency of permc: `npm test` installs the pinned version
 * (scripts/test-prerequisites.mjs); PERMC_CODEX may name another executable.
 * It runs with a fresh HOME and CODEX_HOME, a dummy key and a custom model
 * provider on loopback, so it reaches nothing but the stand-in. The project
 * is marked trusted in that config (Codex loads project hooks only then), and
 * `--dangerously-bypass-hook-trust` stands for the person reviewing the hook
 * once. `gpt-5.5` is a model of Codex's bundled catalog that gets the
 * freeform `apply_patch` tool.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { type FakeResponses, type ScriptedCall, startFakeResponses } from "./fake-openai-responses.js";

const CODEX = process.env.PERMC_CODEX ?? "codex";
const WORK = tempDir("codex-real");
const HOME = path.join(WORK, "home");
const PROJECT = path.join(WORK, "project");

const POLICY = `scope global
default ask
bash "echo *" allow
bash "rm *" deny "nothing is deleted here"
edit "*" allow
write "*" allow
edit "*.env" deny "secrets are not written"
write "*.env" deny "secrets are not written"
external_directory "*" deny
`;

let api: FakeResponses;

beforeAll(async () => {
  const version = spawnSync(CODEX, ["--version"], { encoding: "utf8", env: { PATH: process.env.PATH, HOME } });
  if (version.status !== 0 || !/codex-cli/.test(version.stdout)) {
    throw new Error(
      `Codex CLI is needed for this test and was not found as '${CODEX}' (${version.error?.message ?? version.stderr?.trim()}): ` +
        "`npm install -g @openai/codex@0.171.0` (npm test does this) or point PERMC_CODEX at its executable.",
    );
  }
  for (const dir of [path.join(HOME, ".codex"), path.join(PROJECT, "victim"), path.join(PROJECT, "src")]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(PROJECT, "victim", "keep.txt"), "still here\n");
  const init = await permc(["init", "codex", "--dir", PROJECT, "--home", HOME]);
  expect(init.status, init.stderr).toBe(0);
  const perm = path.join(PROJECT, ".codex", "permc", "policy.perm");
  writeFileSync(perm, POLICY);
  const compiled = await permc(["compile", perm, "-o", path.join(PROJECT, ".codex", "permc", "policy.mjs"), "--home", HOME]);
  expect(compiled.status, compiled.stderr).toBe(0);
  api = await startFakeResponses();
  writeFileSync(
    path.join(HOME, ".codex", "config.toml"),
    [
      'model_provider = "permc-test"',
      'approval_policy = "never"',
      'sandbox_mode = "danger-full-access"',
      "",
      "[model_providers.permc-test]",
      'name = "permc test stand-in"',
      `base_url = "${api.origin}/v1"`,
      'wire_api = "responses"',
      'env_key = "PERMC_TEST_KEY"',
      "",
      `[projects.${JSON.stringify(PROJECT)}]`,
      'trust_level = "trusted"',
      "",
    ].join("\n"),
  );
}, 60_000);

afterAll(async () => {
  await api?.close();
});

/** One `codex exec` turn in which the model makes `call`; the tool output the model read. */
async function turn(call: ScriptedCall): Promise<string> {
  api.script(call);
  const before = api.outputs.length;
  const env = { PATH: process.env.PATH, HOME, CODEX_HOME: path.join(HOME, ".codex"), PERMC_TEST_KEY: "dummy" };
  const args = ["exec", "-m", "gpt-5.5", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", "go"];
  const child = spawn(CODEX, args, { cwd: PROJECT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(code, stderr).toBe(0);
  expect(api.outputs.length, stderr).toBe(before + 1);
  return api.outputs[before]!;
}

const shell = (cmd: string): ScriptedCall => ({ type: "function_call", name: "exec_command", arguments: JSON.stringify({ cmd }) });
const patch = (...body: string[]): ScriptedCall => ({
  type: "custom_tool_call",
  name: "apply_patch",
  input: ["*** Begin Patch", ...body, "*** End Patch", ""].join("\n"),
});

describe("Codex CLI with permc hook codex", () => {
  it("a denied command does not run, and the model reads permc's reason", async () => {
    const output = await turn(shell("echo hi && rm -rf victim"));
    expect(output).toMatch(/blocked by PreToolUse hook: \[permc\].*nothing is deleted here/);
    expect(existsSync(path.join(PROJECT, "victim", "keep.txt"))).toBe(true);
  }, 90_000);

  it("an allowed command runs", async () => {
    const output = await turn(shell("echo permc-allowed-7c1"));
    expect(output).toMatch(/permc-allowed-7c1/);
    expect(output).not.toMatch(/blocked/);
  }, 90_000);

  it("an asked command is blocked (Codex hooks cannot ask)", async () => {
    const output = await turn(shell("touch asked.txt"));
    expect(output).toMatch(/Codex hooks cannot ask/);
    expect(existsSync(path.join(PROJECT, "asked.txt"))).toBe(false);
  }, 90_000);

  it("a patch to a denied path is not applied; an allowed one is", async () => {
    const denied = await turn(patch("*** Add File: .env", "+SECRET=1"));
    expect(denied).toMatch(/blocked by PreToolUse hook: \[permc\].*secrets are not written/);
    expect(existsSync(path.join(PROJECT, ".env"))).toBe(false);
    const allowed = await turn(patch("*** Add File: src/ok.txt", "+fine"));
    expect(allowed).not.toMatch(/blocked/);
    expect(existsSync(path.join(PROJECT, "src", "ok.txt"))).toBe(true);
  }, 90_000);
});

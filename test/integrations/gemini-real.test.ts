/**
 * The real Gemini CLI (0.61.0) with permc's hook, offline: `gemini -p` in a
 * project set up by `permc init gemini` (the BeforeTool entry in
 * `.gemini/settings.json`, run by Gemini CLI's shell as written), against a
 * local stand-in for the Gemini API (fake-gemini.ts) whose model makes one
 * function call. What is checked is what Gemini CLI does with the hook's
 * answers: a denied command does not run and the reason is what the model
 * reads back (the `functionResponse` of the next request), an allowed one
 * runs, a `write_file` to a denied path is not written while an allowed one
 * is, and a hook whose policy module is gone blocks the call. The contract
 * tests (gemini-hook.test.ts) check the answers themselves.
 *
 * Gemini CLI is not a dependency of permc: `npm test` installs the pinned
 * version (scripts/test-prerequisites.mjs); PERMC_GEMINI may name another
 * executable. It runs with a fresh HOME (its user settings: API-key auth,
 * usage statistics and update checks off; the test's folder trusted, as a
 * person trusts a folder once, since Gemini CLI loads a project's hooks only
 * in a trusted folder) and TMPDIR, a dummy key and GOOGLE_GEMINI_BASE_URL on
 * loopback, so it reaches nothing but the stand-in.
 *
 * `--yolo`: Gemini CLI runs the BeforeTool hook before its own policy; in
 * YOLO mode that policy allows every call, so the hook alone decides (in the
 * default mode, `-p` leaves the shell and write tools out of the model's
 * tools altogether). `-m` names the model, so no routing request is made.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permc, ROOT } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { type FakeGemini, type FunctionCall, type FunctionResponse, startFakeGemini } from "./fake-gemini.js";

const GEMINI = process.env.PERMC_GEMINI ?? "gemini";
const WORK = tempDir("gemini-real");
const HOME = path.join(WORK, "home");
const PROJECT = path.join(WORK, "project");

const POLICY = `scope global
default ask
bash "echo *" allow
bash "touch *" allow
bash "rm *" deny "nothing is deleted here"
edit "*" allow
write "*" allow
edit "*.env" deny "secrets are not written"
write "*.env" deny "secrets are not written"
external_directory "*" deny
`;

let api: FakeGemini;

function isolatedEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME, TMPDIR: path.join(WORK, "tmp"), GEMINI_API_KEY: "dummy", GOOGLE_GEMINI_BASE_URL: api?.origin ?? "http://127.0.0.1:9" };
}

/** `permc init gemini` in `project`, then the test's policy written and compiled, as docs/gemini.md says. */
async function initProject(project: string, ...initOptions: string[]): Promise<void> {
  mkdirSync(project, { recursive: true });
  const init = await permc(["init", "gemini", "--dir", project, "--home", HOME, ...initOptions]);
  expect(init.status, init.stderr).toBe(0);
  const perm = path.join(project, ".gemini", "permc", "policy.perm");
  writeFileSync(perm, POLICY);
  const compiled = await permc(["compile", perm, "-o", path.join(project, ".gemini", "permc", "policy.mjs"), "--home", HOME]);
  expect(compiled.status, compiled.stderr).toBe(0);
}

beforeAll(async () => {
  mkdirSync(path.join(HOME, ".gemini"), { recursive: true });
  mkdirSync(path.join(WORK, "tmp"));
  const version = spawnSync(GEMINI, ["--version"], { encoding: "utf8", env: isolatedEnv() });
  if (version.status !== 0 || !/^\d+\.\d+\.\d+/.test(version.stdout)) {
    throw new Error(
      `Gemini CLI is needed for this test and was not found as '${GEMINI}' (${version.error?.message ?? version.stderr?.trim()}): ` +
        "`npm install -g @google/gemini-cli@0.61.0` (npm test does this) or point PERMC_GEMINI at its executable.",
    );
  }
  if (!existsSync(path.join(ROOT, "dist", "bin", "permc.js"))) {
    throw new Error("The hook entry `permc init gemini` writes runs dist/bin/permc.js, which is not built: `npm run build` (npm test does this).");
  }
  writeFileSync(
    path.join(HOME, ".gemini", "settings.json"),
    JSON.stringify({
      security: { auth: { selectedType: "gemini-api-key" } },
      privacy: { usageStatisticsEnabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    }),
  );
  writeFileSync(path.join(HOME, ".gemini", "trustedFolders.json"), JSON.stringify({ [realpathSync(WORK)]: "TRUST_FOLDER" }));
  await initProject(PROJECT);
  mkdirSync(path.join(PROJECT, "victim"));
  mkdirSync(path.join(PROJECT, "src"));
  writeFileSync(path.join(PROJECT, "victim", "keep.txt"), "still here\n");
  api = await startFakeGemini();
}, 60_000);

afterAll(async () => {
  await api?.close();
});

/** One `gemini -p` session in `project` whose model makes `call`; the function response Gemini CLI sent back for it. */
async function session(call: FunctionCall, project = PROJECT): Promise<{ response: FunctionResponse; text: string }> {
  api.script(call);
  const args = ["-p", "go", "--yolo", "-m", "gemini-2.5-flash"];
  const child = spawn(GEMINI, args, { cwd: project, env: isolatedEnv(), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(code, output).toBe(0);
  expect(api.unexpected(), output).toEqual([]);
  expect(api.offeredTools(), `Gemini CLI no longer offers this tool: ${api.offeredTools().join(" ")}`).toContain(call.name);
  const responses = api.functionResponses();
  expect(responses, output).toHaveLength(1);
  const response = responses[0]!;
  expect(response.name).toBe(call.name);
  return { response, text: JSON.stringify(response.response) };
}

const shell = (command: string): FunctionCall => ({ name: "run_shell_command", args: { command, description: "a step" } });

describe("Gemini CLI with permc's BeforeTool hook, offline", () => {
  it("a deny inside a chain: the command does not run, and the model reads permc's reason", async () => {
    const { response } = await session(shell("echo cleaning && rm -rf victim"));
    expect(existsSync(path.join(PROJECT, "victim", "keep.txt"))).toBe(true);
    expect(response.response.output).toBeUndefined();
    expect(String(response.response.error)).toMatch(/^Tool execution blocked: \[permc\] .*'rm -rf victim'.*nothing is deleted here/);
  }, 60_000);

  it("an allow: the command runs", async () => {
    const { response, text } = await session(shell("touch made-by-gemini.txt"));
    expect(response.response.error, text).toBeUndefined();
    expect(existsSync(path.join(PROJECT, "made-by-gemini.txt"))).toBe(true);
  }, 60_000);

  it("write_file to a denied path is not written, and the model reads why; an allowed one is written", async () => {
    // Not `.env` itself: Gemini CLI refuses a path with a `.env` segment on its own, before any hook.
    const denied = await session({ name: "write_file", args: { file_path: "prod.env", content: "SECRET=1\n" } });
    expect(existsSync(path.join(PROJECT, "prod.env"))).toBe(false);
    expect(String(denied.response.response.error)).toMatch(/^Tool execution blocked: \[permc\] .*secrets are not written/);
    const allowed = await session({ name: "write_file", args: { file_path: "src/ok.txt", content: "fine\n" } });
    expect(allowed.response.response.error, allowed.text).toBeUndefined();
    expect(readFileSync(path.join(PROJECT, "src", "ok.txt"), "utf8")).toBe("fine\n");
  }, 60_000);

  it("set up --headless, an ask is a deny the model reads, and the session ends (without it, gemini -p waits for an answer)", async () => {
    const headless = path.join(WORK, "headless-project");
    await initProject(headless, "--headless");
    // Nothing allows `ls`: the policy's default asks.
    const { response } = await session(shell("ls > listed.txt"), headless);
    expect(existsSync(path.join(headless, "listed.txt"))).toBe(false);
    expect(String(response.response.error)).toMatch(/^Tool execution blocked: \[permc\] .*this session cannot ask/);
  }, 60_000);

  it("a hook whose policy module was deleted blocks every call", async () => {
    const bare = path.join(WORK, "no-module-project");
    await initProject(bare);
    rmSync(path.join(bare, ".gemini", "permc", "policy.mjs"));
    const { response } = await session(shell("touch made-without-a-policy.txt"), bare);
    expect(existsSync(path.join(bare, "made-without-a-policy.txt"))).toBe(false);
    expect(String(response.response.error)).toMatch(/^Tool execution blocked: \[permc\] /);
  }, 60_000);
});

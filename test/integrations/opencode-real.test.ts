/**
 * The real OpenCode CLI with permc's plugin, offline, set up the way a user
 * sets it up: a project whose `opencode.json` has permission rules, then
 * `permc init opencode` (imports them, compiles `.opencode/permc/policy.mjs`,
 * writes `.opencode/plugins/permc.js`), then `opencode run` against a local
 * stand-in for an OpenAI-compatible API (fake-openai.ts) whose model makes
 * five tool calls in one session. What is checked is what OpenCode does with
 * the plugin: a denied command does not run and the model reads permc's
 * message, an allowed one runs, an ask (blocked by default: a plugin cannot
 * raise OpenCode's prompt) does not run, and `read` is decided on the
 * argument OpenCode really sends. The plugin's own tests
 * (opencode-plugin.test.ts) drive its hooks directly.
 *
 * OpenCode (MIT) comes from npm, but as a platform binary, so it is not a
 * dependency of permc (`npm ci` would fail on other platforms): `.ci/run`
 * installs the pinned `opencode-ai@1.18.33` globally; PERMC_OPENCODE may
 * name another executable. It runs with a fresh HOME and XDG directories and
 * its downloads switched off, so it reaches nothing but the stand-in.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { type FakeOpenAI, startFakeOpenAI } from "./fake-openai.js";

const OPENCODE = process.env.PERMC_OPENCODE ?? "opencode";
/** The version of @opencode-ai/plugin OpenCode 1.18.33 installs into each config directory (see below). */
const PLUGIN_PACKAGE_VERSION = "1.18.33";
const WORK = tempDir("opencode");
const HOME = path.join(WORK, "home");
const PROJECT = path.join(WORK, "project");
const SECRET = "permc-e2e-secret-5c1d";

/**
 * The user's OpenCode rules, which `permc init opencode` imports: every
 * command but `rm`, every file but `.env`. OpenCode calls the plugin first
 * and checks these after it, so both are in force.
 */
const OPENCODE_JSON = {
  $schema: "https://opencode.ai/config.json",
  permission: {
    bash: { "*": "allow", "rm *": "deny" },
    read: { "*": "allow", "*.env": "deny" },
    external_directory: "deny",
  },
};

/** The session: what the model calls, in order. */
const CALLS = [
  { name: "bash", args: { command: "echo cleaning && rm -rf victim", description: "clean" } },
  // OpenCode's rules allow these two (its `rm *` does not match them); permc reads what they run.
  { name: "bash", args: { command: "echo victim | xargs rm -rf", description: "clean" } },
  { name: "bash", args: { command: "sh -c \"$(printf 'touch asked.txt')\"", description: "generated" } },
  { name: "bash", args: { command: "touch made-by-opencode.txt", description: "touch" } },
  // A link to .env: OpenCode matches the name it is given, permc the file it opens.
  { name: "read", args: { filePath: path.join(PROJECT, "notes.txt") } },
  { name: "read", args: { filePath: path.join(PROJECT, "src", "a.ts") } },
] as const;

interface ToolEvent {
  readonly tool: string;
  readonly state: { readonly status: string; readonly input: Record<string, unknown>; readonly error?: string; readonly output?: string };
}

let api: FakeOpenAI;
let events: ToolEvent[] = [];

beforeAll(async () => {
  mkdirSync(path.join(WORK, "tmp"));
  const version = spawnSync(OPENCODE, ["--version"], { encoding: "utf8", env: { PATH: process.env.PATH, HOME, TMPDIR: path.join(WORK, "tmp") } });
  if (version.status !== 0 || !/^\d+\.\d+\.\d+/.test(version.stdout)) {
    throw new Error(
      `OpenCode is needed for this test and was not found as '${OPENCODE}' (${version.error?.message ?? version.stderr.trim()}): ` +
        "`npm install -g --allow-scripts=opencode-ai opencode-ai@1.18.33` (.ci/run does this) or point PERMC_OPENCODE at its executable.",
    );
  }
  const config = path.join(HOME, ".config");
  for (const dir of [config, path.join(PROJECT, "src"), path.join(PROJECT, "victim")]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(PROJECT, "opencode.json"), JSON.stringify(OPENCODE_JSON, null, 2));
  writeFileSync(path.join(PROJECT, ".env"), `API_KEY=${SECRET}\n`);
  writeFileSync(path.join(PROJECT, "src", "a.ts"), "export const answer = 42;\n");
  writeFileSync(path.join(PROJECT, "victim", "keep.txt"), "still here\n");
  symlinkSync(".env", path.join(PROJECT, "notes.txt"));

  const init = await permc(["init", "opencode", "--dir", PROJECT, "--home", HOME]);
  expect(init.status, init.stderr).toBe(0);

  // OpenCode installs @opencode-ai/plugin into every config directory (the project's .opencode/ and the user's) and
  // waits for it before it loads plugins: 64 MB from npm, or a minute of retries offline. permc's plugin needs none of
  // it; a lock file that already names the package makes OpenCode skip the install.
  for (const dir of [path.join(PROJECT, ".opencode"), path.join(config, "opencode")]) {
    mkdirSync(path.join(dir, "node_modules"), { recursive: true });
    const dependencies = { "@opencode-ai/plugin": PLUGIN_PACKAGE_VERSION };
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ dependencies }));
    writeFileSync(path.join(dir, "package-lock.json"), JSON.stringify({ lockfileVersion: 3, packages: { "": { dependencies } } }));
  }

  api = await startFakeOpenAI();
  api.script(CALLS);
  const env = {
    PATH: process.env.PATH,
    HOME,
    XDG_CONFIG_HOME: config,
    XDG_DATA_HOME: path.join(HOME, ".local", "share"),
    XDG_CACHE_HOME: path.join(HOME, ".cache"),
    XDG_STATE_HOME: path.join(HOME, ".local", "state"),
    // Else it makes /tmp/opencode, outside this test's folder.
    TMPDIR: path.join(WORK, "tmp"),
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    OPENCODE_DISABLE_SHARE: "1",
    // The provider is configured here, not in opencode.json: the file is the user's rules only.
    OPENCODE_CONFIG_CONTENT: JSON.stringify({
      model: "fake/fake-model",
      small_model: "fake/fake-model",
      provider: {
        fake: {
          npm: "@ai-sdk/openai-compatible",
          options: { baseURL: api.baseURL, apiKey: "fake" },
          models: { "fake-model": { name: "Fake", tool_call: true } },
        },
      },
    }),
  };
  const child = spawn(OPENCODE, ["run", "--format", "json", "go"], { cwd: PROJECT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(code, stderr).toBe(0);
  events = stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { type?: string; part?: ToolEvent })
    .flatMap((e) => (e.type === "tool_use" && e.part ? [e.part] : []));
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe("OpenCode with the plugin `permc init opencode` writes, offline", () => {
  it("init wrote the plugin file OpenCode loads", () => {
    const plugin = readFileSync(path.join(PROJECT, ".opencode", "plugins", "permc.js"), "utf8");
    expect(plugin).toMatch(/^export \{ PermcPlugin \} from "[^"]+\/dist\/runtime\/opencode\/index\.js";$/m);
  });

  it("offered the tools the session calls, and ran the calls in order", () => {
    expect(api.offeredTools()).toEqual(expect.arrayContaining(["bash", "read"]));
    expect(events.map((e) => [e.tool, e.state.input])).toEqual(CALLS.map((c) => [c.name, c.args]));
  });

  it("a deny inside a chain: the command does not run, and the model reads permc's message", () => {
    expect(events[0]!.state.status).toBe("error");
    expect(events[0]!.state.error).toMatch(/^\[permc\] .*rm -rf victim/);
    expect(api.toolMessages()[0]).toMatch(/^\[permc\]/);
    expect(existsSync(path.join(PROJECT, "victim", "keep.txt"))).toBe(true);
  });

  it("rm behind xargs, which OpenCode's own rules allow: permc denies it", () => {
    expect(events[1]!.state.status).toBe("error");
    expect(events[1]!.state.error).toMatch(/^\[permc\] .*rm/);
    expect(existsSync(path.join(PROJECT, "victim", "keep.txt"))).toBe(true);
  });

  it("a command permc cannot read (built at run time) is an ask, which a plugin cannot show: blocked, not run", () => {
    expect(events[2]!.state.status).toBe("error");
    expect(events[2]!.state.error).toMatch(/^\[permc\] /);
    expect(existsSync(path.join(PROJECT, "asked.txt"))).toBe(false);
  });

  it("an allow: the command runs", () => {
    expect(events[3]!.state.status).toBe("completed");
    expect(existsSync(path.join(PROJECT, "made-by-opencode.txt"))).toBe(true);
  });

  it("read of a link to .env, which OpenCode's rules allow: permc denies it, and the secret never reaches the model", () => {
    expect(events[4]!.state.status).toBe("error");
    expect(events[4]!.state.error).toMatch(/^\[permc\] /);
    expect(api.toolMessages()[4]).not.toContain(SECRET);
  });

  it("read of an allowed file: the model reads it", () => {
    expect(events[5]!.state.status).toBe("completed");
    expect(api.toolMessages()[5]).toContain("export const answer = 42;");
  });
});

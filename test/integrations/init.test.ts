/** `permc init`, in-process, into temp projects (removed afterwards). */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withHook } from "../../cli/init-command.js";
import { runClaudeHook } from "../../runtime/claude/hook.js";
import { loadPolicy } from "../../runtime/index.js";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const HOME = "/home/tester";

function project(files: Record<string, string>): string {
  const dir = tempDir("init");
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe("permc init claude", () => {
  const settings = {
    model: "opus",
    env: { A: "1" },
    permissions: { allow: ["Bash(git status)"], deny: ["Bash(git push:*)"] },
    hooks: {
      PostToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "prettier --write" }] }],
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh" }] }],
    },
  };

  it("imports both settings files, compiles, merges the hook entry keeping every key, and prints each file", async () => {
    const dir = project({
      ".claude/settings.json": JSON.stringify(settings),
      ".claude/settings.local.json": JSON.stringify({ permissions: { deny: ["Read(./.env)"] } }),
    });
    const r = await permc(["init", "claude", "--dir", dir, "--home", HOME]);
    expect(r.status, r.stderr).toBe(0);
    const written = r.stdout.trim().split("\n");
    expect(written).toEqual([".claude/permc/policy.perm", ".claude/permc/policy.mjs", ".claude/settings.json"].map((f) => `wrote ${path.join(dir, f)}`));
    const merged = JSON.parse(readFileSync(path.join(dir, ".claude/settings.json"), "utf8"));
    expect(merged.model).toBe("opus");
    expect(merged.env).toEqual({ A: "1" });
    expect(merged.permissions).toEqual(settings.permissions);
    expect(merged.hooks.PostToolUse).toEqual(settings.hooks.PostToolUse);
    expect(merged.hooks.PreToolUse[0]).toEqual(settings.hooks.PreToolUse[0]);
    expect(merged.hooks.PreToolUse[1].hooks[0].command).toMatch(
      /^node \S*\/dist\/bin\/permc-claude-hook\.cjs'? --policy "\$CLAUDE_PROJECT_DIR\/\.claude\/permc\/policy\.mjs" \|\| exit 2$/,
    );
    // A hook that times out or crashes blocks the call: Claude Code lets it go on unless the entry says so.
    expect(merged.hooks.PreToolUse[1].hooks[0]).toMatchObject({ timeout: 30, onFailure: "block" });
    // The compiled module enforces both files' rules through the hook.
    const policy = await loadPolicy(path.join(dir, ".claude/permc/policy.mjs"), { home: HOME });
    expect(policy.error).toBeNull();
    const decide = async (tool_name: string, tool_input: unknown) =>
      JSON.parse((await runClaudeHook(policy, JSON.stringify({ cwd: dir, hook_event_name: "PreToolUse", tool_name, tool_input }), { home: HOME })).stdout)
        .hookSpecificOutput.permissionDecision;
    expect(await decide("Bash", { command: "git push origin main" })).toBe("deny");
    expect(await decide("Bash", { command: "git status" })).toBe("allow");
    expect(await decide("Read", { file_path: path.join(dir, ".env") })).toBe("deny");
  });

  it("refuses to overwrite an existing policy.perm without --force, writing nothing; --force replaces it; the hook entry is not duplicated", async () => {
    const dir = project({ ".claude/settings.json": JSON.stringify(settings), ".claude/permc/policy.perm": "# mine\n" });
    const refused = await permc(["init", "claude", "--dir", dir, "--home", HOME]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/exists; nothing written.*--force/);
    expect(readFileSync(path.join(dir, ".claude/permc/policy.perm"), "utf8")).toBe("# mine\n");
    expect(existsSync(path.join(dir, ".claude/permc/policy.mjs"))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(dir, ".claude/settings.json"), "utf8"))).toEqual(settings);
    for (let i = 0; i < 2; i++) expect((await permc(["init", "claude", "--dir", dir, "--home", HOME, "--force"])).status).toBe(0);
    const merged = JSON.parse(readFileSync(path.join(dir, ".claude/settings.json"), "utf8"));
    expect(merged.hooks.PreToolUse).toHaveLength(2);
  });

  it("a settings file that is not JSON, or a lossy import, writes nothing", async () => {
    const broken = project({ ".claude/settings.json": "{ nope" });
    expect((await permc(["init", "claude", "--dir", broken, "--home", HOME])).status).toBe(1);
    expect(existsSync(path.join(broken, ".claude/permc"))).toBe(false);
    const lossy = project({ ".claude/settings.json": JSON.stringify({ permissions: { deny: ["WebFetch(domain:evil.com)"] } }) });
    const r = await permc(["init", "claude", "--dir", lossy, "--home", HOME]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/accept-lossy/);
    expect(existsSync(path.join(lossy, ".claude/permc"))).toBe(false);
  });

  it("withHook keeps other hooks and replaces only an earlier permc entry", () => {
    const once = withHook({ hooks: { Stop: [1] } }, "node x hook claude --policy a");
    const twice = withHook(once, "node y hook claude --policy b");
    expect(twice).toEqual({
      hooks: {
        Stop: [1],
        PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "node y hook claude --policy b", timeout: 30, onFailure: "block" }] }],
      },
    });
    const entry = 'node "$CLAUDE_PROJECT_DIR/node_modules/permc/dist/bin/permc-claude-hook.cjs" --policy c';
    const thrice = withHook(twice, entry);
    expect(thrice).toEqual({
      hooks: { Stop: [1], PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: entry, timeout: 30, onFailure: "block" }] }] },
    });
    expect(withHook(thrice, entry)).toEqual(thrice);
    // A path init had to quote (a space in it) is recognised as well.
    const quoted = "node '/opt/my tools/permc/dist/bin/permc-claude-hook.cjs' --policy \"$CLAUDE_PROJECT_DIR/.claude/permc/policy.mjs\" || exit 2";
    expect(withHook(withHook(thrice, quoted), entry)).toEqual(thrice);
  });
});

/** The file an entry written by init loads: the hook command's script, or the module a plugin or extension re-exports. */
function loadedFile(project: string, text: string): string {
  const hook = /^node (?:'([^']+)'|"([^"]+)"|(\S+)) --policy /.exec(text);
  const spec = hook ? (hook[1] ?? hook[2] ?? hook[3])! : /export \{ \w+ \} from "([^"]+)"/.exec(text)?.[1];
  if (spec === undefined) throw new Error(`no entry in ${text}`);
  const expanded = spec.replace("$CLAUDE_PROJECT_DIR", project);
  return expanded.startsWith("permc/") ? path.join(project, "node_modules", "permc", "dist", "runtime", expanded.slice(6), "index.js") : expanded;
}

describe("what init tells the agent to load exists", () => {
  const entries = {
    claude: (dir: string) => JSON.parse(readFileSync(path.join(dir, ".claude/settings.json"), "utf8")).hooks.PreToolUse.at(-1).hooks[0].command as string,
    opencode: (dir: string) => readFileSync(path.join(dir, ".opencode/plugins/permc.js"), "utf8"),
    pi: (dir: string) => readFileSync(path.join(dir, ".pi/extensions/permc.ts"), "utf8"),
  };
  const sources = { claude: {}, opencode: {}, pi: { ".pi/extensions/pi-permission-system/config.json": "{}" } };

  it.each(Object.keys(entries) as Array<keyof typeof entries>)("%s: the entry names this installation's built file", async (agent) => {
    const dir = project(sources[agent]);
    const r = await permc(["init", agent, "--dir", dir, "--home", HOME]);
    expect(r.status, r.stderr).toBe(0);
    const file = loadedFile(dir, entries[agent](dir));
    expect(path.isAbsolute(file)).toBe(true);
    expect(existsSync(file), file).toBe(true);
  });

  it.each(Object.keys(entries) as Array<keyof typeof entries>)(
    "%s: a project whose node_modules/permc is not built gets nothing written (the agent would run without permc, silently)",
    async (agent) => {
      const dir = project({ ...sources[agent], "node_modules/permc/package.json": JSON.stringify({ name: "permc" }) });
      const r = await permc(["init", agent, "--dir", dir, "--home", HOME]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/does not exist \(is permc built\?/);
      expect(existsSync(path.join(dir, `.${agent}`, "permc", "policy.perm"))).toBe(false);
    },
  );
});

describe("permc init opencode and pi", () => {
  it("opencode: imports opencode.json and writes the plugin file", async () => {
    const dir = project({ "opencode.json": JSON.stringify({ permission: { bash: { "*": "ask", "git push*": "deny" } } }) });
    const r = await permc(["init", "opencode", "--dir", dir, "--home", HOME]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(path.join(dir, ".opencode/plugins/permc.js"));
    expect(readFileSync(path.join(dir, ".opencode/plugins/permc.js"), "utf8")).toMatch(/export \{ PermcPlugin \} from ".*opencode\/index\.js"/);
    expect(readFileSync(path.join(dir, ".opencode/permc/policy.perm"), "utf8")).toContain('bash "git push*" deny');
    expect((await loadPolicy(path.join(dir, ".opencode/permc/policy.mjs"), { home: HOME })).error).toBeNull();
  });

  it("pi: converts the pi-permission-system config and writes the project extension; without one, nothing", async () => {
    const dir = project({ ".pi/extensions/pi-permission-system/config.json": JSON.stringify({ permission: { "*": "ask", bash: { "rm *": "deny" } } }) });
    const r = await permc(["init", "pi", "--dir", dir, "--home", HOME]);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(path.join(dir, ".pi/extensions/permc.ts"), "utf8")).toMatch(/export \{ default \} from ".*pi\/index\.js"/);
    expect((await loadPolicy(path.join(dir, ".pi/permc/policy.mjs"), { home: HOME })).check("bash", "rm -rf x").action).toBe("deny");
    const empty = project({});
    expect((await permc(["init", "pi", "--dir", empty, "--home", HOME])).status).toBe(1);
    expect(existsSync(path.join(empty, ".pi"))).toBe(false);
  });
});

describe("permc init --sandbox: the entry turns the kernel layer on", () => {
  it("claude: the hook command says --sandbox, before `|| exit 2`", async () => {
    const dir = project({ ".claude/settings.json": "{}" });
    const r = await permc(["init", "claude", "--dir", dir, "--home", HOME, "--sandbox"]);
    expect(r.status, r.stderr).toBe(0);
    const hook = JSON.parse(readFileSync(path.join(dir, ".claude/settings.json"), "utf8")).hooks.PreToolUse.at(-1).hooks[0];
    expect(hook.command).toMatch(/ --policy "\$CLAUDE_PROJECT_DIR\/\.claude\/permc\/policy\.mjs" --sandbox \|\| exit 2$/);
  });

  it.each([
    ["opencode", {}, ".opencode/plugins/permc.js", /export \{ PermcPlugin \} from ".*opencode\/sandboxed\.js";/],
    [
      "pi",
      { ".pi/extensions/pi-permission-system/config.json": "{}" },
      ".pi/extensions/permc.ts",
      /import \{ createPermcExtension \} from ".*pi\/index\.js";\nexport default createPermcExtension\(\{ sandbox: true \}\);/,
    ],
  ] as const)("%s: the entry loads the plugin with the layer on, from this installation's built file", async (agent, files, entry, shape) => {
    const dir = project(files);
    const r = await permc(["init", agent, "--dir", dir, "--home", HOME, "--sandbox"]);
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(path.join(dir, entry), "utf8");
    expect(text).toMatch(shape);
    const imported = /from "([^"]+)"/.exec(text)![1]!;
    expect(existsSync(imported), imported).toBe(true);
    // OpenCode 1 calls every function a plugin module exports: the sandboxed module exports one plugin, as permc/opencode does.
    expect(Object.keys(await import(imported)).sort()).toEqual(agent === "pi" ? expect.arrayContaining(["createPermcExtension"]) : ["PermcPlugin", "default"]);
  });
});

describe("permc init reports what the import did not translate exactly, as permc import does", () => {
  it.each([
    ["claude", ".claude/settings.json", { permissions: { allow: ["WebFetch(domain:example.com)", "Bash(git status)"] } }],
    ["opencode", "opencode.json", { permission: { webfetch: "allow", bash: { "git *": "allow" } } }],
  ] as const)("%s", async (agent, rel, config) => {
    const dir = project({ [rel]: JSON.stringify(config) });
    const source = path.join(dir, rel);
    const imported = await permc(["import", agent, source]);
    const report = imported.stderr.split("\n").filter((l) => l !== "");
    expect(report.length).toBeGreaterThan(0);
    if (agent === "claude") expect(report.join("\n")).toContain("WebFetch(domain:example.com)");
    const r = await permc(["init", agent, "--dir", dir, "--home", HOME, "--accept-lossy"]);
    expect(r.status, r.stderr).toBe(0);
    for (const line of report) expect(r.stderr.split("\n")).toContain(line);
  });
});

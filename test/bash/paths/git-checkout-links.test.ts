/**
 * git commands that write the work tree (`git checkout BRANCH`, `git pull`,
 * `git reset --hard`, `git stash pop`…) write symlinks a branch holds: a
 * path under the top of the work tree, later in the same command, may reach
 * anywhere (split/command-paths.ts noteWorkTreeWrite). Real git and bash are
 * the oracle for the premise; git's own words stay paths git never follows.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

let repo: string;
let other: string;

function git(args: string[]): void {
  const run = spawnSync("git", args, { cwd: repo, encoding: "utf8", env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" } });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

beforeAll(() => {
  const root = tempDir("git-checkout-links");
  repo = path.join(root, "repo");
  other = path.join(root, "other");
  mkdirSync(other);
  writeFileSync(path.join(other, "secret"), "SECRET\n");
  mkdirSync(repo);
  git(["init", "-q", "-b", "main"]);
  git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "init"]);
  git(["checkout", "-q", "-b", "evil"]);
  symlinkSync(other, path.join(repo, "e"));
  writeFileSync(path.join(repo, "prod.env"), "key=SECRET\n");
  git(["add", "e", "prod.env"]);
  git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "a link"]);
  git(["checkout", "-q", "main"]);
});

function bash(command: string): string {
  return spawnSync("/bin/bash", ["-c", command], { cwd: repo, encoding: "utf8", env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } }).stdout;
}

async function decide(command: string): Promise<string> {
  const permission = {
    "*": "allow",
    bash: { "*": "allow" },
    external_directory: { "*": "allow" },
    path: { "*": "allow", [path.join(other, "secret")]: "deny" },
  };
  return (await decideBash(permission, command, { cwd: repo, home: "/home/t" })).action;
}

describe("a path read after git writes the work tree", () => {
  it("the premise: the checkout makes the link, and cat reads through it", () => {
    expect(bash("git checkout -q evil && cat e/secret; git checkout -q main")).toContain("SECRET");
  });

  it.each([
    "git checkout evil && cat e/secret",
    "git switch evil; cat e/secret",
    "git reset --hard evil && cat ./e/secret",
    "git merge evil && cat e/secret",
    "git pull && cat e/secret",
    "git stash pop; cat e/secret",
    "git -C . checkout evil && cat e/secret",
    "git worktree add ../w evil && cat ../w/e/secret",
    // A file git itself opens is reached through the link; a word of git's is not another command's.
    "git checkout evil && git commit -F e/secret",
    "git checkout evil && git -C e log",
    "git checkout evil; git log -- e/secret; cat e/secret",
    // git commands that open the files they are given (the others' records in knowledge/git.ts say operandsSkipLinks).
    "git checkout evil && git diff --no-index e/secret /dev/null",
    "git checkout evil && git hash-object -w e/secret",
    "git checkout evil && git commit --template=e/secret",
  ])("%s is not allowed", async (command) => {
    expect(await decide(command)).not.toBe("allow");
  });
});

describe("git's own words, and paths git does not write under", () => {
  it.each([
    "git checkout evil",
    "git checkout main && git pull",
    "git stash && git pull --rebase && git stash pop",
    "git checkout -b feature && git add . && git commit -m 'a message'",
    "git checkout main && ls",
    "git checkout evil && git add e/secret",
    "cat e/secret 2>/dev/null; echo ok",
  ])("%s is allowed", async (command) => {
    expect(await decide(command)).toBe("allow");
  });
});

describe("a walk after git writes the work tree", () => {
  async function decideEnv(command: string): Promise<string> {
    const permission = { "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "*.env": "deny" } };
    return (await decideBash(permission, command, { cwd: repo, home: "/home/t" })).action;
  }

  it("the premise: rg reads a file the checkout brought", () => {
    // `.` named: with no path and a standard input that is not a terminal, rg searches its input.
    expect(bash("git checkout -q evil && rg -l key .; git checkout -q main")).toContain("prod.env");
  });

  // `rg --files`, `fd`, `ls -R`: no word of their own that could be a path, only the walk.
  it.each(["git checkout evil && rg key", "git checkout evil && rg --files", "git pull && fd", "git stash pop; ls -R"])(
    "%s is not allowed: the tree is not there to list yet",
    async (command) => {
      expect(await decideEnv(command)).not.toBe("allow");
    },
  );

  it.each(["rg key", "rg --files", "fd", "ls -R"])("%s alone lists what is there", async (command) => {
    expect(await decideEnv(command)).toBe("allow");
  });
});

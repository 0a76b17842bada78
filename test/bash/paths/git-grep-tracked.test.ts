/**
 * `git grep KEY` reads the files the index tracks, ignored or not, and no
 * other (paths/classify.ts trackedUnder): permc lists them from the index
 * instead of walking the directory, unless an option searches beyond it
 * (`--untracked`, `--no-index`, `--recurse-submodules`, or a prefix of
 * one) or another git command of the call may change the index. Real git is
 * the oracle for which files it searches.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

let repo: string;

function git(args: string[]): string {
  const run = spawnSync("git", args, { cwd: repo, encoding: "utf8", env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" } });
  if (run.status !== 0 && run.status !== 1) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  return run.stdout;
}

beforeAll(() => {
  repo = path.join(tempDir("git-grep-tracked"), "repo");
  mkdirSync(path.join(repo, "src"), { recursive: true });
  mkdirSync(path.join(repo, "node_modules", "p"), { recursive: true });
  git(["init", "-q"]);
  writeFileSync(path.join(repo, ".gitignore"), "node_modules\n");
  writeFileSync(path.join(repo, "src", "a.ts"), "key\n");
  writeFileSync(path.join(repo, "node_modules", "p", "x.env"), "key\n");
  writeFileSync(path.join(repo, "untracked.env"), "key\n");
  git(["add", ".gitignore", "src/a.ts"]);
  git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "x"]);
});

async function decide(command: string): Promise<string> {
  return (await decideBash({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "*.env": "deny" } }, command, { cwd: repo, home: "/home/t" })).action;
}

describe("git grep reads the tracked files", () => {
  it("the premise: git grep searches tracked files only; --untracked and --no-index go further", () => {
    expect(git(["grep", "-l", "key"]).trim().split("\n")).toEqual(["src/a.ts"]);
    expect(git(["grep", "--untracked", "-l", "key"])).toContain("untracked.env");
    expect(git(["grep", "--no-index", "-l", "key"])).toContain("untracked.env");
  });

  it.each([
    ["git grep key", "allow"],
    ["git grep -n key src", "allow"],
    ["git grep --untracked key", "ask"],
    ["git grep --untr key", "ask"],
    ["git grep --no-index key", "ask"],
    ["git grep $OPT key", "ask"],
  ])("%s under *.env: deny → %s", async (command, action) => {
    expect(await decide(command)).toBe(action);
  });

  it("another git command may change the index first (`git add -N .` makes the untracked files tracked)", async () => {
    expect(await decide("git add -N . && git grep key")).not.toBe("allow");
    // One that names no file: the index is still not trusted (the repository is read as stored content).
    expect(await decide("git commit -q --allow-empty -m x && git grep key")).not.toBe("allow");
  });

  it("a tracked file a rule denies is read", async () => {
    writeFileSync(path.join(repo, "src", "b.env"), "key\n");
    git(["add", "src/b.env"]);
    try {
      expect(await decide("git grep key")).not.toBe("allow");
    } finally {
      git(["rm", "-q", "--cached", "src/b.env"]);
    }
  });
});

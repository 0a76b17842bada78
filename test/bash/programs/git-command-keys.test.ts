/**
 * git configuration keys whose value git runs as a command (knowledge/
 * variables.ts GIT_COMMAND_KEYS), found missing by a hunt (2026-12-07): real
 * git is the oracle for each row (it removes the victim, given the key by
 * `-c` or by `git config` first), and permc must not allow it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

let home: string;
let repo: string;

const PERMISSION = { "*": "allow", bash: { "*": "allow", "rm *": "deny" } };

function git(...args: string[]): void {
  const r = spawnSync("git", args, { cwd: repo, env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: "1" }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
}

beforeAll(() => {
  const root = tempDir("git-command-keys");
  home = path.join(root, "home");
  repo = path.join(root, "repo");
  mkdirSync(home, { recursive: true });
  mkdirSync(repo);
  git("init", "-q");
  git("config", "user.email", "t@example.com");
  git("config", "user.name", "t");
  writeFileSync(path.join(repo, "notes.txt"), "notes\n");
  git("add", "notes.txt");
  git("commit", "-qm", "init");
});

/** Real bash runs `command` in the repository (its configuration reset first): whether it removed the victim. */
function removesVictim(command: string): boolean {
  spawnSync("git", ["config", "--unset-all", "gpg.ssh.defaultKeyCommand"], { cwd: repo, env: { ...process.env, HOME: home } });
  writeFileSync(path.join(repo, "victim"), "v\n");
  spawnSync("git", ["checkout", "-q", "--", "notes.txt"], { cwd: repo });
  spawnSync("bash", ["-c", command], {
    cwd: repo,
    env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0" },
    input: "",
    timeout: 20_000,
  });
  return !existsSync(path.join(repo, "victim"));
}

describe("a key whose value git runs", () => {
  it.each([
    "git -c gpg.ssh.defaultKeyCommand='rm victim' -c gpg.format=ssh commit -S --allow-empty -m x",
    "git -c man.viewer=x -c man.x.cmd='rm victim;' help log",
    "echo 'rm victim' > notes.txt && git -c difftool.meld.path=/bin/bash difftool -R -y -t meld",
    "git -c trailer.x.command='rm victim' interpret-trailers --trailer x=y",
    "git -c trailer.x.cmd='rm victim' interpret-trailers --trailer x=y",
    "git config gpg.ssh.defaultKeyCommand 'rm victim' && git -c gpg.format=ssh commit -S --allow-empty -m x",
  ])("%s", async (command) => {
    expect(removesVictim(command), "the premise: git runs the value").toBe(true);
    expect((await decideBash(PERMISSION, command, { cwd: repo, home })).action).not.toBe("allow");
  });
});

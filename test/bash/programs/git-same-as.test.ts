/**
 * git plumbing that does what a porcelain command does is decided as that
 * command too (its record's sameAs in knowledge/git.ts): `git send-pack REMOTE REF`
 * updates the remote as `git push` does, so a `git push *` deny meets it.
 * Real git is the oracle that it pushes: the bare remote's branch moves.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { tempDir } from "../../support/temp-dir.js";
import { decide, parser, type RuleMap } from "../helpers.js";

const DENY_PUSH: RuleMap = { rules: { "*": "allow", "git push *": "deny" } };

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

function sh(cwd: string, command: string): string {
  const env = {
    ...process.env,
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@t",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@t",
  };
  const r = spawnSync("bash", ["-c", command], { cwd, env, encoding: "utf8", timeout: 20_000 });
  if (r.status !== 0) throw new Error(`${command}: ${r.stderr}`);
  return r.stdout;
}

describe("git plumbing decided as the command it stands for", () => {
  it("git send-pack really pushes (the remote's branch moves), and a `git push *` deny meets it", () => {
    const root = tempDir("git-same-as");
    sh(root, "git init -q --bare remote.git && git init -q -b main work && cd work && git commit -q --allow-empty -m one");
    const command = "git send-pack ../remote.git main";
    expect(decide(p, command, DENY_PUSH).action).toBe("deny");
    sh(path.join(root, "work"), command);
    expect(sh(path.join(root, "remote.git"), "git rev-parse main").trim()).toBe(sh(path.join(root, "work"), "git rev-parse main").trim());
  });

  it.each([
    ["git send-pack ../remote.git main", "deny"],
    ["git -C sub send-pack --all ../remote.git", "deny"],
    ["git http-push https://example.com/r.git main", "deny"],
    ["git fetch-pack ../remote.git", "allow"],
    ["git status", "allow"],
  ])("%s → %s under a `git push *` deny", (command, action) => {
    expect(decide(p, command, DENY_PUSH).action).toBe(action);
  });
});

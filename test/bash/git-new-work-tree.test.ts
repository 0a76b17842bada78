/**
 * `git clone` writes a new work tree in a directory of its own (its
 * subcommand record's `workTree: "new"`), not the one it runs in: a path of
 * this work tree read after it is not one the clone wrote, while a checkout
 * (`workTree: "writes"`) may have made any of them a link (split/command-paths.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../support/decide-bash.js";
import { tempDir } from "../support/temp-dir.js";

let repo: string;
let other: string;

beforeAll(() => {
  const root = tempDir("git-new-work-tree");
  repo = path.join(root, "repo");
  other = path.join(root, "other");
  mkdirSync(other);
  writeFileSync(path.join(other, "secret"), "SECRET\n");
  mkdirSync(repo);
  const run = spawnSync("git", ["init", "-q", "-b", "main"], { cwd: repo, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`git init: ${run.stderr}`);
});

async function decide(command: string): Promise<string> {
  const permission = {
    "*": "allow",
    bash: { "*": "allow" },
    external_directory: { "*": "allow" },
    path: { "*": "allow", [path.join(other, "secret")]: "deny" },
  };
  return (await decideBash(permission, command, { cwd: repo, home: "/home/t" })).action;
}

const ROWS: readonly { readonly command: string; readonly want: string }[] = [
  // The clone's files are under r/: this work tree's e/ is what it was.
  { command: "git clone https://example.com/r.git r && cat e/secret", want: "allow" },
  { command: "git clone https://example.com/r.git r; cat ./e/secret", want: "allow" },
  { command: "git clone --depth 1 https://example.com/r.git r && cat e/secret", want: "allow" },
  // Under r/, any file may be one the clone wrote, a link too.
  { command: "git clone https://example.com/r.git r && cat r/e/secret", want: "ask" },
  // With no directory named, a new one in the working directory, whose name permc does not read: any path here.
  { command: "git clone https://example.com/r.git && cat e/secret", want: "ask" },
  // A checkout writes this work tree: e may now be a link anywhere.
  { command: "git checkout evil && cat e/secret", want: "ask" },
];

describe("a path read after git writes a new work tree", () => {
  it.each(ROWS)("$command → $want", async ({ command, want }) => {
    expect(await decide(command)).toBe(want);
  });
});

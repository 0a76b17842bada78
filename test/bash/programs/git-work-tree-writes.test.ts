/**
 * What the work tree a git subcommand writes (its record's `workTree`) means
 * for a path read after it in the same command (split/command-paths.ts):
 * `git clone URL DIR` writes a new work tree under DIR (`"new"`), not the one
 * it runs in; a checkout writes this one (`"writes"`), so any path below its
 * top may now be a link; `git checkout-index --prefix=DIR/` writes under a
 * directory permc does not read (`"elsewhere"`), so any path may.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

let repo: string;
let other: string;

beforeAll(() => {
  const root = tempDir("git-work-tree-writes");
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
  // A checkout writes this work tree: e may now be a link anywhere, but not a path outside it.
  { command: "git checkout evil && cat e/secret", want: "ask" },
  { command: "git checkout evil && cat ../w/e/secret", want: "allow" },
  // The index's files under ../w/: any path may be one it wrote.
  { command: "git checkout-index -a --prefix=../w/ && cat ../w/e/secret", want: "ask" },
];

describe("a path read after git writes a work tree", () => {
  it.each(ROWS)("$command → $want", async ({ command, want }) => {
    expect(await decide(command)).toBe(want);
  });
});

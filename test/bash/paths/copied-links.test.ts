/**
 * A copy that keeps a symbolic link a link (`cp -P`, `-d`, `-a`, `-r`,
 * `rsync -l`, a hard link `ln LINK x`) makes a new link to where the source link points: a path
 * through the copy reads there (paths/copied-links.ts). Real cp is the
 * oracle for the premise.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { underPathRules } from "../../support/env-rule.js";
import { tempDir } from "../../support/temp-dir.js";

let root: string;
let project: string;
let oracle: string;
let keys: string;

beforeAll(() => {
  root = tempDir("copied-links");
  project = path.join(root, "project");
  oracle = path.join(root, "oracle");
  keys = path.join(root, "keys");
  for (const dir of [project, oracle, keys, path.join(project, "sub")]) mkdirSync(dir);
  writeFileSync(path.join(keys, "id_rsa"), "SECRET-KEY\n");
  writeFileSync(path.join(project, "notes.txt"), "n\n");
  writeFileSync(path.join(project, "sub", "n.txt"), "n\n");
  for (const dir of [project, oracle]) symlinkSync("../keys", path.join(dir, "keylink"));
  // An absolute target reads the same from any directory the copy lands in.
  symlinkSync(keys, path.join(project, "abslink"));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const rules = (): Record<string, string> => ({ [`${keys}/*`]: "deny" });

describe("a copied link points where its source does", () => {
  it.each([["cp -P"], ["cp -d"], ["cp -a"], ["cp -r"], ["ln"]])("the premise: %s keeps the link (real cp and ln)", (copy) => {
    const run = spawnSync("/bin/bash", ["-c", `rm -rf x && ${copy} keylink x && cat x/id_rsa`], { cwd: oracle, encoding: "utf8" });
    expect(run.stdout).toContain("SECRET-KEY");
  });

  it.each([
    ["cp -P keylink x && cat x/id_rsa", "deny"],
    ["cp -d keylink x; cat x/id_rsa", "deny"],
    ["cp --no-dereference keylink x && cat x/id_rsa", "deny"],
    ["cp -a keylink x && cat x/id_rsa", "deny"],
    ["cp -a abslink sub && cat sub/abslink/id_rsa", "deny"],
    ["cp -t sub -P abslink && cat sub/abslink/id_rsa", "deny"],
    ["rsync -l keylink x && cat x/id_rsa", "deny"],
    ["ln keylink x && cat x/id_rsa", "deny"],
    ["link keylink x; cat x/id_rsa", "deny"],
    ["ln notes.txt hard && cat hard", "allow"],
    // A source permc cannot know, or a glob over a directory that holds a link: anything under the copy.
    ["cp -P k*link x && cat x/id_rsa", "ask"],
    ["cp -P $L x && cat x/id_rsa", "ask"],
    ["ln $L x; cat x/id_rsa", "ask"],
    // A glob over a directory with no link names no link.
    ["cp -P sub/n* x && cat x", "allow"],
    // A relative link copied into another directory points elsewhere from there (here, nowhere).
    ["cp -t sub -P keylink && cat sub/keylink/id_rsa", "allow"],
    // Followed, not kept: the copy reads what the link points to, a directory whose every path is denied: a deny.
    ["cp -rL keylink x", "deny"],
    ["cp -P notes.txt x && cat x", "allow"],
    ["cp -a sub out && cat out/notes.txt", "allow"],
  ])("%s → %s", async (command, action) => {
    expect(await underPathRules(rules(), project, command)).toBe(action);
  });
});

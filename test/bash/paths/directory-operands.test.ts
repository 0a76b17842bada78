/**
 * A directory operand of diff, sdiff and `git diff --no-index` is read, not
 * only named: `diff k DIR` compares k with DIR/k, two directories compare
 * the files of the same name (knowledge/recursive.ts, knowledge/git.ts
 * `walksOperands`). Real diff and git are the oracle for the premise.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { underPathRules } from "../../support/env-rule.js";
import { tempDir } from "../../support/temp-dir.js";

let root: string;
let project: string;
let keys: string;

beforeAll(() => {
  root = tempDir("directory-operands");
  project = path.join(root, "project");
  keys = path.join(root, "keys");
  mkdirSync(project);
  mkdirSync(keys);
  writeFileSync(path.join(keys, "id_rsa"), "SECRET-KEY\n");
  writeFileSync(path.join(project, "id_rsa"), "x\n");
  writeFileSync(path.join(project, "a.txt"), "a\n");
  writeFileSync(path.join(project, "b.txt"), "b\n");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const rules = (): Record<string, string> => ({ [`${keys}/*`]: "deny" });

describe("the premise (real diff and git)", () => {
  it.each([
    ["diff", ["id_rsa", "{keys}"]],
    ["git", ["diff", "--no-index", "id_rsa", "{keys}"]],
  ])("%s prints the file of the same name under the directory", (program, args) => {
    const run = spawnSync(
      program,
      args.map((a) => a.replace("{keys}", keys)),
      { cwd: project, encoding: "utf8" },
    );
    expect(run.stdout).toContain("SECRET-KEY");
  });
});

describe("decisions", () => {
  // The directory holds only denied files: reading any of them is what the deny rule says no to.
  it.each([
    ["diff id_rsa {keys}", "deny"],
    ["diff {keys} id_rsa", "deny"],
    ["sdiff id_rsa {keys}", "deny"],
    ["git diff --no-index id_rsa {keys}", "deny"],
    ["diff a.txt b.txt", "allow"],
    ["git diff --no-index a.txt b.txt", "allow"],
    ["diff {keys}/id_rsa a.txt", "deny"],
  ])("%s → %s", async (command, action) => {
    expect(await underPathRules(rules(), project, command.replaceAll("{keys}", keys))).toBe(action);
  });
});

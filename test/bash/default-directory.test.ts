/**
 * A recursive reader that names no directory walks the one it runs in
 * (`rg key`, `grep -r key`, `find -name x`): the working directory is then a
 * directory operand, and a rule that can match something under it applies.
 * Operands are counted past the options that take a value; an option permc
 * does not know is taken to consume the next word (fewer paths, so the
 * working directory is walked when in doubt).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { walksWorkingDirectory } from "../../runtime/bash/programs/knowledge/recursive.js";
import { createGate, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { tempDir } from "../support/temp-dir.js";

const words = (command: string): string[] => command.split(" ").slice(1);

describe("walksWorkingDirectory", () => {
  it.each([
    ["rg key", true],
    ["rg -n -i key", true],
    ["rg key src", false],
    ["rg -g *.ts key", true],
    ["rg -e key", true],
    ["rg -e key src", false],
    ["rg --files", true],
    ["rg --files src", false],
    ["grep -r key", true],
    ["grep -rn key src", false],
    ["grep -rn -A 3 key src", false],
    ["grep -rn -A3 key", true],
    ["grep -r --include=*.ts key", true],
    ["grep -r --include *.ts key src", false],
    ["grep -r --unknown key src", true],
    ["grep -r -- key", true],
    ["grep -r -- key src", false],
    ["find", true],
    ["find -name x", true],
    ["find -L -name x", true],
    ["find . -name x", false],
    ["find src ( -name x )", false],
    ["du", true],
    ["du -sh src", false],
    ["tree -L 2", true],
    ["tree -L 2 src", false],
    ["fd x", true],
    ["fd x src", false],
    ["cat x", false],
  ])("%s → %s", (command, walks) => {
    const [name] = command.split(" ");
    expect(walksWorkingDirectory(name as string, words(command))).toBe(walks);
  });

  it("a word permc cannot know may stand for nothing: the working directory may be walked", () => {
    expect(walksWorkingDirectory("rg", ["key", null])).toBe(true);
  });
});

describe("through the gate", () => {
  let policy: Policy;
  let cwd: string;
  beforeAll(async () => {
    const root = tempDir("default-directory");
    cwd = path.join(root, "proj");
    mkdirSync(path.join(cwd, "src"), { recursive: true });
    writeFileSync(path.join(cwd, ".env"), "SECRET=1\n");
    writeFileSync(path.join(cwd, "src", "a.ts"), "");
    policy = (await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "*.env": "deny" } })], { home: root })).policy!;
  });

  it.each([
    ["rg key", "ask"],
    ["grep -r key", "ask"],
    ["find -name '*.ts'", "ask"],
    ["rg key src", "allow"],
    ["grep -rn key src", "allow"],
    ["find src -name '*.ts'", "allow"],
  ])("%s in a folder holding .env → %s", async (command, action) => {
    const d = await createGate(policy, { cwd, home: path.dirname(cwd) }).decide({ tool: "bash", input: { command } });
    expect(d.action).toBe(action);
  });
});

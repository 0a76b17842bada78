/**
 * `grep -r --exclude-dir=GLOB` and `--exclude=GLOB` (knowledge/recursive.ts, paths/tree.ts):
 * the walk leaves out the directories grep does not enter and the files it does not open, so `grep -rn key .
 * --exclude-dir=node_modules --exclude-dir=.git` in a large project is
 * decided file by file. Real grep is the oracle: on random trees and globs,
 * every file grep reads must be in permc's listing.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { excludedDirectories } from "../../../runtime/bash/programs/knowledge/recursive.js";
import { excludedName } from "../../../runtime/bash/paths/name-glob.js";
import { listTree } from "../../../runtime/bash/paths/tree.js";
import { underEnvRule } from "../../support/env-rule.js";
import { tempDir } from "../../support/temp-dir.js";

const RUNS = Number(process.env.FC_RUNS ?? 120);

/**
 * The files `grep -r` reads under `cwd` with these exclusions (every file
 * holds a line, so `''` matches each one read). No directory operand: grep
 * also leaves out a named one that a glob matches (`.` under `*`), which
 * would hide what it does below.
 */
function grepReads(cwd: string, globs: readonly string[], fileGlobs: readonly string[] = []): string[] {
  const args = ["-rl", ...globs.map((g) => `--exclude-dir=${g}`), ...fileGlobs.map((g) => `--exclude=${g}`), ""];
  const run = spawnSync("grep", args, { cwd, encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
  if (run.error !== undefined) throw new Error(`grep is needed as the oracle: ${run.error.message}`);
  return run.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => l.replace(/^\.\//, ""));
}

function permcLists(walked: string, globs: readonly string[], fileGlobs: readonly string[] = []): string[] {
  const listed = listTree(walked, { hidden: false, links: false, excludedDirectories: globs, ...(fileGlobs.length > 0 ? { excludedFiles: fileGlobs } : {}) });
  if (listed === null) throw new Error("over the listing budget");
  return listed.map((p) => path.relative(walked, p));
}

const NAMES = ["node_modules", "dist", ".git", ".cache", "a", "{a,b}", "n?de"] as const;
/** Glob shapes over a name `N`: exact, wildcards, brackets and slashes (left alone by the model), a leading dot. */
const SHAPES = ["N", "N", "N*", "*N", "?N", "N?", "*", ".*", "*.*", "[N]", "N/", "x/N", "\\N", "*_*", "d*t", ""] as const;
const globArb = fc.tuple(fc.constantFrom(...SHAPES), fc.constantFrom(...NAMES)).map(([shape, name]) => shape.replace("N", name));
const relDir = fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/"));
const treeArb = fc.array(relDir, { minLength: 1, maxLength: 6 });

let scratch: string;
beforeAll(() => {
  scratch = tempDir("excluded-dirs");
});

describe("grep as the oracle", () => {
  it("every file grep -r reads is in permc's listing", () => {
    let excludedSome = 0;
    fc.assert(
      fc.property(treeArb, fc.array(globArb, { minLength: 1, maxLength: 3 }), (dirs, globs) => {
        const root = mkdtempSync(path.join(scratch, "t-"));
        try {
          writeFileSync(path.join(root, "top.txt"), "x\n");
          for (const d of dirs) {
            mkdirSync(path.join(root, d), { recursive: true });
            writeFileSync(path.join(root, d, "f.env"), "x\n");
          }
          const listed = permcLists(root, globs);
          for (const f of grepReads(root, globs)) expect(listed, `grep reads ${f}; dirs ${JSON.stringify(dirs)}, globs ${JSON.stringify(globs)}`).toContain(f);
          if (listed.length < permcLists(root, []).length) excludedSome++;
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { numRuns: RUNS, seed: 7 },
    );
    // The model leaves directories out on some trees (the property is not vacuous).
    expect(excludedSome).toBeGreaterThan(RUNS / 10);
  });
});

describe("grep --exclude=GLOB as the oracle: files below the walked directory, by name", () => {
  const FILE_NAMES = [".env", "x.env", "a.ts", "notes", "n?te"] as const;
  const FILE_SHAPES = ["N", "*.env", ".env*", "*", "?N", "N*", "[N]", "x/N", "\\N", ".*"] as const;
  const fileGlob = fc.tuple(fc.constantFrom(...FILE_SHAPES), fc.constantFrom(...FILE_NAMES)).map(([shape, name]) => shape.replace("N", name));
  it("every file grep -r --exclude reads is in permc's listing", () => {
    let excludedSome = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("", "a", "a/b", ".cache"), fc.constantFrom(...FILE_NAMES)), { minLength: 1, maxLength: 6 }),
        fc.array(fileGlob, { minLength: 1, maxLength: 2 }),
        (files, globs) => {
          const root = mkdtempSync(path.join(scratch, "f-"));
          try {
            for (const [dir, name] of files) {
              mkdirSync(path.join(root, dir), { recursive: true });
              writeFileSync(path.join(root, dir, name), "x\n");
            }
            const listed = permcLists(root, [], globs);
            for (const f of grepReads(root, [], globs))
              expect(listed, `grep reads ${f}; files ${JSON.stringify(files)}, globs ${JSON.stringify(globs)}`).toContain(f);
            if (listed.length < permcLists(root, []).length) excludedSome++;
          } finally {
            rmSync(root, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: RUNS, seed: 11 },
    );
    expect(excludedSome).toBeGreaterThan(RUNS / 10);
  });
});

describe("which names a glob leaves out", () => {
  it.each([
    ["node_modules", "node_modules", true],
    ["node_*", "node_modules", true],
    ["*_modules", "node_modules", true],
    ["n?de_modules", "node_modules", true],
    ["*", "dist", true],
    [".git", ".git", true],
    [".*", ".git", true],
    // A wildcard matches a leading dot (no FNM_PERIOD), as grep's does.
    ["*", ".git", true],
    ["?git", ".git", true],
    // Brackets, backslashes and slashes: left to grep, nothing left out.
    ["[n]ode_modules", "node_modules", false],
    ["\\node_modules", "node_modules", false],
    ["node_modules/", "node_modules", false],
    ["a/node_modules", "node_modules", false],
    ["NODE_MODULES", "node_modules", false],
    ["", "node_modules", false],
    ["node", "node_modules", false],
    ["*a*b*c", "xaybzc", true],
    ["*a*b*c", "xaybzcd", false],
  ])("%j leaves out %j: %s", (glob, name, out) => {
    expect(excludedName(glob, name)).toBe(out);
  });
});

describe("which words are exclusions", () => {
  it.each([
    [["-rn", "key", ".", "--exclude-dir=node_modules"], false, ["node_modules"]],
    [["--exclude-dir=a", "--exclude-dir=b", "key"], false, ["a", "b"]],
    // The value of an option that takes the next word: a pattern, a file.
    [["-e", "--exclude-dir=a", "."], false, []],
    [["-rie", "--exclude-dir=a", "."], false, []],
    [["-f", "--exclude-dir=a", "."], false, []],
    [["--regexp", "--exclude-dir=a", "."], false, []],
    [["--reg", "--exclude-dir=a", "."], false, []],
    [["--exclude-dir", "--exclude-dir=a", "."], false, []],
    // An attached value leaves the next word an option.
    [["-A3", "--exclude-dir=a", "."], false, ["a"]],
    [["-eA", "--exclude-dir=a", "."], false, ["a"]],
    [["--regexp=x", "--exclude-dir=a", "."], false, ["a"]],
    // After `--`, or a word permc cannot know, words are operands (or may be).
    [["-r", "--", "--exclude-dir=a", "."], false, []],
    [["-r", null, "--exclude-dir=a", "."], false, []],
    // POSIXLY_CORRECT: options end at the first operand.
    [["-r", "key", ".", "--exclude-dir=a"], true, []],
    [["-r", "--exclude-dir=a", "key", "."], true, ["a"]],
    [["-r", "-", "--exclude-dir=a"], true, []],
  ] as const)("grep %j (POSIXLY_CORRECT %s): %j", (words, posixlyCorrect, globs) => {
    expect(excludedDirectories("grep", words, posixlyCorrect)).toEqual(globs);
  });

  it("only grep's family reads them", () => {
    expect(excludedDirectories("rg", ["--exclude-dir=a"], false)).toEqual([]);
  });
});

describe("the gates", () => {
  let plain: string;
  let odd: string;
  beforeAll(() => {
    plain = tempDir("excluded-gates");
    for (const d of ["src", "node_modules/p", "dist"]) mkdirSync(path.join(plain, d), { recursive: true });
    writeFileSync(path.join(plain, "src", "x.ts"), "key\n");
    writeFileSync(path.join(plain, "node_modules", "p", "prod.env"), "key\n");
    // A directory named like an unexpanded brace word.
    odd = tempDir("excluded-odd");
    mkdirSync(path.join(odd, "{node_modules,.git}"));
    writeFileSync(path.join(odd, "{node_modules,.git}", "odd.env"), "key\n");
  });

  it.each([
    ["plain", "grep -rn key . --exclude-dir=node_modules", "allow"],
    ["plain", "grep -rn --exclude-dir=node_modules key", "allow"],
    ["plain", "grep -rn key . --exclude-dir='node_*'", "allow"],
    ["plain", "grep -rn key . --exclude-dir={node_modules,.git}", "allow"],
    ["plain", "grep -r key --exclude-dir=dist .", "ask"],
    ["plain", "grep -rn key .", "ask"],
    // An unquoted glob may match a file name in the directory: bash would pass that instead.
    ["plain", "grep -rn key . --exclude-dir=node_*", "ask"],
    ["plain", "grep -rn -e --exclude-dir=node_modules .", "ask"],
    ["plain", "grep -rn key . --exclude-dir=$D", "ask"],
    ["plain", "GREP_OPTIONS=-e grep -rn --exclude-dir=node_modules key .", "ask"],
    // A brace word is the words bash makes of it, not a directory named like the word.
    ["odd", "grep -rn key . --exclude-dir={node_modules,.git}", "ask"],
    ["odd", "grep -rn key . --exclude-dir='{node_modules,.git}'", "allow"],
  ] as const)("in %s, %j under *.env: ask → %s", async (where, command, action) => {
    expect(await underEnvRule(where === "plain" ? plain : odd, command)).toBe(action);
  });
});

/**
 * `find -maxdepth N` (programs/analysers/find.ts): the walk reads N levels
 * below each starting point, so `find . -maxdepth 2 -name '*.json'` in a
 * large project is decided by the entries find reaches. Real find is the
 * oracle for the depth a walk reads; the gates for which words are read.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { listTree } from "../../../runtime/bash/paths/tree.js";
import { underEnvRule } from "../../support/env-rule.js";
import { tempDir } from "../../support/temp-dir.js";

const RUNS = Number(process.env.FC_RUNS ?? 60);

function findVisits(cwd: string, depth: number): string[] {
  const run = spawnSync("find", [".", "-maxdepth", String(depth), "-type", "f"], { cwd, encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
  if (run.error !== undefined) throw new Error(`find is needed as the oracle: ${run.error.message}`);
  return run.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => l.replace(/^\.\//, ""));
}

let scratch: string;
beforeAll(() => {
  scratch = tempDir("find-depth");
});

describe("find as the oracle", () => {
  it("every file find visits within -maxdepth is in permc's listing, and no deeper one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom("a", "b", ".c"), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 4 }),
        (dirs, depth) => {
          const root = mkdtempSync(path.join(scratch, "t-"));
          try {
            writeFileSync(path.join(root, "top.env"), "x\n");
            for (const parts of dirs) {
              mkdirSync(path.join(root, ...parts), { recursive: true });
              writeFileSync(path.join(root, ...parts, "f.env"), "x\n");
            }
            const listed = (listTree(root, { hidden: false, links: false, maxDepth: depth }) ?? []).map((p) => path.relative(root, p)).sort();
            expect(listed).toEqual(findVisits(root, depth).sort());
          } finally {
            rmSync(root, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: RUNS, seed: 5 },
    );
  });
});

describe("the gates", () => {
  let cwd: string;
  beforeAll(() => {
    cwd = tempDir("find-depth-gates");
    mkdirSync(path.join(cwd, "a", "b"), { recursive: true });
    writeFileSync(path.join(cwd, "package.json"), "{}\n");
    writeFileSync(path.join(cwd, "a", "x.json"), "{}\n");
    writeFileSync(path.join(cwd, "a", "b", "prod.env"), "x\n");
  });

  it.each([
    ["find . -maxdepth 2 -name '*.json'", "allow"],
    ["find . -name '*.json' -maxdepth 2", "allow"],
    ["find -maxdepth 1", "allow"],
    ["find . -maxdepth 2 -type f -exec wc -l {} +", "allow"],
    // Names only (issue 35): a walk that reads no file's content is not read; the rows below read what they walk
    // (`-exec wc -c`, tree's `-o`), so the walk is decided as before.
    ["find . -maxdepth 3 -name '*.json'", "allow"],
    ["find . -maxdepth 3 -name '*.json' -exec wc -c {} +", "ask"],
    ["find . -name '*.json' -exec wc -c {} +", "ask"],
    // The deepest of several.
    ["find . -maxdepth 1 -maxdepth 3 -exec wc -c {} +", "ask"],
    // A word find's expression may read otherwise: not permc's to count.
    ["find . -maxdepth $N", "ask"],
    ["find . -maxdepth +2 -exec wc -c {} +", "ask"],
    ["find . -maxdepth 2 -name $X", "ask"],
    ["find . -maxdepth 2 -name *.json -exec wc -c {} +", "ask"],
    ["find . -maxdepth 2 -somethingnew x -exec wc -c {} +", "ask"],
    // Inside -exec it is the command's word, not find's…
    ["find . -exec echo -maxdepth 1 \\;", "ask"],
    // …unless a word bash splits ends the -exec first (`X=';'`).
    ["find . -maxdepth 1 -exec echo $X -maxdepth 9 \\;", "ask"],
  ])("%j under *.env: ask → %s", async (command, action) => {
    expect(await underEnvRule(cwd, command)).toBe(action);
  });
});

/**
 * find's `X -prune -o …` (programs/analysers/find-prune.ts, paths/prune-test.ts):
 * the walk leaves out the directories find does not enter, so `find .
 * -name node_modules -prune -o -name '*.ts' -print` in a large project is
 * decided file by file. Real find is the oracle: on random trees, tests and
 * starting points, every file find visits must be in permc's listing.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { parsePrune } from "../../../runtime/bash/programs/analysers/find-prune.js";
import { globMatch } from "../../../runtime/bash/paths/name-glob.js";
import { listTree } from "../../../runtime/bash/paths/tree.js";
import { underEnvRule } from "../../support/env-rule.js";
import { tempDir } from "../../support/temp-dir.js";

const RUNS = Number(process.env.FC_RUNS ?? 120);

/**
 * The files find visits from `start` (run in `cwd`) with these prune terms:
 * `( X1 -prune -o X2 -prune -o -true ) -type f -print` prints every file it
 * reaches, and prunes where `X1 -prune -o X2 -prune -o …` would.
 */
function findVisits(cwd: string, start: string, terms: readonly (readonly string[])[]): string[] {
  const expression = ["(", ...terms.flatMap((x) => [...x, "-prune", "-o"]), "-true", ")", "-type", "f", "-print"];
  const run = spawnSync("find", [start, ...expression], { cwd, encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
  if (run.error !== undefined) throw new Error(`find is needed as the oracle: ${run.error.message}`);
  if (run.status !== 0) throw new Error(`find ${[start, ...expression].join(" ")}: ${run.stderr}`);
  return run.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => path.relative(path.join(cwd, start), path.join(cwd, l)));
}

function permcLists(walked: string, start: string, terms: readonly (readonly string[])[]): { listed: string[]; all: string[] } {
  const test = parsePrune([...terms.flatMap((x) => [...x, "-prune", "-o"]), "-print"]);
  if (test === null) throw new Error(`permc does not read ${JSON.stringify(terms)}`);
  const listed = listTree(walked, { hidden: false, links: false, prune: { test, start } });
  const all = listTree(walked, { hidden: false, links: false });
  if (listed === null || all === null) throw new Error("over the listing budget");
  return { listed: listed.map((p) => path.relative(walked, p)), all: all.map((p) => path.relative(walked, p)) };
}

const NAMES = ["node_modules", "dist", ".git", "a", "N"] as const;
const GLOB_SHAPES = ["N", "N", "*N", "N*", "?N", "*", ".*", "[N]", "./N", "*/N", "./*/N", "a/N", "*_*", "NODE_MODULES", "./.*"] as const;
const globArb = fc.tuple(fc.constantFrom(...GLOB_SHAPES), fc.constantFrom(...NAMES)).map(([shape, name]) => shape.replace("N", name));
const leafArb: fc.Arbitrary<string[]> = fc.oneof(
  fc.tuple(fc.constantFrom("-name", "-iname", "-path", "-ipath", "-wholename"), globArb).map(([t, g]) => [t, g]),
  fc.constantFrom<string[]>(["-type", "d"], ["-type", "f"], ["-type", "f,d"], ["-true"], ["-false"]),
);
/** X: tests under `!`, `-a` (written or not) and parenthesised `-o`. */
const xArb: fc.Arbitrary<string[]> = fc.letrec<{ x: string[] }>((tie) => ({
  x: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leafArb,
    leafArb,
    tie("x").map((x) => ["!", ...x]),
    fc.tuple(tie("x"), tie("x"), fc.constantFrom([], ["-a"])).map(([l, r, and]) => [...l, ...and, ...r]),
    fc.tuple(tie("x"), tie("x")).map(([l, r]) => ["(", ...l, "-o", ...r, ")"]),
  ),
})).x;
const treeArb = fc.array(fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 });

let scratch: string;
beforeAll(() => {
  scratch = tempDir("find-prune");
});

describe("find as the oracle", () => {
  it("every file find visits is in permc's listing", () => {
    let pruned = 0;
    fc.assert(
      fc.property(treeArb, fc.array(xArb, { minLength: 1, maxLength: 2 }), fc.constantFrom(".", ".", "a", "./a", "a/", "./"), (dirs, terms, start) => {
        const root = mkdtempSync(path.join(scratch, "t-"));
        try {
          mkdirSync(path.join(root, "a"));
          writeFileSync(path.join(root, "a", "top.txt"), "x\n");
          for (const parts of dirs) {
            const d = path.join(root, "a", ...parts);
            mkdirSync(d, { recursive: true });
            writeFileSync(path.join(d, "f.env"), "x\n");
          }
          const cwd = start === "." || start === "./" ? path.join(root, "a") : root;
          const { listed, all } = permcLists(path.join(cwd, start), start, terms);
          for (const f of findVisits(cwd, start, terms))
            expect(listed, `find ${start} visits ${f}; terms ${JSON.stringify(terms)}, dirs ${JSON.stringify(dirs)}`).toContain(f);
          if (listed.length < all.length) pruned++;
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { numRuns: RUNS, seed: 11 },
    );
    // The model prunes on some trees (the property is not vacuous).
    expect(pruned).toBeGreaterThan(RUNS / 10);
  });
});

describe("which expressions permc reads", () => {
  it.each([
    [["-name", "node_modules", "-prune", "-o", "-print"], true],
    [["-prune"], true],
    [["(", "-name", "a", "-o", "-path", "./b", ")", "-prune", "-o", "-type", "f", "-print"], true],
    [["-type", "d", "-name", "a", "-prune", "-o", "-print"], true],
    [["!", "-name", "a", "-a", "-not", "-iname", "b", "-prune", "-o", "-print"], true],
    [["-path", "./a", "-prune", "-o", "-path", "./b", "-prune", "-o", "-print"], true],
    // -prune after a first term that is not `X -prune`: X would not be evaluated for every entry.
    [["-name", "x", "-print", "-o", "-name", "a", "-prune"], false],
    [["-name", "a", "-o", "-name", "b", "-prune"], false],
    // Tests that do not hold by a name, path and type alone.
    [["-size", "+1", "-prune", "-o", "-print"], false],
    [["-regex", ".*a", "-prune", "-o", "-print"], false],
    [["-name", "a", "-newer", "b", "-prune", "-o", "-print"], false],
    // Options that change when -prune acts, anywhere.
    [["-name", "a", "-prune", "-o", "-print", "-depth"], false],
    [["-mindepth", "2", "-name", "a", "-prune", "-o", "-print"], false],
    [["-name", "a", "-prune", "-o", "-delete"], false],
    [["-name", null, "-prune", "-o", "-print"], false],
    [["-name", "a", "-prune", "-o", null], false],
    [["(", "-name", "a", "-prune", "-o", "-print"], false],
    [["-type", "q", "-prune"], false],
    [["-name", "a", "-print"], false],
  ] as const)("%j: %s", (expression, read) => {
    expect(parsePrune(expression) !== null).toBe(read);
  });
});

describe("the glob model", () => {
  it.each([
    ["./node_modules", "./node_modules", true],
    ["*/node_modules", "./a/node_modules", true],
    // `*` crosses `/` (no FNM_PATHNAME)…
    ["./*", "./a/b", true],
    // …and a leading `.` (no FNM_PERIOD, in GNU and BSD find alike).
    ["./*", "./.git", true],
    ["*", ".git", true],
    ["./.*", "./.git", true],
    ["[a]", "a", null],
    ["?", "é", null],
    // A name that is not UTF-8 reads as U+FFFD: which bytes it holds is not known.
    ["*", "a\ufffd", null],
    // Consecutive stars are one; a glob past the budget (matching costs glob × name per entry) is unsure.
    ["***a", "xa", true],
    ["x".repeat(300), "x".repeat(300), null],
    ["NODE_MODULES", "node_modules", false],
  ] as const)("%j against %j: %s", (glob, text, match) => {
    expect(globMatch(glob, text)).toBe(match);
  });

  it("folds case only for ASCII", () => {
    expect(globMatch("NODE_*", "node_modules", true)).toBe(true);
    expect(globMatch("É", "é", true)).toBe(null);
  });
});

describe("the gates", () => {
  let cwd: string;
  beforeAll(() => {
    cwd = tempDir("find-gates");
    for (const d of ["src", "node_modules/p", ".git/objects"]) mkdirSync(path.join(cwd, d), { recursive: true });
    writeFileSync(path.join(cwd, "src", "x.ts"), "x\n");
    writeFileSync(path.join(cwd, "node_modules", "p", "prod.env"), "x\n");
    writeFileSync(path.join(cwd, ".git", "objects", "o.env"), "x\n");
  });

  it.each([
    // Names only (issue 35): a walk that reads no file's content is not read; the rows below read what they walk
    // (`-exec wc -c`, tree's `-o`), so the walk is decided as before.
    ["find . -name node_modules -prune -o -name '*.ts' -print", "allow"],
    ["find . -name node_modules -prune -o -name '*.ts' -print -exec wc -c {} +", "ask"],
    ["find . \\( -name node_modules -o -name .git \\) -prune -o -type f -name '*.ts' -print", "allow"],
    ["find . -path ./node_modules -prune -o -path ./.git -prune -o -name '*.ts' -print", "allow"],
    ["find . -type d \\( -name node_modules -o -name .git \\) -prune -o -type f -print", "allow"],
    ["find -name node_modules -prune -o -name .git -prune -o -print", "allow"],
    // The expression's words are not walked: only the starting points are.
    ["find src -name node_modules", "allow"],
    ["find src -newer node_modules/p -name '*.ts'", "allow"],
    ["find . -not -path './node_modules/*' -not -path './.git/*'", "ask"],
    ["find . -depth \\( -name node_modules -o -name .git \\) -prune -o -print -exec wc -c {} +", "ask"],
    ["find . -mindepth 2 \\( -name node_modules -o -name .git \\) -prune -o -print -exec wc -c {} +", "ask"],
    // An unquoted glob is what bash makes of it, a word permc cannot know anything.
    ["find . \\( -name node_* -o -name .git \\) -prune -o -print -exec wc -c {} +", "ask"],
    ["find . \\( -name $D -o -name .git \\) -prune -o -print", "ask"],
    // BSD find prints `.//node_modules` from `./`: a -path test there is unsure.
    ["find ./ \\( -path ./node_modules -o -path ./.git \\) -prune -o -print -exec wc -c {} +", "ask"],
  ])("%j under *.env: ask → %s", async (command, action) => {
    expect(await underEnvRule(cwd, command)).toBe(action);
  });
});

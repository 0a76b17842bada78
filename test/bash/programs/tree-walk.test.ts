/**
 * tree's walk (programs/analysers/tree.ts): `-L N` levels, without the
 * directories an `-I` pattern names, and its option clusters read as tree
 * reads them (`-Ifo x out.txt` writes out.txt). Real tree is the oracle for
 * the walk (`.ci/run` installs it).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { listTree } from "../../../runtime/bash/paths/tree.js";
import { analyseCommand } from "../../../runtime/bash/programs/analyse-program.js";
import { syntheticWord } from "../../../runtime/bash/words/words.js";
import { underEnvRule } from "../../support/env-rule.js";
import { tempDir } from "../../support/temp-dir.js";

const RUNS = Number(process.env.FC_RUNS ?? 80);

/** The files tree lists under `root` (`-f` full paths, `-F` marks directories with `/`). */
function treeLists(root: string, level: number | null, ignore: string | null): string[] {
  const args = ["-a", "-f", "-i", "-F", "--noreport", ...(level === null ? [] : ["-L", String(level)]), ...(ignore === null ? [] : ["-I", ignore]), root];
  const run = spawnSync("tree", args, { encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
  if (run.error !== undefined) throw new Error(`tree is needed as the oracle (.ci/run installs it): ${run.error.message}`);
  return run.stdout
    .split("\n")
    .slice(1)
    .filter((l) => l !== "" && !l.endsWith("/"))
    .map((l) => path.relative(root, l));
}

const NAMES = ["node_modules", "dist", ".git", "a", "b"] as const;
const SHAPES = ["N", "N*", "*N", "?N", "*", ".*", "[N]", "N/"] as const;
const alternative = fc.tuple(fc.constantFrom(...SHAPES), fc.constantFrom(...NAMES)).map(([shape, name]) => shape.replace("N", name));
const ignoreArb = fc.option(
  fc.array(alternative, { minLength: 1, maxLength: 3 }).map((alts) => alts.join("|")),
  { nil: null },
);

let scratch: string;
beforeAll(() => {
  scratch = tempDir("tree-walk");
});

describe("tree as the oracle", () => {
  it("every file tree lists is in permc's listing", () => {
    let narrowed = 0;
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
        ignoreArb,
        (dirs, level, ignore) => {
          const root = mkdtempSync(path.join(scratch, "t-"));
          try {
            writeFileSync(path.join(root, "top.env"), "x\n");
            for (const parts of dirs) {
              mkdirSync(path.join(root, ...parts), { recursive: true });
              writeFileSync(path.join(root, ...parts, "f.env"), "x\n");
            }
            const skips = {
              hidden: false,
              links: false,
              ...(level === null ? {} : { maxDepth: level }),
              ...(ignore === null ? {} : { excludedDirectories: ignore.split("|") }),
            };
            const listed = (listTree(root, skips) ?? []).map((p) => path.relative(root, p));
            for (const f of treeLists(root, level, ignore))
              expect(listed, `tree lists ${f}; -L ${level} -I ${ignore}; dirs ${JSON.stringify(dirs)}`).toContain(f);
            if (listed.length < (listTree(root, { hidden: false, links: false }) ?? []).length) narrowed++;
          } finally {
            rmSync(root, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: RUNS, seed: 3 },
    );
    expect(narrowed).toBeGreaterThan(RUNS / 10);
  });
});

describe("the gates", () => {
  let cwd: string;
  beforeAll(() => {
    cwd = tempDir("tree-gates");
    for (const d of ["src", "node_modules/p"]) mkdirSync(path.join(cwd, d), { recursive: true });
    writeFileSync(path.join(cwd, "src", "x.ts"), "x\n");
    writeFileSync(path.join(cwd, "node_modules", "p", "prod.env"), "x\n");
  });

  it.each([
    ["tree -L 1", "allow"],
    ["tree -L 2 -I node_modules", "allow"],
    ["tree -I 'dist|node_modules'", "allow"],
    ["tree -aL 1", "allow"],
    ["tree src", "allow"],
    // Names only (issue 35): a walk that reads no file's content is not read; the rows below read what they walk
    // (`-exec wc -c`, tree's `-o`), so the walk is decided as before.
    ["tree", "allow"],
    ["tree -o /dev/null", "ask"],
    ["tree -L 2", "allow"],
    ["tree -L 3 -o /dev/null", "ask"],
    ["tree -L 2 --du -o /dev/null", "ask"],
    ["tree -L 2 --prune -o /dev/null", "ask"],
    ["tree -L $N", "ask"],
    ["tree -I 'node_modules/' -o /dev/null", "ask"],
    ["tree -I '[n]ode_modules' -o /dev/null", "ask"],
    // Each letter that takes a value takes the next word: -I x, -o out.env (written).
    ["tree -Ifo x out.env", "ask"],
    ["tree -o out.env", "ask"],
    // After `--`, a directory spelt like an option is walked.
    ["mkdir -- -x && cp src/x.ts -- -x/ && tree -- -x", "allow"],
    // -R runs tree again in every directory at the limit, writing 00Tree.html there.
    ["tree -R -L 1", "ask"],
    ["tree --newthing", "ask"],
  ])("%j under *.env: ask → %s", async (command, action) => {
    expect(await underEnvRule(cwd, command)).toBe(action);
  });

  it.each([
    ["tree -Ifo x out.txt src", ["out.txt"], ["src"], null, ["x"]],
    ["tree -aL 2 -I node_modules", [], [], 2, ["node_modules"]],
    // --charset takes the next word (-L), so 2 is a directory.
    ["tree --charset -L 2", [], ["2"], null, null],
    ["tree -L 1 -L 3", [], [], 3, null],
    ["tree -- -L 2", [], ["-L", "2"], null, null],
  ] as const)("reads %j as tree does: writes %j, walks %j, depth %j, leaves out %j", (command, writes, walks, depth, excluded) => {
    const words = command.split(" ").map(syntheticWord);
    const a = analyseCommand({ words, src: command, stdin: false, stdinText: null });
    expect(a.kind, a.reason ?? "").toBeNull();
    expect(a.paths.filter((p) => p.role === "write").map((p) => p.word.value)).toEqual(writes);
    expect(a.walkedOperands?.map((w) => w.value)).toEqual(walks);
    expect(a.maxDepth).toBe(depth);
    expect(a.excludedDirectories).toEqual(excluded);
  });
});

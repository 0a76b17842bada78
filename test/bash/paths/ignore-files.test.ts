/**
 * Walkers that honour ignore files (paths/ignore-files.ts): `rg key` and
 * `fd x` leave out what a git work tree's `.gitignore` files leave out, so
 * permc lists the rest. Real rg and fd are the oracle: on random trees with
 * random ignore files, every file they would read must be in permc's
 * listing (`.ci/run` installs both).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { listTree } from "../../../runtime/bash/paths/tree.js";
import { workTreeTop } from "../../../runtime/bash/paths/repository-root.js";
import { createGate } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";

const RUNS = Number(process.env.FC_RUNS ?? 120);

/** A tree: directories (relative, `/`-separated), files, and ignore files with their lines. */
interface Tree {
  readonly dirs: readonly string[];
  readonly files: readonly string[];
  readonly ignores: ReadonlyArray<{ readonly at: string; readonly file: string; readonly lines: readonly string[] }>;
}

function make(root: string, tree: Tree): void {
  for (const d of tree.dirs) mkdirSync(path.join(root, d), { recursive: true });
  for (const f of tree.files) {
    mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    writeFileSync(path.join(root, f), "key\n");
  }
  for (const i of tree.ignores) {
    mkdirSync(path.join(root, i.at), { recursive: true });
    writeFileSync(path.join(root, i.at, i.file), `${i.lines.join("\n")}\n`);
  }
}

/** The files a walker lists under `cwd` (relative paths), run with no configuration. */
function walkerFiles(program: "rg" | "fd", cwd: string): string[] {
  const args = program === "rg" ? ["--files", "--no-config"] : ["--type", "f", "--color", "never"];
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd };
  // Debian names fd `fdfind`.
  let run = spawnSync(program === "fd" ? "fdfind" : program, args, { cwd, encoding: "utf8", env });
  if (program === "fd" && run.error !== undefined) run = spawnSync("fd", args, { cwd, encoding: "utf8", env });
  if (run.error !== undefined) throw new Error(`${program} is needed as the oracle (.ci/run installs it): ${run.error.message}`);
  return run.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => l.replace(/^\.\//, ""));
}

function permcFiles(walked: string): string[] | null {
  const listed = listTree(walked, { hidden: true, links: true, ignored: { top: workTreeTop(walked, new Map()) } });
  return listed === null ? null : listed.map((p) => path.relative(walked, p));
}

// `.hid` is hidden: rg and fd leave it out unless a whitelist takes it back (`!.hid`).
const NAMES = ["node_modules", "dist", "a", ".hid"] as const;
/** Line shapes, `N` the name: the plain ones the model reads, whitelists, and ones it must leave alone. */
const FORMS = [
  "N",
  "N/",
  "/N",
  "**/N",
  "!N",
  "!N/",
  "!/N",
  "!**/N",
  "#N",
  "N ",
  "N*",
  "\\!N",
  "b/N",
  "*.log",
  "*.env",
  "*.env/",
  "/*.ts",
  "?N",
  "[N]",
] as const;
const LINE = fc.tuple(fc.constantFrom(...FORMS), fc.constantFrom(...NAMES)).map(([form, name]) => form.replace("N", name));

// Weighted so the interesting meetings happen: a work tree at the top, files under ignored names, several ignore files.
const relDir = fc.array(fc.constantFrom(...NAMES, "b"), { minLength: 0, maxLength: 3 }).map((parts) => parts.join("/"));
const shallowDir = fc.constantFrom("", "", "a", "node_modules", "b/a", "b/dist");
/** Files under every name at two depths, so a left-out directory always holds one. */
const BASE_FILES = ["x.ts", ...NAMES.map((n) => `${n}/x.ts`), ...NAMES.map((n) => `b/${n}/y.env`), "a/node_modules/z.log", "node_modules/a/x.ts"];
const ignoreFile = fc.record({
  at: shallowDir,
  file: fc.constantFrom(".gitignore", ".gitignore", ".ignore", ".rgignore", ".fdignore"),
  lines: fc.array(LINE, { minLength: 1, maxLength: 4 }),
});
const treeArb: fc.Arbitrary<Tree & { readonly gitAt: readonly string[] }> = fc.record({
  dirs: fc.array(relDir, { maxLength: 4 }),
  files: fc
    .array(
      fc.tuple(relDir, fc.constantFrom("x.ts", "y.env", "z.log", ".env")).map(([d, f]) => (d === "" ? f : `${d}/${f}`)),
      { maxLength: 6 },
    )
    .map((extra) => [...BASE_FILES, ...extra]),
  // The top's .gitignore always, then others anywhere.
  ignores: fc
    .tuple(fc.array(LINE, { minLength: 1, maxLength: 4 }), fc.array(ignoreFile, { maxLength: 3 }))
    .map(([top, others]) => [{ at: "", file: ".gitignore", lines: top }, ...others]),
  gitAt: fc.constantFrom([""], [""], ["", "b"], ["", "b"], [], ["a"], ["a"], ["", "a"], ["", "node_modules"]),
});

let scratch: string;
beforeAll(() => {
  scratch = tempDir("ignore-files");
});

describe("rg and fd as the oracle", () => {
  // fd is the slower to start: fewer runs (both read ignore files through the same rules).
  it.each([
    ["rg", RUNS],
    ["fd", Math.ceil(RUNS / 2)],
  ] as const)("every file %s lists is in permc's listing", (program, runs) => {
    let compared = 0;
    let pruned = 0;
    fc.assert(
      fc.property(treeArb, fc.constantFrom("", "", "a", "a", "node_modules"), (tree, walkIn) => {
        const root = mkdtempSync(path.join(scratch, "t-"));
        try {
          // `work` is the walked tree's parent: its ignore files are an ancestor's.
          const work = path.join(root, "work");
          mkdirSync(work);
          make(work, tree);
          for (const g of tree.gitAt) mkdirSync(path.join(work, g, ".git"), { recursive: true });
          const walked = path.join(work, walkIn);
          mkdirSync(walked, { recursive: true });
          const listed = permcFiles(walked);
          expect(listed).not.toBeNull();
          const theirs = walkerFiles(program, walked);
          for (const f of theirs) expect(listed, `${program} reads ${f}; tree ${JSON.stringify(tree)} walked in ${JSON.stringify(walkIn)}`).toContain(f);
          compared++;
          // The model leaves something out on some trees (the property is not vacuous).
          const all = listTree(walked, { hidden: true, links: true });
          if (all !== null && all.length > (listed as string[]).length) pruned++;
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { numRuns: runs, seed: 42 },
    );
    expect(compared).toBe(runs);
    expect(pruned).toBeGreaterThan(0);
  });
});

describe("what is left out", () => {
  /** Lists `walkIn` under a fresh tree; `git` puts `.git` at the top. */
  function listed(tree: Partial<Tree>, options: { git?: boolean; walkIn?: string } = {}): string[] {
    const root = mkdtempSync(path.join(scratch, "u-"));
    try {
      make(root, { dirs: [], files: [], ignores: [], ...tree });
      if (options.git !== false) mkdirSync(path.join(root, ".git"));
      return (permcFiles(path.join(root, options.walkIn ?? "")) ?? ["(over budget)"]).sort();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  const FILES = ["src/x.ts", "node_modules/p/y.env", "pkg/node_modules/q/z.env"];
  const gitignore = (...lines: string[]) => [{ at: "", file: ".gitignore", lines }];

  it.each([
    [["node_modules"], ["src/x.ts"]],
    [["node_modules/"], ["src/x.ts"]],
    [["**/node_modules"], ["src/x.ts"]],
    [["/node_modules"], ["pkg/node_modules/q/z.env", "src/x.ts"]],
    // A whitelist turns the model off, and takes back hidden names too (here the ignore file itself).
    [
      ["node_modules", "!node_modules/p"],
      [...FILES, ".gitignore"],
    ],
    // One name glob of `*`, `?` and plain characters leaves out what it matches; a trailing `/` only directories.
    [["node_*"], ["src/x.ts"]],
    [["*.env"], ["src/x.ts"]],
    [["*.env/"], FILES],
    [["/*.ts"], FILES],
    [["?rc"], ["node_modules/p/y.env", "pkg/node_modules/q/z.env"]],
    // Brackets and escapes are not read, so nothing is left out.
    [["[n]ode_modules"], FILES],
    // An inner slash: not one plain name, so nothing is left out.
    [["pkg/node_modules"], FILES],
  ])("a .gitignore of %j leaves %j", (lines, expected) => {
    expect(listed({ files: FILES, ignores: gitignore(...lines) })).toEqual([...expected].sort());
  });

  it("outside a git work tree nothing is left out", () => {
    expect(listed({ files: FILES, ignores: gitignore("node_modules") }, { git: false })).toEqual([...FILES].sort());
  });

  it("a .gitignore above the top of the work tree does not count", () => {
    const root = mkdtempSync(path.join(scratch, "above-"));
    try {
      make(root, { dirs: ["pkg/.git"], files: ["pkg/sub/node_modules/q/z.env"], ignores: gitignore("node_modules") });
      expect(permcFiles(path.join(root, "pkg"))).toEqual(["sub/node_modules/q/z.env"]);
      expect(permcFiles(path.join(root, "pkg", "sub"))).toEqual(["node_modules/q/z.env"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a .gitignore above the walked directory counts, inside the work tree", () => {
    expect(listed({ files: FILES, ignores: gitignore("node_modules") }, { walkIn: "pkg" })).toEqual([]);
  });

  it("a whitelist in a .ignore below, or in any ignore file above, turns the model off", () => {
    const below = [...gitignore("node_modules"), { at: "pkg", file: ".ignore", lines: ["!x"] }];
    expect(listed({ files: FILES, ignores: below })).toEqual(["pkg/.ignore", "pkg/node_modules/q/z.env", "src/x.ts"]);
    const above = [...gitignore("node_modules"), { at: "", file: ".rgignore", lines: ["!x"] }];
    expect(listed({ files: FILES, ignores: above }, { walkIn: "pkg" })).toEqual(["node_modules/q/z.env"]);
  });

  it("a whitelist takes a hidden name back: a walk that leaves out hidden names reads it then", () => {
    const hiddenOut = (tree: Partial<Tree>): string[] => {
      const root = mkdtempSync(path.join(scratch, "h-"));
      try {
        make(root, { dirs: [], files: [], ignores: [], ...tree });
        return (listTree(root, { hidden: true, links: true }) ?? ["(over budget)"]).map((p) => path.relative(root, p)).sort();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    };
    expect(hiddenOut({ files: [".env", "x.ts"] })).toEqual(["x.ts"]);
    expect(hiddenOut({ files: [".env", "x.ts"], ignores: [{ at: "", file: ".ignore", lines: ["!.env"] }] })).toEqual([".env", ".ignore", "x.ts"]);
    expect(hiddenOut({ files: ["a/.env"], ignores: [{ at: "a", file: ".rgignore", lines: ["!.env"] }] })).toEqual(["a/.env", "a/.rgignore"]);
  });

  it("a directory holding .git is a repository of its own: the names above stop there", () => {
    const root = mkdtempSync(path.join(scratch, "n-"));
    try {
      make(root, { dirs: ["pkg/.git"], files: FILES, ignores: gitignore("node_modules") });
      mkdirSync(path.join(root, ".git"));
      expect(permcFiles(root)?.sort()).toEqual(["pkg/node_modules/q/z.env", "src/x.ts"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the gates", () => {
  let cwd: string;
  beforeAll(() => {
    cwd = tempDir("ignore-gates");
    mkdirSync(path.join(cwd, ".git"));
    make(cwd, { dirs: [], files: ["src/x.ts", "node_modules/p/prod.env"], ignores: [{ at: "", file: ".gitignore", lines: ["node_modules"] }] });
  });

  it.each([
    ["rg key", "allow"],
    ["rg -n key src", "allow"],
    ["fd -e ts", "allow"],
    ["rg key > out.txt", "allow"],
    ["rg -u key", "ask"],
    ["rg --no-ignore-vcs key", "ask"],
    ["rg -g '*.ts' key", "ask"],
    ["fd -I x", "ask"],
    ["grep -rn key .", "ask"],
    ["rg key node_modules", "ask"],
    ["echo '!node_modules' >> .gitignore && rg key", "ask"],
    // A whitelist the command writes may take back a hidden name, which rg then reads.
    ["printf '!.env\\n' > .ignore && rg key", "ask"],
    ["sed -i 1d .gitignore; rg key", "ask"],
    ["git checkout other -- .gitignore && rg key", "ask"],
    ["RIPGREP_CONFIG_PATH=x rg key", "ask"],
  ])("%j under *.env: ask → %s", async (command, action) => {
    const { policy } = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "*.env": "ask" } })], { home: "/home/t" });
    const d = await createGate(policy!, { cwd, home: "/home/t" }).decide({ tool: "bash", input: { command } });
    expect(d.action).toBe(action);
  });
});

describe("a whitelist in any source rg reads takes back a hidden name", () => {
  const WHITELIST = "!.env\n";
  // Each case in a fresh work tree and home: `.env` (hidden, so rg leaves it out) beside `a.txt`, then the sources.
  it.each([
    { why: "no source", files: {}, action: "allow" },
    { why: "a .ignore", files: { "p/.ignore": WHITELIST }, action: "ask" },
    { why: "the repository's exclude file", files: { "p/.git/info/exclude": WHITELIST }, action: "ask" },
    { why: "an exclude file without one", files: { "p/.git/info/exclude": "build/\n" }, action: "allow" },
    { why: "the global excludes file", files: { "h/.config/git/ignore": WHITELIST }, action: "ask" },
    { why: "core.excludesFile", files: { "h/.gitconfig": "[core]\n\texcludesFile = ~/x\n", "h/x": WHITELIST }, action: "ask" },
    { why: "core.excludesFile without one", files: { "h/.gitconfig": "[core]\n\texcludesFile = ~/x\n", "h/x": "*.log\n" }, action: "allow" },
    { why: "core.excludesFile not to be placed", files: { "h/.gitconfig": "[core]\n\texcludesFile = x\n" }, action: "ask" },
    // A configuration that includes itself is followed a few times, then may hold anything.
    { why: "an include that loops", files: { "h/.gitconfig": "[include]\n\tpath = ~/.gitconfig\n" }, action: "ask" },
    {
      why: "core.excludesFile in an included file",
      files: { "h/.gitconfig": "[include]\n\tpath = ~/more\n", "h/more": "[core]\n\texcludesfile = ~/x\n", "h/x": WHITELIST },
      action: "ask",
    },
  ])("$why → rg key: $action", async ({ files, action }) => {
    const root = tempDir("ignore-sources");
    mkdirSync(path.join(root, "p", ".git", "info"), { recursive: true });
    mkdirSync(path.join(root, "h", ".config", "git"), { recursive: true });
    writeFileSync(path.join(root, "p", ".env"), "key\n");
    writeFileSync(path.join(root, "p", "a.txt"), "key\n");
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
    const home = path.join(root, "h");
    const { policy } = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "*.env": "ask" } })], { home });
    const d = await createGate(policy!, { cwd: path.join(root, "p"), home }).decide({ tool: "bash", input: { command: "rg key" } });
    expect(d.action).toBe(action);
  });
});

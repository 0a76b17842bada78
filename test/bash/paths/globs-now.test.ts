/**
 * A glob of `*` in a command nothing runs before (paths/globs-now.ts) names
 * the files there now: `ls *` under `*.env` is decided by the files it
 * lists, not by every name `*` could take. Real bash is the oracle for what
 * a glob expands to; the gates for when the expansion is trusted.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { expandOnDisk, mayMatchDotDot } from "../../../runtime/bash/paths/patterns.js";
import { wordPattern } from "../../../runtime/bash/words/word-pattern.js";
import { underEnvRule, underPathRules } from "../../support/env-rule.js";
import { tempDir } from "../../support/temp-dir.js";

const RUNS = Number(process.env.FC_RUNS ?? 60);

/** What bash expands `glob` to in `cwd` (nothing when it matches nothing: nullglob). */
function bashExpands(cwd: string, glob: string): string[] {
  // Without the variables that change what `*` matches (the gates read them: see below).
  const { BASHOPTS: _options, GLOBIGNORE: _ignore, ...env } = process.env;
  const run = spawnSync("bash", ["-c", `shopt -s nullglob; for f in ${glob}; do printf '%s\\0' "$f"; done`], { cwd, env, encoding: "utf8" });
  return run.stdout.split("\0").filter((f) => f !== "");
}

const NAMES = ["a.json", "b.env", ".env", ".hidden.json", "sub", "x y.txt", "é.md"] as const;
const GLOBS = ["*", "*.json", "*.env", "*/*", "sub/*", "*.*", "a*", "*/*.json", "**"] as const;

let scratch: string;
beforeAll(() => {
  scratch = tempDir("globs-now");
});

/** Runs `check` in a fresh directory holding the files `top` and a `sub` directory holding `inSub`. */
function inTree(top: readonly string[], inSub: readonly string[], check: (root: string) => void): void {
  const root = mkdtempSync(path.join(scratch, "t-"));
  try {
    mkdirSync(path.join(root, "sub"), { recursive: true });
    for (const n of top) if (n !== "sub") writeFileSync(path.join(root, n), "x\n");
    for (const n of inSub) if (n !== "sub") writeFileSync(path.join(root, "sub", n), "x\n");
    check(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** What permc expands `glob` to in `root`, relative to it. */
function ourExpansion(root: string, glob: string, dotfiles: "included" | "as bash"): Set<string> {
  const ours = new Set<string>();
  for (const alt of wordPattern(glob, { home: "/home/t" }))
    for (const m of expandOnDisk(alt, { known: true, dir: root }, dotfiles) ?? []) ours.add(path.relative(root, m));
  return ours;
}

describe("bash as the oracle", () => {
  it("every name bash expands a glob of `*` to is in permc's expansion", () => {
    fc.assert(
      fc.property(fc.subarray([...NAMES], { minLength: 1 }), fc.subarray([...NAMES]), fc.constantFrom(...GLOBS), (top, inSub, glob) => {
        inTree(top, inSub, (root) => {
          const ours = ourExpansion(root, glob, "included");
          for (const f of bashExpands(root, glob)) expect([...ours], `bash expands ${glob} to ${f}`).toContain(f);
        });
      }),
      { numRuns: RUNS, seed: 9 },
    );
    // Sixty bash processes: about a second alone, but a loaded 2-core machine once took 70 s.
  }, 180_000);

  // (A literal last component is named whether or not it exists: `*/.env` names `sub/.env` for the rules either way.)
  it("where dotglob is known off, a glob of plain text and `*` expands to exactly what bash expands it to", () => {
    const starGlobs = GLOBS.filter((g) => g !== "**");
    fc.assert(
      fc.property(fc.subarray([...NAMES], { minLength: 1 }), fc.subarray([...NAMES]), fc.constantFrom(...starGlobs, ".*", ".e*"), (top, inSub, glob) => {
        inTree(top, inSub, (root) => {
          // bash's `.*` also names `.` and `..`, which are no files of the listing.
          const theirs = bashExpands(root, glob).filter((f) => f !== "." && f !== "..");
          expect([...ourExpansion(root, glob, "as bash")].sort(), `bash expands ${glob}`).toEqual(theirs.sort());
        });
      }),
      { numRuns: RUNS, seed: 11 },
    );
  }, 180_000);

  it.each([
    ["*", false],
    ["*.json", false],
    ["x*/*", false],
    [".*", true],
    [".?", true],
    ["a/.*", true],
  ])("%j may name `..` (in a bash before 5.2): %s", (glob, dotDot) => {
    expect(wordPattern(glob, { home: "/home/t" }).some(mayMatchDotDot)).toBe(dotDot);
  });
});

describe("the gates", () => {
  let cwd: string;
  let withEnv: string;
  beforeAll(() => {
    cwd = tempDir("globs-now-gates");
    mkdirSync(path.join(cwd, "sub", "deep"), { recursive: true });
    for (const f of ["a.json", "b.ts", "sub/c.json", "sub/deep/prod.env"]) writeFileSync(path.join(cwd, f), "x\n");
    withEnv = tempDir("globs-now-env");
    for (const f of ["a.json", "prod.env"]) writeFileSync(path.join(withEnv, f), "x\n");
  });

  it.each([
    ["here", "ls *", "allow"],
    ["here", "wc -l *", "allow"],
    ["here", "cat */*.json", "allow"],
    ["here", "grep key *", "allow"],
    ["env", "ls *", "deny"],
    ["env", "cat *.json", "allow"],
    // A walk under what the glob names, or a copy into a directory: the glob meets the rules.
    ["here", "gzip -rk *", "deny"],
    // du stats what it walks and opens none (knowledge/recursive.ts LISTS_NAMES_ONLY): its words meet the rules, as ls's do.
    ["here", "du -sh *", "allow"],
    ["here", "grep -r key *", "deny"],
    ["here", "cp * /tmp/x/", "deny"],
    // Something runs before bash expands it.
    ["here", "touch x.env; cat *", "deny"],
    ["here", "cat $(touch x.env) *", "deny"],
    ["here", "ls * | tee list.txt", "deny"],
    ["here", "sort -o x.env b.ts; ls *", "deny"],
    // What runs besides only reads: readers whose paths are proven reads, no redirect that writes.
    ["here", "ls * | head", "allow"],
    ["here", "cat a.json; wc -l *", "allow"],
    ["here", "ls * > list.txt", "allow"],
    // `?` and brackets may match otherwise in another locale or an old bash.
    ["here", "ls ?.json", "allow"],
    ["here", "ls [a-z]*", "deny"],
  ])("in %s, %j under *.env: deny → %s", async (where, command, action) => {
    expect(await underEnvRule(where === "here" ? cwd : withEnv, command, "deny")).toBe(action);
  });

  it.each([
    ["ls *", "allow"],
    ["cat *", "allow"],
    ["wc -l * | sort", "allow"],
    ["cat .*", "deny"],
    ["cat .e*", "deny"],
    ["cat */.env", "deny"],
    ["ls * .env", "deny"],
    ["shopt -s dotglob; cat *", "deny"],
  ])("beside a .env, %j under *.env: deny → %s (bash's `*` leaves out dotfiles)", async (command, action) => {
    const dir = tempDir("globs-now-dotenv");
    mkdirSync(path.join(dir, "sub"));
    for (const f of ["a.json", ".env", "sub/.env"]) writeFileSync(path.join(dir, f), "x\n");
    expect(await underEnvRule(dir, command, "deny")).toBe(action);
  });

  it("not where the command's bash inherits a glob option (BASHOPTS): with dotglob `*` names the .env too", async () => {
    const dir = tempDir("globs-now-bashopts");
    for (const f of ["a.json", ".env"]) writeFileSync(path.join(dir, f), "x\n");
    const saved = process.env.BASHOPTS;
    process.env.BASHOPTS = "checkwinsize:dotglob";
    try {
      expect(await underEnvRule(dir, "ls *", "deny")).toBe("deny");
      // With globstar, `**` walks: `cat **` read sub/.env below.
      process.env.BASHOPTS = "globstar";
      mkdirSync(path.join(dir, "sub"));
      writeFileSync(path.join(dir, "sub", "prod.env"), "x\n");
      expect(await underEnvRule(dir, "cat **", "deny")).toBe("deny");
    } finally {
      if (saved === undefined) delete process.env.BASHOPTS;
      else process.env.BASHOPTS = saved;
    }
  });

  it("not with GLOBIGNORE set where the command runs (then `*` matches dotfiles and leaves out what it lists)", async () => {
    const saved = process.env.GLOBIGNORE;
    process.env.GLOBIGNORE = "x";
    try {
      expect(await underEnvRule(cwd, "ls *", "deny")).toBe("deny");
    } finally {
      if (saved === undefined) delete process.env.GLOBIGNORE;
      else process.env.GLOBIGNORE = saved;
    }
  });

  it.each([
    ["grep -r key *", "ask"],
    ["tar czf /tmp/o.tgz *", "ask"],
    ["cp -r * /tmp/o/", "ask"],
    ["ls -R s*", "ask"],
    ["grep -r key {a.json,sub}", "ask"],
    ["grep -r key a*", "allow"],
    ["grep key *", "allow"],
  ])("a glob a walker is given names the trees under what it matches: %j under a rule on sub/deep/* → %s", async (command, action) => {
    expect(await underPathRules({ [`${cwd}/sub/deep/*`]: "deny" }, cwd, command)).toBe(action);
  });
});

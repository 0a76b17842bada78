/**
 * paths/git-index.ts against real git: the paths `git ls-files` lists, for
 * every index version git writes, with names of every shape (nested, long,
 * non-ASCII, prefix-compressed in version 4, conflicted stages), and null —
 * the caller asks the rules by prefix — for an index permc should not trust.
 */
import { spawnSync } from "node:child_process";
import { lstatSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { parseIndex, readIndexPaths } from "../../../runtime/bash/paths/git-index.js";
import { tempDir } from "../../support/temp-dir.js";

let root: string;
let blob: string;

function git(repo: string, args: string[], input?: string): string {
  const run = spawnSync("git", args, { cwd: repo, encoding: "utf8", input, env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: root } });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${run.stderr}`);
  return run.stdout;
}

function newRepo(name: string): string {
  const repo = path.join(root, name);
  mkdirSync(repo);
  git(repo, ["init", "-q"]);
  return repo;
}

/** Index entries for these names, without files on disk (git update-index --cacheinfo). */
function addNames(repo: string, names: readonly string[]): void {
  git(repo, ["update-index", "--add", "--index-info"], names.map((n) => `100644 ${blob} 0\t${n}\n`).join(""));
}

/** What git itself lists, each path once, sorted as git sorts (bytewise). */
function listed(repo: string): string[] {
  const out = git(repo, ["ls-files", "-z"])
    .split("\0")
    .filter((n) => n !== "");
  return [...new Set(out)];
}

function read(repo: string): string[] | null {
  const r = readIndexPaths(path.join(repo, ".git", "index"));
  return r === null ? null : [...r.files, ...r.under].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

beforeAll(() => {
  root = tempDir("git-index");
  const scratch = newRepo("scratch");
  blob = git(scratch, ["hash-object", "-w", "--stdin"], "x\n").trim();
});

describe("the paths an index lists", () => {
  const names = ["a.txt", ".env", "src/deep/x.ts", "ünï/ç.txt", `${"d".repeat(200)}/${"e".repeat(200)}/f`, "b b/c", `${"long/".repeat(900)}x`];

  it.each([2, 3, 4])("version %i: the same paths as git ls-files", (version) => {
    const repo = newRepo(`v${version}`);
    addNames(repo, names);
    if (version === 3) git(repo, ["update-index", "--skip-worktree", "a.txt"]);
    git(repo, ["update-index", "--index-version", String(version)]);
    expect(read(repo)).toEqual(listed(repo));
  });

  it("a conflicted path (three stages) is listed once", () => {
    const repo = newRepo("conflict");
    git(repo, ["update-index", "--index-info"], [1, 2, 3].map((stage) => `100644 ${blob} ${stage}\tc.txt\n`).join(""));
    addNames(repo, ["z.txt"]);
    expect(read(repo)).toEqual(["c.txt", "z.txt"]);
  });

  it("a submodule stands for everything under it", () => {
    const repo = newRepo("gitlink");
    addNames(repo, ["a.txt"]);
    git(repo, ["update-index", "--add", "--cacheinfo", `160000,${blob},vendor/lib`]);
    const r = readIndexPaths(path.join(repo, ".git", "index"));
    expect(r?.files).toEqual(["a.txt"]);
    expect(r?.under).toEqual(["vendor/lib"]);
  });

  it("the stat data git cached for a file added from disk: its size, mode and modification time", () => {
    const repo = newRepo("stat");
    writeFileSync(path.join(repo, "f.txt"), "12345\n");
    git(repo, ["add", "f.txt"]);
    const r = readIndexPaths(path.join(repo, ".git", "index"));
    const st = lstatSync(path.join(repo, "f.txt"), { bigint: true });
    expect(r?.statAt(0, 9)).toBe(6);
    expect(r?.statAt(0, 6)).toBe(0o100644);
    expect(r?.statAt(0, 2)).toBe(Number(st.mtimeNs / 1_000_000_000n));
    expect(r?.statAt(0, 3)).toBe(Number(st.mtimeNs % 1_000_000_000n));
  });

  it("property: any set of names, any version, reads as git lists it", () => {
    const segment = fc.stringMatching(/^[a-zA-Z0-9._ é-]{1,12}$/).filter((s) => s !== "." && s !== ".." && !s.startsWith(".git"));
    const name = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"));
    let n = 0;
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 12 }), fc.constantFrom(2, 3, 4), (picked, version) => {
        const repo = newRepo(`prop-${n++}`);
        // A name that is also a directory of another is refused by git: keep the ones git accepts.
        const kept = picked.filter((a) => !picked.some((b) => b !== a && (b.startsWith(`${a}/`) || a.startsWith(`${b}/`))));
        addNames(repo, kept);
        git(repo, ["update-index", "--index-version", String(version)]);
        expect(read(repo)).toEqual(listed(repo));
      }),
      { numRuns: 15 },
    );
  });
});

describe("an index permc does not trust is not read", () => {
  it("a split index (its entries live in a shared file)", () => {
    const repo = newRepo("split");
    addNames(repo, ["a.txt"]);
    git(repo, ["update-index", "--split-index"]);
    expect(readIndexPaths(path.join(repo, ".git", "index"))).toBeNull();
  });

  it("a wrong checksum, a truncation, a foreign file, a missing file", () => {
    const repo = newRepo("tampered");
    addNames(repo, ["a.txt", ".env"]);
    const data = readFileSync(path.join(repo, ".git", "index"));
    expect(parseIndex(data)).not.toBeNull();
    const renamed = Buffer.from(data);
    renamed[renamed.indexOf(".env")] = 0x78; // the name changed without its checksum
    expect(parseIndex(renamed)).toBeNull();
    expect(parseIndex(data.subarray(0, data.length - 1))).toBeNull();
    expect(parseIndex(Buffer.from("not an index at all, but long enough"))).toBeNull();
    writeFileSync(path.join(root, "empty-index"), "");
    expect(readIndexPaths(path.join(root, "empty-index"))).toBeNull();
    expect(readIndexPaths(path.join(root, "no-such-index"))).toBeNull();
  });
});

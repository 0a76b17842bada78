/**
 * Real tar, git, cp and mv as the oracle for where a command writes.
 *
 * `tar xf a.tar`, `git apply p.diff`, `cp -r src/. dest`, `mv src dest`: the
 * files they create are named by an archive, a patch or a tree permc does
 * not name word by word. permc reports each name it can work out (a tree it
 * lists) and, where it cannot, the directory the names land under (a prefix
 * query on the write rules). Each command runs under bash in a fresh
 * directory; every file it created or removed must be one permc reported or
 * lie under a directory it reported, and the command must have changed
 * something (so no row passes by doing nothing).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../../runtime/bash/split.js";
import { parser } from "../helpers.js";

let p: BashParser;
let root: string;

/** A patch that creates `made/by-patch.txt`. */
const PATCH = [
  "diff --git a/made/by-patch.txt b/made/by-patch.txt",
  "new file mode 100644",
  "--- /dev/null",
  "+++ b/made/by-patch.txt",
  "@@ -0,0 +1 @@",
  "+hi",
  "",
].join("\n");

beforeAll(async () => {
  p = await parser();
  root = mkdtempSync(path.join(os.tmpdir(), "permc-extraction-oracle-"));
  const src = path.join(root, "src");
  mkdirSync(path.join(src, "sub"), { recursive: true });
  writeFileSync(path.join(src, "a.txt"), "a\n");
  writeFileSync(path.join(src, "sub", "b.txt"), "b\n");
  const made = spawnSync("tar", ["cf", path.join(root, "a.tar"), "-C", src, "."], { stdio: "ignore" });
  if (made.status !== 0) throw new Error("tar could not make the test archive");
  writeFileSync(path.join(root, "p.diff"), PATCH);
});

afterAll(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

/** Every file under `dir`, as absolute paths. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out;
}

/** What permc says the command may write: names, and prefixes (a form `[text, any]`); null for "anywhere". */
function reportedWrites(command: string, cwd: string): { names: Set<string>; prefixes: string[] } | null {
  const split = splitBash(p, command, { cwd, home: path.join(root, "home") });
  const prefixes: string[] = [];
  for (const pattern of split.pathPatterns) {
    if (pattern.role === "read") continue;
    for (const form of pattern.forms) {
      const [head, tail] = form;
      if (head?.kind === "any") return null;
      if (head?.kind === "text" && tail?.kind === "any" && form.length === 2) prefixes.push(head.text);
    }
  }
  const names = new Set(split.ruleCandidates.filter((c) => c.role !== "read").flatMap((c) => c.values));
  return { names, prefixes };
}

/** A work directory: `src/` (a tree with a dot directory), `dest/` (empty), and the archive and patch one level up. */
function workDirectory(): string {
  const work = mkdtempSync(path.join(root, "work-"));
  mkdirSync(path.join(work, "dest"));
  mkdirSync(path.join(work, "src", ".ssh"), { recursive: true });
  writeFileSync(path.join(work, "src", ".ssh", "authorized_keys"), "k\n");
  writeFileSync(path.join(work, "src", "c.txt"), "c\n");
  return work;
}

describe("a command writes only what permc reports, or under a directory it reports (real tar, git, cp, mv)", () => {
  it.each([
    // Archives and patches: names from data permc does not read.
    ["tar xf ../a.tar"],
    ["tar -xf ../a.tar"],
    ["tar --extract --file=../a.tar"],
    ["tar xf ../a.tar -C dest"],
    ["tar xfC ../a.tar dest"],
    ["tar -x -f ../a.tar --directory=dest"],
    ["tar -C dest -xf ../a.tar"],
    ["cd dest && tar xf ../../a.tar"],
    ["git apply ../p.diff"],
    ["git apply --directory=dest ../p.diff"],
    // Trees copied or moved into a directory: names from the tree permc lists.
    ["cp -r src dest"],
    ["cp -r src fresh"],
    ["cp -r src/. dest"],
    ["cp -rT src dest"],
    ["cp -a src dest/"],
    ["cp -R src/.ssh dest"],
    ["mv src dest"],
    ["mv src fresh"],
    ["mv src/.ssh dest/"],
    // Files copied into a directory: each lands as its own name.
    ["cp src/c.txt dest"],
    ["cp src/c.txt src/.ssh/authorized_keys dest/"],
    ["install -m 644 src/c.txt dest"],
    ["ln -s ../src/c.txt dest"],
    ["echo x > new.txt && cp new.txt dest"],
    // A tree the same command makes: not there to list when permc decides.
    ["mkdir -p made/.ssh && touch made/.ssh/k && cp -r made/. dest"],
    ["mkdir -p made/.ssh && touch made/.ssh/k && mv made/.ssh dest"],
  ])("%s", (command) => {
    const work = workDirectory();
    const before = new Set(filesUnder(work));
    const reported = reportedWrites(command, work);
    const run = spawnSync("/bin/bash", ["-c", command], { cwd: work, stdio: "ignore", timeout: 10_000, env: { PATH: process.env.PATH, HOME: work } });
    expect(run.status).toBe(0);
    const after = new Set(filesUnder(work));
    const changed = [...after].filter((f) => !before.has(f)).concat([...before].filter((f) => !after.has(f)));
    expect(changed.length).toBeGreaterThan(0);
    if (reported === null) return; // "anywhere" covers every file
    for (const file of changed) {
      // A file the command made itself on the way (`touch made/.ssh/k`) is named by the command.
      if (file.startsWith(path.join(work, "made") + "/")) continue;
      const ok = reported.names.has(file) || reported.prefixes.some((prefix) => file.startsWith(prefix));
      expect(ok, `${file} not among ${[...reported.names].join(", ")} or under ${reported.prefixes.join(", ")}`).toBe(true);
    }
  });
});

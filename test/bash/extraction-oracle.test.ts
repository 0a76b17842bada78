/**
 * Real tar and git as the oracle for where extraction writes.
 *
 * `tar xf a.tar`, `tar xfC a.tar out`, `git apply p.diff`: the files they
 * create are named by the archive or the patch, which permc does not read,
 * so permc reports the directories they land under (a prefix query on the
 * write rules). Each command runs under bash in a fresh directory; every file
 * it created must lie under a directory permc reported, and it must have
 * created one (so no row passes by doing nothing).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../runtime/bash/parser.js";
import { splitBash } from "../../runtime/bash/split.js";
import { parser } from "./helpers.js";

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

/** The prefixes under which permc says the command may write (a form `[text, any]`), or null for "anywhere". */
function reportedPrefixes(command: string, cwd: string): string[] | null {
  const prefixes: string[] = [];
  for (const pattern of splitBash(p, command, { cwd, home: path.join(root, "home") }).pathPatterns) {
    if (pattern.role === "read") continue;
    for (const form of pattern.forms) {
      const [head, tail] = form;
      if (head?.kind === "any") return null;
      if (head?.kind === "text" && tail?.kind === "any" && form.length === 2) prefixes.push(head.text);
    }
  }
  return prefixes;
}

describe("extraction writes only under the directories permc reports (real tar and git)", () => {
  it.each([
    ["tar xf ../a.tar"],
    ["tar -xf ../a.tar"],
    ["tar --extract --file=../a.tar"],
    ["tar xf ../a.tar -C out"],
    ["tar xfC ../a.tar out"],
    ["tar -x -f ../a.tar --directory=out"],
    ["tar -C out -xf ../a.tar"],
    ["cd out && tar xf ../../a.tar"],
    ["git apply ../p.diff"],
    ["git apply --directory=out ../p.diff"],
  ])("%s", (command) => {
    const work = mkdtempSync(path.join(root, "work-"));
    mkdirSync(path.join(work, "out"));
    const run = spawnSync("/bin/bash", ["-c", command], { cwd: work, stdio: "ignore", timeout: 10_000, env: { PATH: process.env.PATH, HOME: work } });
    expect(run.status).toBe(0);
    const created = filesUnder(work);
    expect(created.length).toBeGreaterThan(0);
    const prefixes = reportedPrefixes(command, work);
    if (prefixes === null) return; // "anywhere" covers every file
    for (const file of created)
      expect(
        prefixes.some((prefix) => file.startsWith(prefix)),
        `${file} under ${prefixes.join(", ")}`,
      ).toBe(true);
  });
});

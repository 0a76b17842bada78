/**
 * git commands that read the paths of the files they open from standard
 * input (`hash-object --stdin-paths`, `update-index --stdin`) open files no
 * word names: the names may be any path. Real git is the oracle: the hash
 * it prints for a name read from stdin is the secret file's.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { tempDir } from "../../support/temp-dir.js";
import { parser, split } from "../helpers.js";

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

function sh(cwd: string, command: string): string {
  const r = spawnSync("bash", ["-c", command], { cwd, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${command}: ${r.stderr}`);
  return r.stdout.trim();
}

describe("git paths read from standard input", () => {
  it("git hash-object --stdin-paths opens the file a line names (real git)", () => {
    const dir = tempDir("git-stdin-paths");
    writeFileSync(path.join(dir, ".env"), "SECRET=1\n");
    sh(dir, "git init -q");
    expect(sh(dir, "printf '.e%s\\n' nv | git hash-object --stdin-paths")).toBe(sh(dir, "git hash-object .env"));
  });

  it.each([
    ["printf '.e%s\\n' nv | git hash-object --stdin-paths", true],
    ["git hash-object -w --stdin-p < list", true],
    ["git update-index -z --add --stdin < list", true],
    ["git hash-object --stdin < notes.txt", false],
    ["git update-index --add notes.txt", false],
  ])("%s: a path permc cannot know → %s", (command, anyPath) => {
    const s = split(p, command);
    expect(s.pathPatterns.some((x) => x.forms.some((form) => form.some((seg) => seg.kind === "any")))).toBe(anyPath);
  });
});

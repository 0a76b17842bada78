/**
 * A walker that follows the symlinks it meets (`grep -R`, `find -L`,
 * `tar -h`, `zip -r`, `cp -rL`…: knowledge/recursive.ts FOLLOWS_LINKS_WITH)
 * reads the tree each link points to: that tree meets the rules too
 * (`grep -R KEY .` beside a link to ~/.ssh read the key and was allowed).
 * Real grep, find and tar are the oracle for which of them follow.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { followsLinks } from "../../../runtime/bash/programs/knowledge/recursive.js";
import { underPathRules } from "../../support/env-rule.js";
import { secretBeside } from "../../support/secret-beside.js";
import { tempDir } from "../../support/temp-dir.js";

let cwd: string;
let secret: string;
beforeAll(() => {
  ({ secret, cwd } = secretBeside("walk-links"));
  writeFileSync(path.join(cwd, "a.txt"), "x\n");
  symlinkSync(secret, path.join(cwd, "lnk"));
});

/** Whether running `args` in the work directory reaches the key through the link. */
function reachesKey(program: string, args: readonly string[]): boolean {
  const run = spawnSync(program, args, { cwd, encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
  if (run.error !== undefined) throw new Error(`${program} is needed as the oracle: ${run.error.message}`);
  return run.stdout.includes("id_rsa") || run.stdout.includes("KEY");
}

describe("the programs as the oracle", () => {
  it.each([
    ["grep", ["-r", "-l", "KEY", "."], "grep", false],
    ["grep", ["-R", "-l", "KEY", "."], "grep", true],
    ["find", [".", "-type", "f"], "find", false],
    ["find", ["-L", ".", "-type", "f"], "find", true],
    ["find", [".", "-follow", "-type", "f"], "find", true],
  ] as const)("%s %j follows links: %s", (program, args, name, follows) => {
    expect(reachesKey(program, args)).toBe(follows);
    expect(followsLinks(name, args)).toBe(follows);
  });

  it("tar follows with -h, in a dashless cluster too", () => {
    const listing = (flags: string) => {
      const run = spawnSync("sh", ["-c", `tar c${flags}f - . | tar tf -`], { cwd, encoding: "utf8" });
      return run.stdout.includes("lnk/id_rsa");
    };
    expect(listing("")).toBe(false);
    expect(listing("h")).toBe(true);
    expect(followsLinks("tar", ["czf", "o.tgz", "."])).toBe(false);
    expect(followsLinks("tar", ["czhf", "o.tgz", "."])).toBe(true);
  });

  it.each([
    ["grep", ["--deref", "x"], true],
    ["grep", [null, "x"], true],
    ["rm", [null, "-rf", "x"], false],
    ["zip", ["-r", "o.zip", "."], true],
    ["cp", ["-r", "a", "b"], false],
    ["cp", ["-rL", "a", "b"], true],
  ] as const)("%s %j follows links: %s (a long option's prefix, a word permc cannot know, a walker not listed)", (name, words, follows) => {
    expect(followsLinks(name, words)).toBe(follows);
  });
});

describe("the gates", () => {
  it.each([
    ["grep -R KEY .", "deny"],
    ["find -L . -type f", "deny"],
    ["rg -L KEY", "deny"],
    ["tree -l", "deny"],
    ["tar czhf /tmp/o.tgz .", "deny"],
    ["zip -r /tmp/o.zip .", "deny"],
    ["cp -rL . /tmp/o", "deny"],
    ["grep -r KEY .", "allow"],
    ["find . -type f", "allow"],
    ["rg KEY", "allow"],
    ["tar czf /tmp/o.tgz .", "allow"],
    ["cp -r . /tmp/o", "allow"],
  ])("%j beside a link to a denied tree → %s", async (command, action) => {
    expect(await underPathRules({ [`${secret}/*`]: "deny" }, cwd, command)).toBe(action);
  });
});

describe("past the listing budget", () => {
  it("a walker that follows links asks only when a scan meets a link to a directory", async () => {
    const big = tempDir("walk-links-big");
    mkdirSync(path.join(big, "src"));
    for (let i = 0; i < 2_100; i++) writeFileSync(path.join(big, "src", `f${i}.txt`), "");
    // A link to a file does not make the walk leave the tree.
    symlinkSync(path.join(big, "src", "f0.txt"), path.join(big, "src", "file-link"));
    const decide = (command: string) => underPathRules({ [`${secret}/*`]: "deny" }, big, command);
    expect(await decide("grep -R KEY .")).toBe("allow");
    expect(await decide("zip -r /tmp/o.zip .")).toBe("allow");
    symlinkSync(secret, path.join(big, "src", "lnk"));
    expect(await decide("grep -R KEY .")).toBe("ask");
    expect(await decide("zip -r /tmp/o.zip .")).toBe("ask");
    expect(await decide("grep -r KEY .")).toBe("allow");
  });
});

/**
 * bash options that change how later commands are read
 * (knowledge/shell-options.ts). Real bash is the oracle for each premise:
 * with the option set, the command reads the denied file; permc must then
 * not allow it. Options that change nothing permc reads stay allowed.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

let root: string;
let cwd: string;

beforeAll(() => {
  root = tempDir("shell-options");
  cwd = path.join(root, "work");
  mkdirSync(path.join(cwd, "sub", "deep"), { recursive: true });
  mkdirSync(path.join(root, "etc"));
  writeFileSync(path.join(root, "etc", "secret"), "SECRET\n");
  writeFileSync(path.join(root, "etc", "only"), "SECRET\n");
  writeFileSync(path.join(cwd, "secret"), "SECRET\n");
  writeFileSync(path.join(cwd, ".hidden"), "SECRET\n");
  writeFileSync(path.join(cwd, "sub", "deep", "secret"), "SECRET\n");
  // `e` leads to root/etc: physically `e/..` is root, logically it is the working directory.
  symlinkSync(path.join(root, "etc"), path.join(cwd, "e"));
});

function bash(command: string): string {
  return spawnSync("/bin/bash", ["-c", command], { cwd, env: { PATH: "/usr/bin:/bin", HOME: cwd }, encoding: "utf8" }).stdout;
}

async function decide(command: string): Promise<string> {
  const denied = [
    path.join(root, "etc", "secret"),
    path.join(root, "etc", "only"),
    path.join(cwd, "secret"),
    path.join(cwd, ".hidden"),
    path.join(cwd, "sub", "deep", "secret"),
  ];
  const permission = {
    "*": "allow",
    bash: { "*": "allow" },
    external_directory: { "*": "allow" },
    path: { "*": "allow", ...Object.fromEntries(denied.map((d) => [d, "deny"])) },
  };
  return (await decideBash(permission, command, { cwd, home: "/home/t" })).action;
}

describe("an option that changes what a later word means", () => {
  it.each([
    ["set -P; cd e/..; cat etc/secret", "cd follows the physical path"],
    ["set -o physical; cd e/..; cat etc/secret", "the same, by name"],
    ["shopt -s cdable_vars; x=../etc; cd x; cat secret", "cd takes a variable's value"],
    ["shopt -s nocaseglob; cat SEC*", "globs ignore case"],
    ["shopt -s dotglob; cat .h* *", "globs match hidden names"],
    ["shopt -s globstar; cat sub/**/secret", "** crosses directories"],
    ["shopt -s lastpipe; ls | cd ../etc; cat only", "a pipeline's last command runs in the shell itself"],
  ])("%s (%s)", async (command) => {
    expect(bash(command), "the premise: bash reads the denied file").toContain("SECRET");
    expect(await decide(command)).not.toBe("allow");
  });

  it.each([
    "set -k; ls",
    "set +B; ls",
    "shopt -s extglob",
    "shopt -s xpg_echo",
    "shopt -u globasciiranges",
    "set -o posix",
    "shopt -s $x",
    "set $x",
    "enable -n echo; echo ls | sh",
  ])("%s is floored", async (command) => {
    expect(await decide(command)).toBe("ask");
  });
});

describe("options that change nothing permc reads", () => {
  it.each([
    "set -euo pipefail; ls",
    "set -e",
    "set +e",
    "set -ex",
    "set -o errexit -o nounset",
    "set -- a b; echo $1",
    "set -o",
    "shopt -s histappend",
    "shopt -q extglob",
    "shopt -p",
  ])("%s is allowed", async (command) => {
    expect(await decide(command)).toBe("allow");
  });
});

/**
 * Known values of unquoted expansions: `$HOME` and `$PWD` are the paths permc
 * knows only while bash passes them as one word. A value with a blank is
 * split (`$HOME/secret` under `/x/jo smith` is `/x/jo` and `smith/secret`,
 * the second relative to the working directory) and one with a glob
 * character is expanded; a tilde's value is neither. Real bash is the
 * oracle for what the program receives; permc must never allow a command
 * whose real argument is a denied file.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

let root: string;
/** A home with a blank: `$HOME/secret` splits into `…/jo` and `smith/secret`. */
let home: string;
/** The working directory; `smith/secret` under it is the denied file. */
let cwd: string;

beforeAll(() => {
  root = tempDir("unquoted-values");
  home = path.join(root, "jo smith");
  cwd = path.join(root, "work");
  mkdirSync(home);
  mkdirSync(path.join(cwd, "smith"), { recursive: true });
  writeFileSync(path.join(cwd, "smith", "secret"), "");
  mkdirSync(path.join(root, "s p"));
});

/** The words bash passes to a program for `words` (printf prints each in brackets). */
function argv(words: string, env: { home: string; cwd: string }): string {
  const run = spawnSync("/bin/bash", ["-c", `printf '[%s]' ${words}`], { cwd: env.cwd, env: { HOME: env.home, PATH: "/usr/bin:/bin" }, encoding: "utf8" });
  return run.stdout;
}

async function decide(command: string, env: { home: string; cwd: string }): Promise<string> {
  const permission = {
    "*": "allow",
    bash: { "*": "allow" },
    external_directory: { "*": "allow" },
    path: { "*": "allow", [path.join(cwd, "smith", "secret")]: "deny" },
  };
  return (await decideBash(permission, command, env)).action;
}

describe("unquoted $HOME and $PWD with a blank in their value", () => {
  it("bash splits them (the premise)", () => {
    expect(argv("$HOME/secret", { home, cwd })).toBe(`[${path.join(root, "jo")}][smith/secret]`);
    expect(argv('"$HOME"/secret ~/secret', { home, cwd })).toBe(`[${home}/secret][${home}/secret]`);
    expect(argv("$PWD", { home, cwd: path.join(root, "s p") })).toBe(`[${root}/s][p]`);
  });

  it("a split $HOME reaching a denied file is not allowed", async () => {
    expect(await decide("cat $HOME/secret", { home, cwd })).not.toBe("allow");
    expect(await decide("cat ${HOME}/secret", { home, cwd })).not.toBe("allow");
  });

  it.each([
    ['cat "$HOME"/secret', "allow"],
    ["cat ~/secret", "allow"],
    ['cat "$HOME/secret"', "allow"],
  ])("%j names one path, which is not the denied one: %s", async (command, action) => {
    expect(await decide(command, { home, cwd })).toBe(action);
  });
});

describe("unquoted $PWD where the directory is known", () => {
  it.each([
    ["ls $PWD", "allow"],
    ["ls ${PWD}", "allow"],
    ["basename $PWD", "allow"],
    ["cat $PWD/smith/secret", "deny"],
    ["cd smith && cat $PWD/secret", "deny"],
    ["cd smith && cat $PWD", "allow"],
    // `$(pwd)` prints the directory the command runs in, whatever PWD holds.
    ['ls "$(pwd)"', "allow"],
    ["ls `pwd`/smith", "allow"],
    ['cat "$(pwd)/smith/secret"', "deny"],
    ['cd smith && cat "$(pwd)/secret"', "deny"],
  ])("%j: %s", async (command, action) => {
    expect(await decide(command, { home: "/home/t", cwd })).toBe(action);
  });

  it("a working directory with a blank makes $PWD any path", async () => {
    const spaced = path.join(root, "s p");
    expect(await decide("ls $PWD", { home: "/home/t", cwd: spaced })).not.toBe("allow");
    expect(await decide('ls "$PWD"', { home: "/home/t", cwd: spaced })).toBe("allow");
  });
});

describe("a command that assigns PWD", () => {
  // Run from the root: the denied file is reached only through the PWD the command sets.
  it.each([
    (d: string) => `PWD=${d}; cat $PWD/secret`,
    (d: string) => `export PWD=${d}; cat "$PWD/secret"`,
    (d: string) => `read PWD <<< ${d}; cat $PWD/secret`,
    (d: string) => `for PWD in ${d}; do cat $PWD/secret; done`,
    (d: string) => `declare "P""WD=${d}"; cat $PWD/secret`,
    (d: string) => `PWD=${d}; cat ~+/secret`,
  ])("%s", async (form) => {
    const command = form(path.join(cwd, "smith"));
    // The premise: bash names the denied file (printf in cat's place shows the word it would open).
    const shown = spawnSync("/bin/bash", ["-c", command.replace(/cat /g, "printf '[%s]' ")], {
      cwd: root,
      env: { HOME: home, PATH: "/usr/bin:/bin" },
      encoding: "utf8",
    });
    expect(shown.stdout).toContain(`[${path.join(cwd, "smith", "secret")}]`);
    expect(await decide(command, { home: "/home/t", cwd: root })).not.toBe("allow");
  });

  it("after enable -n pwd, a pwd program on PATH prints it: any path", async () => {
    expect(await decide('enable -n pwd; cat "$(pwd)/smith/secret"', { home: "/home/t", cwd: root })).not.toBe("allow");
    expect(await decide('enable -n pwd; ls "$(pwd)"', { home: "/home/t", cwd })).not.toBe("allow");
  });
});

describe("$(pwd) when a function may stand for the builtin", () => {
  it("prints what the function prints: any path", async () => {
    const command = `pwd() { echo ${path.join(cwd, "smith")}; }; cat "$(pwd)/secret"`;
    const shown = spawnSync("/bin/bash", ["-c", command.replace("cat ", "printf '[%s]' ")], { cwd: root, env: { PATH: "/usr/bin:/bin" }, encoding: "utf8" });
    expect(shown.stdout).toBe(`[${path.join(cwd, "smith", "secret")}]`);
    expect(await decide(command, { home: "/home/t", cwd: root })).not.toBe("allow");
  });

  it("after enable -n pwd, a pwd program on PATH prints it: any path", async () => {
    expect(await decide('enable -n pwd; cat "$(pwd)/smith/secret"', { home: "/home/t", cwd: root })).not.toBe("allow");
    expect(await decide('enable -n pwd; ls "$(pwd)"', { home: "/home/t", cwd })).not.toBe("allow");
  });
});

/**
 * The git config reader the kernel profile uses to find hooks directories,
 * includes and scripts git's configuration names: real git (`git config -f
 * FILE --list`) is the oracle for what each file says.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { environmentConfigEntries, gitConfigEntries, gitIndirections } from "../../runtime/sandbox/git-indirections.js";
import { tempDir } from "../support/temp-dir.js";

const dir = tempDir("git-indirections");

const SAMPLES: ReadonlyArray<[string, string]> = [
  ["plain keys", "[core]\n\thooksPath = .husky/_\n\tbare = false\n"],
  ["a key on the header's line", "[core] hooksPath = hooks\n"],
  ["quotes, escapes and comments", '[core]\n\tfsmonitor = "./tools/w.sh" # watch\n\tpager = "less \\"-R\\"" ; comment\n'],
  ["a subsection, its case kept", '[includeIf "gitdir:~/Work/"]\n\tpath = ../Work.gitconfig\n[filter "lfs"]\n\tclean = git-lfs clean -- %f\n'],
  ["a value continued on the next line", "[alias]\n\tx = !sh \\\n\ttools/x.sh\n"],
  ["a boolean with no value", "[core]\n\tbare\n"],
  ["upper-case section and key", "[CORE]\n\tHooksPath = H\n"],
  ["comment characters and blanks inside quotes", '# top\n[core]\n\teditor = "  vim ;x #y" # c\n\t; off = 1\n'],
  ["tabs between words", "[core]\n\tsshCommand = ssh\t\t-i  k\n"],
  ["CRLF line ends", "[core]\r\n\thooksPath = .husky/_\r\n[alias]\r\n\tx = !sh tools/x.sh\r\n"],
  // A ninth hunt: a backslash ending a comment continues nothing, and git reads on after a header's `]`.
  ["a backslash at a comment's end", "[core]\n\teditor = vim # see notes\\\n\thooksPath = .githooks\n"],
  ["two headers on one line", "[x] [core] fsmonitor = tools/w.sh\n"],
  ["a comment line ending in a backslash", "[core]\n# a note \\\n\thooksPath = h\n"],
  ["a key after a header, a comment after a value", "[core]bare\n[alias]x=!sh a.sh;y\n"],
  ["the old subsection form, a subsection with escapes", '[Remote.Origin]\n\turl = u\n[branch "a\\"b"]\n\tremote = r\n'],
  ["a byte order mark, a lone carriage return among blanks", '\uFEFF[core]\r\n \r hooksPath\t=\t "a  b" c \r\n'],
  ["escapes and a quoted continuation", '[alias]\n\tx = "!sh \\\n tools/x.sh" \\t\n'],
];

function gitList(text: string, name: string): string[] {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  const r = spawnSync("git", ["config", "-f", file, "--list"], { encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.split("\n").filter((l) => l !== "");
}

describe("gitConfigEntries reads what git reads", () => {
  it.each(SAMPLES)("%s", (name, text) => {
    const ours = gitConfigEntries(text).map(({ key, value }) => (value === null ? key : `${key}=${value}`));
    expect(ours).toEqual(gitList(text, name.replaceAll(" ", "-")));
  });
});

/** A seeded random text of configuration lines, built to be mostly valid: headers, keys, values, comments. */
function configText(random: (n: number) => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[random(xs.length)] as T;
  const blanks = (): string => pick(["", " ", "\t", " \t ", "\r"]);
  const HEADERS = ["[core]", "[alias]", '[sub "A\\"b"]', "[x.Y]", "[CORE]"];
  const KEYS = ["hooksPath", "fsmonitor", "k", "Editor", "x-1"];
  const VALUE = ["v", "a/b.sh", "!sh x.sh", " ", "\t", '"', "\\t", "\\n", '\\"', "\\\\", "\\\n", "#", ";", "=", "[x]"];
  const COMMENT = ["# c", "; c", "#", "# c \\", "; \\", '# "', "# [core] k = v"];
  let text = "";
  for (let line = 0; line < 2 + random(6); line++) {
    text += blanks();
    for (let h = random(3) === 0 ? 1 + random(2) : 0; h > 0; h--) text += pick(HEADERS) + blanks();
    if (random(4) !== 0) {
      text += pick(KEYS) + blanks();
      if (random(4) !== 0) {
        text += "=";
        for (let v = random(6); v > 0; v--) text += pick(VALUE);
      }
    }
    if (random(3) === 0) text += blanks() + pick(COMMENT);
    text += pick(["\n", "\n", "\r\n"]);
  }
  return text;
}

describe("gitConfigEntries against git config --list", () => {
  it("agrees on every text git reads (seeded, 400 texts)", () => {
    let seed = 9;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed >> 8) % n;
    };
    let compared = 0;
    for (let t = 0; t < 400; t++) {
      const text = `[core]\n${configText(random)}`;
      const file = path.join(dir, "fuzz.cfg");
      writeFileSync(file, text);
      const git = spawnSync("git", ["config", "-f", file, "--list", "--null"], { encoding: "utf8" });
      // A text git stops at runs nothing; the reader may read what it likes there.
      if (git.status !== 0) continue;
      compared++;
      // --null: `key\nvalue` or `key` alone (no value), each ended by NUL; values may hold line feeds.
      const ours = gitConfigEntries(text).map(({ key, value }) => (value === null ? key : `${key}\n${value}`));
      expect(ours, JSON.stringify(text)).toEqual(git.stdout.split("\0").slice(0, -1));
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe("environmentConfigEntries reads what git takes from its environment", () => {
  it.each<[string, Record<string, string>]>([
    [
      "GIT_CONFIG_COUNT",
      { GIT_CONFIG_COUNT: "2", GIT_CONFIG_KEY_0: "Core.HooksPath", GIT_CONFIG_VALUE_0: "/x/h", GIT_CONFIG_KEY_1: "alias.St", GIT_CONFIG_VALUE_1: "!sh a.sh" },
    ],
    ["git -c's GIT_CONFIG_PARAMETERS", { GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='/x/w.sh' 'Include.Path'='/x/it'\\''s.cfg'" }],
    ["the older one-word form", { GIT_CONFIG_PARAMETERS: "'core.hooksPath=/x/h'" }],
  ])("%s", (_, env) => {
    const ours = environmentConfigEntries(env).map(({ key, value }) => (value === null ? key : `${key}\n${value}`));
    // No repository and no person's configuration: what git lists is the environment's alone.
    const outside = tempDir("git-env");
    const git = spawnSync("git", ["config", "--list", "--null"], {
      cwd: outside,
      encoding: "utf8",
      env: { PATH: process.env.PATH, HOME: outside, GIT_CONFIG_NOSYSTEM: "1", GIT_CEILING_DIRECTORIES: path.dirname(outside), ...env },
    });
    expect(git.status, git.stderr).toBe(0);
    expect(ours).toEqual(git.stdout.split("\0").slice(0, -1));
  });

  it("a hooks directory given there is one git's configuration names", () => {
    const env = environmentConfigEntries({ GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "core.hooksPath", GIT_CONFIG_VALUE_0: ".githooks" });
    expect(gitIndirections([], path.join(dir, "work"), "/home/u", env).directories).toEqual([path.join(dir, "work", ".githooks")]);
  });
});

describe("gitIndirections", () => {
  it("names the hooks directory, includes (followed), and the files command keys run", () => {
    const work = path.join(dir, "work");
    writeFileSync(
      path.join(dir, "main.cfg"),
      "[core]\n\thooksPath = .husky/_\n\tfsmonitor = ./tools/w.sh\n[include]\n\tpath = more.cfg\n[alias]\n\tl = log --oneline\n",
    );
    writeFileSync(path.join(dir, "more.cfg"), '[filter "x"]\n\tsmudge = sh scripts/smudge.sh %f\n[include]\n\tpath = main.cfg\n');
    expect(gitIndirections([path.join(dir, "main.cfg")], work, "/home/u")).toEqual({
      directories: [path.join(work, ".husky/_")],
      files: [path.join(work, "tools/w.sh"), path.join(dir, "more.cfg"), path.join(work, "scripts/smudge.sh"), path.join(dir, "main.cfg")],
    });
  });

  it("expands ~ in a path", () => {
    writeFileSync(path.join(dir, "home.cfg"), "[core]\n\thooksPath = ~/.githooks\n");
    expect(gitIndirections([path.join(dir, "home.cfg")], dir, "/home/u").directories).toEqual(["/home/u/.githooks"]);
  });
});

/**
 * The git config reader the kernel profile uses to find hooks directories,
 * includes and scripts git's configuration names: real git (`git config -f
 * FILE --list`) is the oracle for what each file says.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gitConfigEntries, gitIndirections } from "../../runtime/sandbox/git-indirections.js";
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

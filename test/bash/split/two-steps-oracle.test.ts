/**
 * Real bash and git as the oracle for two steps through a file a program
 * runs without naming it (split/two-steps.ts, knowledge/implicit-code.ts):
 * each command writes a file that then runs `touch ran` although no word
 * of the command runs it. The command runs under bash in a fresh git
 * repository with its own home; the marker proves the written code ran,
 * and permc must have floored that run. The twins without the write run
 * nothing of the kind and stay unfloored.
 */
import { spawnSync } from "node:child_process";
import { existsSync, linkSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { splitBash } from "../../../runtime/bash/split.js";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { tempDir } from "../../support/temp-dir.js";
import { parser, split } from "../helpers.js";

let p: BashParser;
const root = tempDir("two-steps-oracle");
beforeAll(async () => {
  p = await parser();
});

/** Runs `command` in a new repository with a commit and a home of its own; whether the marker was made. */
function runsWrittenCode(command: string, name: string, prepare?: () => void): boolean {
  const dir = path.join(root, name);
  const home = path.join(root, `${name}-home`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  prepare?.();
  mkdirSync(home, { recursive: true });
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.com",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.com",
  };
  const setup = spawnSync("bash", ["-c", "git init -q . && echo x > a.txt && git add a.txt && git commit -qm init && echo y >> a.txt && echo true > run.sh"], {
    cwd: dir,
    env,
  });
  expect(setup.status, String(setup.stderr)).toBe(0);
  spawnSync("bash", ["-c", command], { cwd: dir, env, input: "", timeout: 20_000 });
  return existsSync(path.join(dir, "ran"));
}

const twoStep = (command: string) => split(p, command).units.some((u) => u.derivation === "two-step");

describe("a written file a later program runs without naming it (real bash and git)", () => {
  it.each([
    ["pre-commit hook", "printf '#!/bin/sh\\ntouch ran\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit && git commit -qam x"],
    ["core.fsmonitor", "printf '[core]\\n\\tfsmonitor = touch ran; echo\\n' >> .git/config; git status --short"],
    ["alias in ~/.gitconfig", "printf '[alias]\\n\\tst = !touch ran\\n' >> ~/.gitconfig; git st"],
    ["interactive shell's ~/.bashrc", "echo 'touch ran' >> ~/.bashrc; bash -i run.sh"],
    ["login shell's ~/.profile", "echo 'touch ran' >> ~/.profile; bash -l -c true"],
  ])("%s: the written code runs, and the run is a two-step", (name, command) => {
    expect(runsWrittenCode(command, name.replace(/\W+/g, "-"))).toBe(true);
    expect(twoStep(command)).toBe(true);
  });

  it.each([
    ["commit, no hook written", "echo z >> a.txt; git commit -qam x"],
    ["status after writing data", "echo z > notes.txt; git status --short"],
  ])("%s: nothing written runs, and the run is no two-step", (name, command) => {
    expect(runsWrittenCode(command, name.replace(/\W+/g, "-"))).toBe(false);
    expect(twoStep(command)).toBe(false);
  });
});

describe("a file written or run through a link the project already holds (real bash and git)", () => {
  // Links as an earlier call may have made them: the write's or the run's name says nothing, the file is the other.
  it.each([
    [
      "a hook written through a link",
      { "hook.txt": ".git/hooks/pre-commit" },
      "printf '#!/bin/sh\\ntouch ran\\n' > hook.txt && chmod +x hook.txt && git commit -qam x",
    ],
    ["a script run through a link", { tool: "data.txt" }, "printf '#!/bin/sh\\ntouch ran\\n' > data.txt && chmod +x data.txt && ./tool"],
    ["a script given to sh through a link", { "run.sh": "data.txt" }, "echo 'touch ran' > data.txt && sh run.sh"],
    // A hard link: the redirect truncates and writes the one file both names are.
    ["a hook written through a hard link", { "hook.txt": "=.git/hooks/pre-commit" }, "printf '#!/bin/sh\\ntouch ran\\n' > hook.txt && git commit -qam x"],
  ] as const)("%s: the written code runs, and the run is a two-step", (name, links, command) => {
    const dir = path.join(root, name.replace(/\W+/g, "-"));
    const home = `${dir}-home`;
    const prepare = () => {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(path.join(dir, ".git", "hooks"), { recursive: true });
      for (const [link, target] of Object.entries(links)) {
        if (!target.startsWith("=")) {
          symlinkSync(target, path.join(dir, link));
          continue;
        }
        // `=FILE`: a hard link to FILE, made here as an executable that does nothing.
        writeFileSync(path.join(dir, target.slice(1)), "#!/bin/sh\ntrue\n", { mode: 0o755 });
        linkSync(path.join(dir, target.slice(1)), path.join(dir, link));
      }
    };
    expect(runsWrittenCode(command, name.replace(/\W+/g, "-"), prepare)).toBe(true);
    prepare();
    expect(splitBash(p, command, { cwd: dir, home }).units.some((u) => u.derivation === "two-step")).toBe(true);
    // The same command where no link is: what it writes is data, and what it runs is not what it wrote.
    for (const link of Object.keys(links)) rmSync(path.join(dir, link));
    expect(splitBash(p, command, { cwd: dir, home }).units.some((u) => u.derivation === "two-step")).toBe(false);
  });
});

/**
 * A redirect after a list's last command, and a pipeline's first stage
 * (syntax/list-redirects.ts, paths/collect.ts). tree-sitter-bash reads
 * `cd ~ && true 2>&1 | tee -a .bashrc` as `(cd ~ && true 2>&1) | tee …`,
 * and permc wrote `.bashrc` where the pipeline started; bash runs the `cd`
 * first and the whole pipeline in the home directory. And every stage of a
 * pipeline is a subshell: `cd DIR 2>&1 | true` leaves the shell where it
 * was, where permc followed the `cd`. Real bash is the oracle for each
 * attack: it writes the denied file, or prints the key; permc must not
 * allow the command. The everyday shapes beside them stay allowed.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { keyHome } from "../../support/key-home.js";

const PERMISSION = {
  "*": "allow",
  bash: { "*": "allow" },
  path: { "*": "allow", "~/.bashrc": "deny", "~/.ssh/*": "deny" },
  external_directory: { "*": "allow" },
};

const { root, home, cwd, output, decide, readsTheKey, makes } = keyHome("list-redirects", PERMISSION);

beforeAll(() => {
  mkdirSync(path.join(cwd, "build"), { recursive: true });
  mkdirSync(path.join(root, "other", "a", "deep"), { recursive: true });
});

beforeEach(() => {
  rmSync(path.join(home, ".bashrc"), { force: true });
});

describe("a redirect after a list's last command: the pipeline runs after the list, where it left the shell", () => {
  it.each([
    "cd ~ && true 2>&1 | tee -a .bashrc",
    "cd .. && echo x 2>/dev/null | tee -a .bashrc",
    "cd build && cd ../.. && true 2>&1 | tee .bashrc",
    "true && cd .. && echo x >/dev/null | tee .bashrc",
    "cd ~ || exit 1 && true 2>&1 | tee .bashrc",
  ])("%j writes ~/.bashrc", (command) => makes(".bashrc", command));
});

describe("a redirect after a pipeline's last command, behind a list: read after the list's cd", () => {
  it.each([
    "cd ~/.ssh && true 2>&1 | cat < id_rsa",
    "cd ~/.ssh && true 2>/dev/null | cat 3< id_rsa <&3",
    "cd ~/.ssh && true >/dev/null | true 2>&1 | cat < id_rsa",
  ])("%j prints the key", readsTheKey);
});

describe("a pipeline's first stage runs in a subshell: the shell stays where it was", () => {
  it.each([
    "cd ../../other/a/deep 2>&1 | true; cat ../../home/.ssh/id_rsa",
    "cd ../../other/a/deep 2>/dev/null | cat; cat ../../home/.ssh/id_rsa",
    "{ cd ../../other/a/deep; } | true; cat ../../home/.ssh/id_rsa",
    "cd ../../other/a/deep >&2 | true && cat ../../home/.ssh/id_rsa",
  ])("%j prints the key", readsTheKey);
});

describe("everyday shapes stay allowed", () => {
  it.each([
    "cd build && npm run build 2>&1 | tee -a build.log",
    "git status 2>&1 | tail -3 && cd build && ls",
    "cd build && make 2>&1 | grep -i error; cd .. && ls",
    "npm test 2>&1 | tail -20",
    "cd build 2>/dev/null && ls | head",
  ])("%j", async (command) => {
    expect(await decide(command)).toBe("allow");
  });

  it("the log lands where bash writes it", () => {
    output("cd build && echo done 2>&1 | tee -a build.log");
    expect(readFileSync(path.join(cwd, "build", "build.log"), "utf8")).toBe("done\n");
  });
});

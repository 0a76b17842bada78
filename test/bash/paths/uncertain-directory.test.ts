/**
 * Where a `cd` may not have moved the shell (paths/uncertain-directory.ts):
 * a `cd` that fails, one `&&` or `||` skips, one a function of the same name
 * stands for, and code bash runs again in another directory (a function's
 * body, a loop's next round). Real bash is the oracle for each attack: it
 * prints the key through a path written for another directory; permc must
 * not allow it. The everyday shapes beside them stay allowed.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

let home: string;
let cwd: string;

const PERMISSION = { "*": "allow", bash: { "*": "allow", "rm *": "deny" }, path: { "*.env": "deny", "~/.ssh/*": "deny" } };

beforeAll(() => {
  const root = tempDir("uncertain-directory");
  home = path.join(root, "home");
  cwd = path.join(root, "proj");
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  mkdirSync(path.join(cwd, "build"), { recursive: true });
  writeFileSync(path.join(home, ".ssh", "id_rsa"), "SECRET-KEY\n");
  writeFileSync(path.join(cwd, "notes.txt"), "notes\n");
  // A link an earlier call made: `deep` is ~/.ssh.
  symlinkSync(path.join(home, ".ssh"), path.join(cwd, "deep"));
});

/** What real bash prints running `command` in the project. */
function output(command: string): string {
  const r = spawnSync("/bin/bash", ["-c", command], { cwd, env: { PATH: "/usr/bin:/bin", HOME: home }, encoding: "utf8", timeout: 10_000 });
  return r.stdout + r.stderr;
}

const decide = async (command: string): Promise<string> => (await decideBash(PERMISSION, command, { cwd, home })).action;

/** Real bash prints the key, and permc does not allow the command. */
async function readsTheKey(command: string): Promise<void> {
  expect(output(command), "the premise: bash prints the key").toContain("SECRET-KEY");
  expect(await decide(command)).not.toBe("allow");
}

describe("a cd that may not have run: the key is read from the old directory", () => {
  it.each([
    // It fails: no such directory, not a directory, too many operands, an option bash does not know.
    "cd /nonexistent; cat ../home/.ssh/id_rsa",
    "cd /etc/passwd; cat ../home/.ssh/id_rsa",
    "cd a b; cat ../home/.ssh/id_rsa",
    "cd -x /tmp; cat ../home/.ssh/id_rsa",
    "cd /nonexistent || true; cat ../home/.ssh/id_rsa",
    "cd /nonexistent\ncat ../home/.ssh/id_rsa",
    "pushd /nonexistent; cat ../home/.ssh/id_rsa",
    "{ cd /nonexistent; }; cat ../home/.ssh/id_rsa",
    // pushd -n only adds to the stack.
    "pushd -n /tmp; cat ../home/.ssh/id_rsa",
    // It is skipped.
    "false && cd /tmp; cat ../home/.ssh/id_rsa",
    "test -d nope && cd /tmp; cat ../home/.ssh/id_rsa",
    "true || cd /tmp; cat ../home/.ssh/id_rsa",
    "true || cd /tmp || exit; cat ../home/.ssh/id_rsa",
    "false && { cd /tmp; }; cat ../home/.ssh/id_rsa",
    // A function stands for it.
    "cd(){ :; }; cd /tmp; cat ../home/.ssh/id_rsa",
    "builtin(){ :; }; builtin cd /tmp; cat ../home/.ssh/id_rsa",
    "exit(){ :; }; cd /nonexistent || exit; cat ../home/.ssh/id_rsa",
    // A review of the fix (2026-12-07): `return` outside a function fails and bash goes on; a test, an arithmetic
    // command, a block, a subshell or an assignment before the `cd` may fail; a redirect that fails keeps the `cd` from
    // running; bash on Linux knows no `-@`; `function NAME` takes any compound command as its body.
    "cd /nonexistent || return; cat ../home/.ssh/id_rsa",
    "cd /x || { echo failed; return; }; cat ../home/.ssh/id_rsa",
    "[[ -d nope ]] && cd build; cat ../home/.ssh/id_rsa",
    "[ -d nope ] && cd /tmp; cat ../home/.ssh/id_rsa",
    "(( 0 )) && cd build; cat ../home/.ssh/id_rsa",
    "{ false; } && cd build; cat ../home/.ssh/id_rsa",
    "(false) && cd build; cat ../home/.ssh/id_rsa",
    "x=$(false) && cd build; cat ../home/.ssh/id_rsa",
    "cd build >/nonexistent/f; cat ../home/.ssh/id_rsa",
    "cd build >build; cat ../home/.ssh/id_rsa",
    "cd build <&5; cat ../home/.ssh/id_rsa",
    "{ cd build; } >/nonexistent/f; cat ../home/.ssh/id_rsa",
    "cd -@ build; cat ../home/.ssh/id_rsa",
    "function cd [[ 1 ]]; cd /tmp; cat ../home/.ssh/id_rsa",
    "function cd ( : ); cd /tmp; cat ../home/.ssh/id_rsa",
    "function exit (( 1 )); cd /x || exit; cat ../home/.ssh/id_rsa",
    // CDPATH set through a quoted subscript's arithmetic.
    "mkdir -p 0/build; printf -v 'a[CDPATH=0]' %s 1; cd build; cat ../../../home/.ssh/id_rsa",
    // A second review (2026-12-07): a chain that stops part-way, `||`'s right side, option clusters, `-- -d`, an operand
    // through a name that is not there, `exit --help`, `-P` through a link the command makes, `command -p cd`.
    "true; cd ../home/.ssh && cd /nonexistent; cat id_rsa",
    "true && cd ../home/.ssh && cd /nonexistent; cat id_rsa",
    "cd ../home/.ssh 2>../proj/cd.log && cd /nonexistent; cat id_rsa",
    "true; { cd ../home/.ssh && cd /nonexistent; }; cat id_rsa",
    "mkdir -p a; cd a && cd nope; cat ../../home/.ssh/id_rsa",
    "cd nope || cd ../home/.ssh; cat id_rsa",
    "cd -Le ../home/.ssh; cat id_rsa",
    "cd -eL ../home/.ssh; cat id_rsa",
    "cd -LPe ../home/.ssh; cat id_rsa",
    "mkdir -p -- -d; cd -- -d && cd nope; cat ../../home/.ssh/id_rsa",
    "cd nope/../../home/.ssh; cat ../home/.ssh/id_rsa",
    "cd notes.txt/../../home/.ssh; cat ../home/.ssh/id_rsa",
    "cd ../home/.ssh && cd /nonexistent || exit --help; cat id_rsa",
    "cd /nonexistent || exit --help; cat ../home/.ssh/id_rsa",
    "rm -f l; ln -s ../home/.ssh l; cd -P l/..; cat .ssh/id_rsa",
    "command -p cd ../home/.ssh; cat id_rsa",
    "command -- cd ../home/.ssh; cat id_rsa",
    "builtin -- cd ../home/.ssh; cat id_rsa",
    // `$PWD` and `$(pwd)` are where the shell stayed.
    "cd /nonexistent; cat $PWD/../home/.ssh/id_rsa",
    'cd /nonexistent; cat "$(pwd)/../home/.ssh/id_rsa"',
    // A relative cd after one that may not have run goes from either place.
    "cd /nonexistent; cd ..; cat home/.ssh/id_rsa",
  ])("%j", readsTheKey);
});

describe("a bash rule on the absolute spelling (40.0.0) is matched in every directory the shell may be in", () => {
  it("cd ~/.ssh; cd /nonexistent; cat ./id_rsa", async () => {
    const command = "cd ~/.ssh; cd /nonexistent; cat ./id_rsa";
    expect(output(command), "the premise: bash prints the key").toContain("SECRET-KEY");
    const permission = { "*": "allow", bash: { "*": "allow", [`cat ${home}/.ssh/*`]: "deny" } };
    expect((await decideBash(permission, command, { cwd, home })).action).toBe("deny");
  });
});

describe("code bash runs again elsewhere: a function's body, a loop's next round", () => {
  it.each([
    "f(){ cat id_rsa; }; cd ~/.ssh; f",
    "f(){ cat id_rsa; }; cd ~/.ssh && f",
    "f(){ cat id_rsa; }; (cd deep; f)",
    "f(){ cat id_rsa; }; export -f f; bash -c 'cd ~/.ssh; f'",
    // A quoted spelling of cd is cd.
    "f(){ cat id_rsa; }; c''d ../home/.ssh; f",
    "for i in 1 2; do cat id_rsa 2>/dev/null; c''d ../home/.ssh; done",
    "f(){ cat id_rsa; }; pus''hd ../home/.ssh; f",
    "for i in 1 2; do cat id_rsa 2>/dev/null; cd ~/.ssh; done",
    "until cat id_rsa 2>/dev/null; do cd ~/.ssh; done",
    "while :; do cat id_rsa 2>/dev/null && break; cd deep; done",
  ])("%j", readsTheKey);
});

describe("a cd that surely ran, or whose failure ends the command, stays followed", () => {
  it.each([
    "cd build; cat ../notes.txt",
    "cd build && cat ../notes.txt",
    "cd build || exit 1; cat ../notes.txt",
    "pushd build >/dev/null; cat ../notes.txt",
    "cd build 2>/dev/null && cat ../notes.txt",
    "cd build || { echo failed; exit 1; }; ls",
    "cd /nonexistent || exit; cat ../home/.ssh/id_rsa",
    "cd /nonexistent && cat ../x",
    "mkdir -p out && cd out && touch a.txt",
    "cd build; ls; cd ..; ls",
    "f(){ echo hi; }; f",
    "for i in 1 2; do cat notes.txt; done",
  ])("%j", async (command) => {
    expect(output(command)).not.toContain("SECRET-KEY");
    expect(await decide(command)).toBe("allow");
  });
});

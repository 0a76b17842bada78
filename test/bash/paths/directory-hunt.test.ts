/**
 * A hunt of grammar shapes against the directory the collection follows
 * (2026-12-07, a helper with real bash): a statement's redirects are opened
 * before it runs, where it starts; a `cd` spelt with `$'…'` is cd; `time
 * X=1 cd ..` and `command -pp cd ..` run bash's cd. Real bash is the oracle
 * for each attack: it prints the key, or writes `~/.bashrc`; permc must not
 * allow the command. The everyday shapes beside them stay allowed.
 */
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { keyHome } from "../../support/key-home.js";

const PERMISSION = {
  "*": "allow",
  bash: { "*": "allow", "rm *": "deny" },
  path: { "*": "allow", "~/.ssh/*": "deny", "~/.ssh": "deny", "~/.bashrc": "deny" },
  external_directory: { "*": "allow" },
};

const { home, cwd, decide, readsTheKey, makes } = keyHome("directory-hunt", PERMISSION);
const writesBashrc = (command: string): Promise<void> => makes(".bashrc", command);

beforeAll(() => {
  mkdirSync(path.join(cwd, "sub"), { recursive: true });
  // A link an earlier call made (a checkout's): `l` is ~/.ssh.
  symlinkSync("../.ssh", path.join(cwd, "l"));
});

beforeEach(() => {
  rmSync(path.join(home, ".bashrc"), { force: true });
});

describe("a statement's redirects are opened where it starts, before its cd runs", () => {
  it.each([
    "cd sub >../.bashrc",
    "{ cd sub; echo pwn; } >>../.bashrc",
    "pushd sub >../.bashrc",
    "cd sub 2>../.bashrc",
    "true && cd sub >../.bashrc",
    "cd sub >/dev/null 2>../.bashrc | cat",
    "(cd sub >../.bashrc)",
    "time cd sub >../.bashrc",
    "cd ~; { cd proj; } >> .bashrc",
    "{ cd sub; } > $PWD/../.bashrc",
  ])("%j writes ~/.bashrc", writesBashrc);

  it.each([
    "{ cd /; cat; } <../.ssh/id_rsa",
    "{ cd sub; cat <&3; } 3<../.ssh/id_rsa",
    "{ cd sub; cat; } <<E\n$(cat ../.ssh/id_rsa)\nE",
    "cd sub <<E\n$(cat ../.ssh/id_rsa >&2)\nE",
  ])("%j prints the key", readsTheKey);
});

describe("a cd the text search or the name reading missed", () => {
  it.each([
    // `$'…'` spells cd: the function's body and the loop's next round run where it went.
    "f(){ cat .ssh/id_rsa; }; c$'d' ..; f",
    "f(){ cat .ssh/id_rsa; }; $'c\\x64' ..; f",
    "f(){ cat .ssh/id_rsa; }; c$'\\144' ..; f",
    "for i in 1 2; do cat .ssh/id_rsa; c$'d' ..; done",
    "while ! cat .ssh/id_rsa; do pu$'shd' .. ; done",
    // `time` before the assignments of the command it times.
    "time X=1 cd ..; cat .ssh/id_rsa",
    "time -p X=1 Y=2 cd ..; cat .ssh/id_rsa",
    "time a[1]=x cd ..; cat .ssh/id_rsa",
    // `command` reads `-pp` as `-p`.
    "command -pp cd ..; cat .ssh/id_rsa",
    "command -ppp -- cd ..; cat .ssh/id_rsa",
  ])("%j prints the key", readsTheKey);
});

describe("a review of those fixes (a second helper, real bash)", () => {
  it.each(["cd ~ && true 2>&1 | cat <<<x >.bashrc", "cd ~ && echo $'x' 2>&1 | cat >.bashrc"])("%j writes ~/.bashrc", writesBashrc);

  it.each([
    // A redirect before the name that fails keeps the cd from running; so does a copy of a descriptor the command closed.
    "<nope cd /tmp; cat ../.ssh/id_rsa",
    "X=1 <nope cd /tmp; cat ../.ssh/id_rsa",
    "exec 2>&-; cd /tmp >&2; cat ../.ssh/id_rsa",
    // `!`: what the chain runs next runs where the cd failed.
    "! cd /nonexistent && cat ../.ssh/id_rsa",
    "! cd /nonexistent || exit 1; cat ../.ssh/id_rsa",
    // An exit that may not run does not leave.
    "cd /nonexistent || { false && exit 1; }; cat ../.ssh/id_rsa",
    "cd /nonexistent || { true | exit 1; }; cat ../.ssh/id_rsa",
    // After an assignment, `time` is the program.
    "time X=1 time cd /tmp; cat ../.ssh/id_rsa",
    // pushd takes `-n` only, and after `--` an operand that starts with `-`.
    "pushd -P /tmp; cat ../.ssh/id_rsa",
    "mkdir -p -- -n; pushd -- -n; cat ../../.ssh/id_rsa",
    // The last of `-L` and `-P` wins.
    "cd -PL l/..; cat ../.ssh/id_rsa",
    // A `cd` into a process's entry: `..` climbs from where the link really points.
    "cd /proc/self/cwd && cat ../.ssh/id_rsa",
    "cd /proc/thread-self/cwd; cat ../.ssh/id_rsa",
    // `~+` is the directory the shell is in.
    "cd ~+/..; cat .ssh/id_rsa",
    "cd sub; cd ~+/../..; cat .ssh/id_rsa",
  ])("%j prints the key", readsTheKey);
});

describe("everyday shapes stay allowed", () => {
  it.each([
    "cd sub > /dev/null && ls",
    "cd sub 2>/dev/null || exit 1; ls",
    "{ cd sub && ls; } > listing.txt",
    "for f in a b; do printf $'%s\\n' $f; done",
    "f(){ echo $'x\\ty'; }; f",
    "time make -C sub 2>&1 | tail -3",
    "command -v git",
    "cd sub || { echo failed; exit 1; }; ls",
    "pushd sub >/dev/null; ls; popd >/dev/null",
    "cd sub >/dev/null 2>&1 && ls",
  ])("%j", async (command) => {
    expect(await decide(command)).toBe("allow");
  });
});

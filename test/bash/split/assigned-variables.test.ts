/**
 * Variables assigned however bash names them (split/assigned-variables.ts).
 * Real bash is the oracle for each premise: the command really changes
 * what `ls` runs (a planted `5/ls`, or `BASH_CMDS`), or where `~` points;
 * permc must then not allow it on the strength of `ls`'s or `cat`'s rule.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

let cwd: string;
/** A directory outside the working directory holding `secret`, denied by the policy. */
let other: string;

beforeAll(() => {
  const root = tempDir("assigned-variables");
  cwd = path.join(root, "work");
  other = path.join(root, "other");
  mkdirSync(path.join(cwd, "5"), { recursive: true });
  mkdirSync(other);
  writeFileSync(path.join(other, "secret"), "SECRET\n");
  writeFileSync(path.join(cwd, "victim"), "");
  // A program named ls that is not ls.
  for (const fake of [path.join(cwd, "5", "ls"), path.join(cwd, "fake")]) {
    writeFileSync(fake, "#!/bin/sh\necho PLANTED\n");
    chmodSync(fake, 0o755);
  }
});

function bash(command: string): string {
  return spawnSync("/bin/bash", ["-c", command], { cwd, env: { PATH: "/usr/bin:/bin", HOME: "/nonexistent" }, encoding: "utf8" }).stdout;
}

async function decide(command: string): Promise<string> {
  const permission = {
    "*": "allow",
    bash: { "*": "allow", "rm *": "deny" },
    external_directory: { "*": "allow" },
    path: { "*": "allow", [`${other}/*`]: "deny" },
  };
  return (await decideBash(permission, command, { cwd, home: "/home/t" })).action;
}

describe("a command that changes what `ls` runs", () => {
  it.each([
    "(( PATH=5 ))",
    "let 'PA''TH=5'",
    "x='PATH=5'; (( x ))",
    "x='PATH=5'; [[ $x -eq 5 ]]",
    "x='PATH=5'; : $(( x ))",
    ': $(( "PA""TH=5" ))',
    "echo PATH=5 >/dev/null; (( $_ ))",
    "read <<< PATH=5; (( REPLY ))",
    "set -- PATH=5; (( $1 ))",
    "a=(1); : ${a[PATH=5]}",
    "declare -i v; v='PATH=5'",
    "for PATH in 5; do :; done",
    'declare "PA""TH=5"',
    'export "PA"TH=5',
    'printf -v "PA""TH" %s 5',
    'read -r "PA""TH" <<< 5',
    "x=PATH; declare $x=5",
    "declare -n r=PATH; r=5",
    "BASH_CMDS[ls]=$PWD/fake",
    "BASH_CMDS=([ls]=$PWD/fake)",
    'declare "BASH_""CMDS[ls]=$PWD/fake"',
    // Not assignment-shaped, so bash expands them first: braces and a glob make the name (found after the env fuzz).
    "export {PATH,x}=5",
    "export PA{TH,}=5",
    "declare -x PATH{,}=5",
    "local_() { local {PATH,x}=5; ls victim; }; local_",
    "read {PATH,x} <<< 5",
    "touch 'PATH=5'; export PAT?=5",
  ])("%s; ls victim", async (prefix) => {
    const command = `${prefix}; ls victim`;
    expect(bash(command), "the premise: bash runs the planted program").toContain("PLANTED");
    expect(await decide(command)).not.toBe("allow");
  });
});

describe("a command that moves `~`", () => {
  it.each([
    (o: string) => `declare "HO""ME=${o}"`,
    (o: string) => `declare -n r="HO""ME"; r=${o}`,
    (o: string) => `printf -v "HO""ME" %s ${o}`,
    (o: string) => `read -r "HO""ME" <<< ${o}`,
    (o: string) => `export "HO"ME=${o}`,
    (o: string) => `x=HOME; declare "$x=${o}"`,
  ])("%s; cat ~/secret", async (prefix) => {
    const command = `${prefix(other)}; cat ~/secret`;
    expect(bash(command), "the premise: bash reads the denied file").toContain("SECRET");
    expect(await decide(command)).not.toBe("allow");
  });

  it("a loop variable named HOME is one too", async () => {
    const command = `for HOME in ${other}; do cat ~/secret; done`;
    expect(bash(command)).toContain("SECRET");
    expect(await decide(command)).not.toBe("allow");
  });
});

describe("a value the text does not show, given to an integer variable, is arithmetic whose subscripts run commands", () => {
  it.each([
    "declare -i x; read x < payload",
    "typeset -i x; mapfile x < payload",
    'declare -i x; printf -v x %s "$(cat payload)"',
    "declare -i x; : ${x:=$(cat payload)}",
    "declare -i REPLY; read < payload",
    "declare -n r=x; declare -i x; read r < payload",
    "cat payload | { declare -i x; read x; }",
    // bash's RANDOM, SRANDOM, HISTCMD and OPTIND evaluate what they are given the same way.
    "read RANDOM < payload",
    "x=$(cat payload); SRANDOM=$x",
    'printf -v HISTCMD %s "$(cat payload)"',
    "read OPTIND < payload",
    "OPTIND='a[$(rm doomed)]'",
  ])("%s", async (command) => {
    writeFileSync(path.join(cwd, "doomed"), "");
    writeFileSync(path.join(cwd, "payload"), "a[$(rm doomed)]\n");
    bash(command);
    expect(existsSync(path.join(cwd, "doomed")), "the premise: bash ran rm").toBe(false);
    expect(await decide(command)).not.toBe("allow");
  });
});

describe("everyday assignments stay allowed", () => {
  it.each([
    "i=0; while (( i < 3 )); do i=$((i+1)); done",
    "for ((i=0;i<3;i++)); do echo $i; done",
    "for f in *.ts; do echo $f; done",
    "x=abc; echo ${x:1:2}",
    "read -r line < victim; echo $line",
    "declare -A m; m[key]=v; echo ${m[key]}",
    "export NODE_ENV=production",
    "export PATH",
    "declare -i n=5; echo $n",
    "declare -i n; n=3; echo $n",
    "read -r x < victim; declare -i n=2; echo $x $n",
    "OPTIND=1; RANDOM=42; echo $RANDOM",
    'n=5; [[ "$n" -gt 0 ]] && echo y',
    'if [[ "$#" -eq 0 ]]; then echo none; fi',
    'echo $(( "1" + 2 ))',
    "local x=1",
  ])("%s", async (command) => {
    expect(await decide(command)).toBe("allow");
  });

  it("arithmetic over a value read from a command's output asks (it may be `PATH=5`)", async () => {
    expect(await decide("n=$(wc -l < victim); echo $((n+1))")).toBe("ask");
  });
});

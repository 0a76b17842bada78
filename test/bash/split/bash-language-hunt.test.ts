/**
 * Classes a hunt of the bash language found allowed (2026-12-07): text bash
 * evaluates again that permc read as data. Real bash is the oracle for each
 * attack (it removes the victim, runs the denied program's text, or prints
 * the denied file), and permc must not allow it; the everyday shapes beside
 * them stay allowed.
 * - arithmetic reaching text through a variable bash fills itself (`_`,
 *   `DIRSTACK`, `FUNCNAME`) or whose value, set outside the command, is a
 *   name (OSTYPE is `linux-gnu`): split/assigned-variables.ts;
 * - a declaration builtin reading a value that starts with `(` as a
 *   compound assignment, expanding its words again: split/hidden-source.ts;
 * - the same declarations inside an `if`, a loop or a function body, which the
 *   walk did not look into (`if true; then declare -n r='a[$(rm y)]'; r=1; fi`);
 * - `compgen -W`, which expands its word list: knowledge/builtins.ts;
 * - the directory-stack tildes (`~+`, `~-`, `~N`) after `if=`:
 *   paths/classify-token.ts.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

let home: string;
let cwd: string;

const PERMISSION = { "*": "allow", bash: { "*": "allow", "rm *": "deny" }, path: { "*.env": "deny", "~/.ssh/*": "deny" } };

beforeAll(() => {
  const root = tempDir("bash-language-hunt");
  home = path.join(root, "home");
  cwd = path.join(root, "proj");
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  mkdirSync(cwd);
  writeFileSync(path.join(home, ".ssh", "id_rsa"), "SECRET-KEY\n");
  writeFileSync(path.join(cwd, "notes.txt"), "($(rm victim))\n");
});

/** Real bash runs `command` in the project: whether it removed the victim, and what it printed. */
function runs(command: string): { removed: boolean; output: string } {
  writeFileSync(path.join(cwd, "victim"), "v\n");
  const r = spawnSync("/bin/bash", ["-c", command], { cwd, env: { PATH: "/usr/bin:/bin", HOME: home }, encoding: "utf8", timeout: 10_000 });
  return { removed: !existsSync(path.join(cwd, "victim")), output: r.stdout + r.stderr };
}

const decide = async (command: string): Promise<string> => (await decideBash(PERMISSION, command, { cwd, home })).action;

describe("text bash evaluates again: the attack runs, and permc does not allow it", () => {
  it.each([
    // `_` is the last word of the previous command; arithmetic evaluates its text as an expression.
    "echo 'a[$(rm victim)]'; (( _ ))",
    "echo 'a[$(rm victim)]'; [[ -v a[_] ]]",
    "echo 'a[$(rm victim)]'; echo ${@:_}",
    // `pushd -n` keeps its operand on the stack as text, without changing directory.
    "pushd -n 'a[$(x=r; ${x}m victim)]' >/dev/null; (( DIRSTACK[1] ))",
    // A function's own name, which the command chooses, names a variable holding text.
    "y='a[$(rm victim)]'; y(){ (( FUNCNAME )); }; y",
    // OSTYPE is linux-gnu, HOSTTYPE x86_64: names, evaluated in turn.
    "linux='a[$(rm victim)]'; (( OSTYPE ))",
    "x86_64='a[$(rm victim)]'; (( HOSTTYPE ))",
    // A declaration reads a value that starts with `(` as a compound assignment, and expands its words again.
    "declare -a x='($(rm victim))'",
    "typeset -a x='(`rm victim`)'",
    "declare -A x='([k]=$(rm victim))'",
    "a=(); declare a='($(rm victim))'",
    "f(){ local -a x='($(rm victim))'; }; f",
    "builtin declare -a x='($(rm victim))'",
    "x='($(rm victim))'; declare -a y=$x",
    "declare -a y=$(cat notes.txt)",
    // In a body as at the top (a declaration in a body was not looked into before).
    "if true; then declare -n r='a[$(rm victim)]'; r=1; fi",
    "while true; do declare -a x='($(rm victim))'; break; done",
    // A review of the fix: a nested subscript before the substitution, a quoted compound word, arrays bash keeps,
    // an array taken for associative that is not, a subscript inside a quoted name word.
    "printf -v 'a[x[1]+$(rm victim)]' %s 1",
    "declare 'a[x[1]+$(rm victim)]=1'",
    "read 'a[x[1]+$(rm victim)]' <<< 1",
    "declare -n r='a[x[1]+$(rm victim)]'; r=1",
    "declare -a 'x=($(rm victim))'",
    'declare -ga "x=(\\$(rm victim))"',
    "declare -a x'=($(rm victim))'",
    "readonly -a 'x=($(rm victim))'",
    "f(){ local -a 'x=($(rm victim))'; }; f",
    "x='($(rm victim))'; declare PIPESTATUS=$x",
    "x='($(rm victim))'; declare DIRSTACK=$x",
    "local -A m; x='b[$(rm victim)]'; m[x]=1",
    "m=(); declare -A m; x='b[$(rm victim)]'; m[x]=1",
    "(declare -A m); x='b[$(rm victim)]'; m[x]=1",
    "declare -A m; unset m; x='b[$(rm victim)]'; m[x]=1",
    "x='b[$(rm victim)]'; printf -v 'a[x]' %s 1",
    "x='b[$(rm victim)]'; read 'a[x]' <<< 1",
    "x='b[$(rm victim)]'; declare 'a[x]=1'",
    "x='b[$(rm victim)]'; declare -n r='a[x]'; r=1",
    // compgen expands its word list.
    "compgen -W '$(rm victim)'",
    "x='$(rm victim)'; compgen -W \"$x\"",
  ])("%s", async (command) => {
    expect(runs(command).removed, "the premise: bash removes the victim").toBe(true);
    expect(await decide(command)).not.toBe("allow");
  });

  it.each([
    "dd if=~+/../home/.ssh/id_rsa status=none",
    "dd if=~0/../home/.ssh/id_rsa status=none",
    "cd ~/.ssh; cd /; dd if=~-/id_rsa status=none",
    "pushd / >/dev/null; dd if=~1/../home/.ssh/id_rsa status=none",
  ])("%s (a directory of bash's stack after if=)", async (command) => {
    expect(runs(command).output, "the premise: bash prints the key").toContain("SECRET-KEY");
    expect(await decide(command)).not.toBe("allow");
  });
});

describe("the everyday shapes beside them stay allowed", () => {
  it.each([
    "x=5; (( x + 1 ))",
    "n=3; for ((i=0;i<n;i++)); do echo $i; done",
    "echo $(( 2 * 21 ))",
    "declare -a arr=(a b c); echo ${arr[1]}",
    "declare -a x='(a b)'",
    "f(){ local x=$1; echo $x; }; f hi",
    "compgen -W 'start stop status' -- st",
    "dd if=~+/notes.txt of=/dev/null status=none",
  ])("%s", async (command) => {
    expect(runs(command).removed).toBe(false);
    expect(await decide(command)).toBe("allow");
  });
});

/**
 * Paths the reference's token shapes reject (a leading `-`, `=`, `@`, a
 * URL or bracket look) are still files when bash or the program opens them:
 * every redirect target and every word a program's record says is a file
 * (token-shape.ts fileShape), and a word after `--` or a `key=value` word's
 * value spelt like an option (operandShape: a bare name is a path when it
 * exists).
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fileShape, operandShape } from "../../../runtime/bash/paths/token-shape.js";
import { underEnvRule, underPathRules } from "../../support/env-rule.js";
import { secretBeside } from "../../support/secret-beside.js";
import { tempDir } from "../../support/temp-dir.js";

describe("shapes", () => {
  it.each([
    ["-x.env", "rule"],
    ["a=b", "rule"],
    ["@k", "rule"],
    ["http://x", "rule"],
    ["a[1]", "rule"],
    ["/etc/x", "external"],
    ["../x", "external"],
    ["", "reject"],
  ])("a redirect target %j is %s", (token, shape) => {
    expect(fileShape(token)).toBe(shape);
  });

  it.each([
    ["-a.env", "bare"],
    ["--watch", "bare"],
    ["-x/y.env", "rule"],
    ["-x/../y", "external"],
  ])("an operand after -- %j is %s", (token, shape) => {
    expect(operandShape(token)).toBe(shape);
  });
});

describe("the gates", () => {
  let cwd: string;
  beforeAll(() => {
    cwd = tempDir("option-spelt");
    writeFileSync(path.join(cwd, "-a.env"), "s\n");
    mkdirSync(path.join(cwd, "-x", "p"), { recursive: true });
    writeFileSync(path.join(cwd, "-x", "p", "prod.env"), "s\n");
    writeFileSync(path.join(cwd, "notes.txt"), "s\n");
    // A directory holding only a link to one with a prod.env below it.
    mkdirSync(path.join(cwd, "linked"));
    symlinkSync("../-x", path.join(cwd, "linked", "l"));
    // A directory named `~` where the command runs.
    mkdirSync(path.join(cwd, "~"));
    writeFileSync(path.join(cwd, "~", "s.env"), "s\n");
  });

  it.each([
    // Redirect targets: files whatever they look like.
    ["cat < -a.env", "deny"],
    ["echo x > -b.env", "deny"],
    ["echo x > a=b.env", "deny"],
    ["cat < @k.env", "deny"],
    ["cat < 'a[1].env'", "deny"],
    ["mkdir http: && echo x > http://x.env", "deny"],
    // After `--`, a word spelt like an option is an operand.
    ["cat -- -a.env", "deny"],
    ["rm -- -a.env", "deny"],
    ["grep -e key -- -a.env", "deny"],
    ["grep -r key -- -x", "deny"],
    // tree lists names only (issue 35): with `-o` it writes, and walks as before.
    ["tree -- -x", "allow"],
    ["tree -o out.txt -- -x", "ask"],
    // A word a record says is a file, and a `key=value` word's value.
    ["sort -o -b.env notes.txt", "deny"],
    ["tar -cf -b.env notes.txt", "deny"],
    ["gcc -o -b.env x.c", "deny"],
    ["dd if=-a.env of=out", "deny"],
    ["sort -o a=b.env notes.txt", "deny"],
    // A short option's value attached and spelt like a path, for a program permc has no record for.
    ["someprogram -f.env", "deny"],
    ["someprogram -c./x/p/prod.env", "deny"],
    ["someprogram -xzf./-a.env", "deny"],
    ["someprogram -la -j4 -p8080", "allow"],
    // A directory such a program's option names may be anything it works under (pytest empties its `--basetemp`): walked as an operand is.
    ["someprogram --basetemp=./-x", "ask"],
    ["someprogram -o./-x", "ask"],
    ["someprogram --basetemp ./-x", "ask"],
    ["someprogram --basetemp=./notes.txt", "allow"],
    // Its entries, not where its links lead (emptying or writing a tree does not reach a link's target); an operand's links are followed.
    ["someprogram --basetemp=./linked", "allow"],
    ["someprogram ./linked", "ask"],
    // bash expands no `~` after an option's `=`: the directory named `~` here, not the home.
    ["someprogram --basetemp=~", "ask"],
    ["grep -r key --exclude-dir=./-x notes.txt", "allow"],
    // GNU getopt takes a long option's unique prefix: grep's `--fil=FILE` is `--file=FILE`, cp's `--target=DIR` is `--target-directory`.
    ["grep --fil=-a.env notes.txt", "deny"],
    ["grep --fi -a.env notes.txt", "deny"],
    ["sed --fil=-a.env notes.txt", "deny"],
    ["grep --fixed-strings key notes.txt", "allow"],
    ["time --out=-b.env ls", "deny"],
    ["dmesg --fil=-a.env", "deny"],
    // `-` is standard input or output there.
    ["echo x | cat -", "allow"],
    ["tar -cf - notes.txt", "allow"],
    ["make CFLAGS=-O2", "allow"],
    // Before `--` it is an option; a pattern is not a path; an option after `--` that names no file is nothing.
    ["cat -A notes.txt", "allow"],
    ["grep -- -a.env notes.txt", "allow"],
    ["npm test -- --watch", "allow"],
  ])("%j under *.env: deny → %s", async (command, action) => {
    expect(await underEnvRule(cwd, command, "deny")).toBe(action);
  });
});

describe("words the reference's cleaning changes", () => {
  let cwd: string;
  let secret: string;
  beforeAll(() => {
    ({ secret, cwd } = secretBeside("cleaned-words"));
    // Links whose names the reference's cleaning drops a character of: a leading `@`, a quote at an end, a blank.
    for (const name of ["@s", "'q", " b", "a=b", "k[1]", "~"]) symlinkSync(secret, path.join(cwd, name));
    mkdirSync(path.join(cwd, "http:"));
    symlinkSync(secret, path.join(cwd, "http:", "x"));
  });

  it.each([
    ["cat @s/id_rsa", "deny"],
    [`cat "'q/id_rsa"`, "deny"],
    ["cat \\'q/id_rsa", "deny"],
    ['cat " b/id_rsa"', "deny"],
    // Words the reference's shapes drop (`=` before a `/`, a URL, a bracket look), for any program.
    ["cat a=b/id_rsa", "deny"],
    ["someprogram a=b/id_rsa", "deny"],
    ["someprogram http://x/id_rsa", "deny"],
    ["someprogram 'k[1]/id_rsa'", "deny"],
    ["make CFLAGS=-O2", "allow"],
    // A `~` bash does not expand names a file in the working directory.
    ["cat '~/id_rsa'", "deny"],
    ["cat \\~/id_rsa", "deny"],
    ['cat "~"/id_rsa', "deny"],
    ["cat ~/id_rsa", "allow"],
    // An `@` word whose first name is not there is no path (a package, a revision, curl's file after `@`).
    ["npm i @types/node", "allow"],
    ["git log @{u}", "allow"],
  ])("%j through a link: → %s", async (command, action) => {
    expect(await underPathRules({ [`${secret}/*`]: "deny" }, cwd, command)).toBe(action);
  });
});

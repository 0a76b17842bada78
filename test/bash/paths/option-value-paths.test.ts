/**
 * A file given as an option's value (`-fX`, `--file=X`, `-f X`, `if=X`) or
 * as an operand a program's grammar names is a file whatever its spelling:
 * a short option's attached value through a symlink or without a path's
 * look, braces, defaults, quotes, `$'…'`, `$PWD`, `~//` and globs in the
 * value name what bash expands them to. Real bash is the oracle for what a
 * word becomes: whenever its expansion names a denied file, permc must not
 * allow the command.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { underPathRules } from "../../support/env-rule.js";
import { tempDir } from "../../support/temp-dir.js";

const RULES = { "*.env": "deny", "/etc/*": "deny", "~/.ssh/*": "deny" } as const;
let cwd: string;
let home: string;

beforeAll(() => {
  const top = realpathSync(tempDir("option-values"));
  cwd = path.join(top, "proj");
  home = path.join(top, "home");
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  writeFileSync(path.join(home, ".ssh", "id_rsa"), "k\n");
  mkdirSync(path.join(cwd, "sub"), { recursive: true });
  mkdirSync(path.join(cwd, "src"));
  writeFileSync(path.join(cwd, ".env"), "S=1\n");
  writeFileSync(path.join(cwd, "notes.txt"), "n\n");
  symlinkSync(path.join(home, ".ssh"), path.join(cwd, "sshlink"));
  symlinkSync(".env", path.join(cwd, "envlink.txt"));
  symlinkSync("/etc", path.join(cwd, "etclink"));
});

const decide = (command: string): Promise<string> => underPathRules(RULES, cwd, command, home);

describe("an option's value or a grammar's path, however spelt", () => {
  it.each([
    // A short option's attached value, for programs without a grammar: through a link, a bare name, after `@`, `$PWD`.
    ["date -fsshlink/id_rsa", "deny"],
    ["file -msshlink/id_rsa notes.txt", "deny"],
    ["hexdump -fsshlink/id_rsa notes.txt", "deny"],
    ["diff -r -Xenvlink.txt sub src", "deny"],
    ["zip -q x.zip -i@sshlink/id_rsa notes.txt", "deny"],
    ["date -f$PWD/.env", "deny"],
    ["ssh-keygen -l -f$PWD/.env", "deny"],
    // Expansions in an option's value, attached, after `=`, or a word of its own.
    ["grep --file={sshlink,x}/id_rsa notes.txt", "deny"],
    ["grep -f ${x:-.env} notes.txt", "ask"],
    ["grep --file=.e''nv notes.txt", "deny"],
    ["grep -h . ${x:-.env}", "ask"],
    ["sed -f{.env,} notes.txt", "deny"],
    ["tar cf x.tar -X{sshlink,x}/id_rsa sub", "deny"],
    ["sort -o${x:-sshlink}/id_rsa notes.txt", "ask"],
    ["tar c -f${x:-sshlink}/id_rsa notes.txt", "ask"],
    ["grep --file=$'\\x2eenv' notes.txt", "deny"],
    ["grep --file=$(echo .env) notes.txt", "deny"],
    ["grep --file=$PWD/.env notes.txt", "deny"],
    ["grep --file ${x:-.env} notes.txt", "ask"],
    ["grep -f$HOME/.ssh/{id_rsa,x} notes.txt", "deny"],
    ["grep -f/etc/{hostname,x} notes.txt", "deny"],
    ["make -f{x,.env}", "deny"],
    ["make --file={etclink,x}/hostname", "deny"],
    ["make --file=~//.ssh/id_rsa", "deny"],
    ["man --local-file {.env,}", "deny"],
    ['man -l "${x:-.env}"', "ask"],
    ["tar -T${x:-sshlink}/id_rsa -cf x.tar", "ask"],
    ["awk -f{envlink.txt,} notes.txt", "deny"],
    // Globs and braces of the paths a grammar names.
    ["man -l .e*", "deny"],
    ["make -f .e*", "deny"],
    ["openssl dgst .e*", "deny"],
    ["openssl base64 -in s*/id_rsa", "deny"],
    ["make -f /e*/hostname", "deny"],
    ["openssl dgst {etclink,x}/hostname", "deny"],
    ["openssl dgst ${x:-sshlink}/id_rsa", "ask"],
    // A coder's or a host's prefix before a path: ImageMagick reads the file after `text:`; a URL names no local file.
    ["convert text:sshlink/id_rsa o.png", "deny"],
    ["sed s:a:b: notes.txt", "allow"],
    ["convert text:./sshlink/id_rsa o.png", "deny"],
    ["convert 'text:/etc/hostname' o.png", "deny"],
    ["convert txt:~/.ssh/id_rsa o.png", "deny"],
    ["git ls-remote https://example.com/etc/hostname", "allow"],
    // dd's KEY=VALUE: `~` after `if=` is expanded by bash, braces give several words (the last wins).
    ["dd if=~//.ssh/id_rsa", "deny"],
    ["dd if={x,.env}", "deny"],
    ["dd of={x,.env} </dev/null", "deny"],
    ["dd of=~//.ssh/id_rsak", "deny"],
    // A substitution in a pattern-first program's pattern runs.
    ['grep "$(cat .env)" notes.txt', "deny"],
    // Everyday commands stay allowed.
    ["grep -rn foo src", "allow"],
    ["sed -i 's/a/b/' src/a.ts", "allow"],
    ["make -j4", "allow"],
    ["dd if=/dev/zero of=out bs=1M count=1", "allow"],
    ["man ls", "allow"],
    ["openssl rand -hex 32", "allow"],
    ["tar -czf out.tgz src -la -j4", "allow"],
  ])("%s → %s", async (command, expected) => {
    expect(await decide(command)).toBe(expected);
  });
});

/** Program, option spelling with `V` for the value, and the rest of the command. */
const SPELLINGS: ReadonlyArray<readonly [string, string, string]> = [
  ["date", "-fV", ""],
  ["date", "-f V", ""],
  ["hexdump", "-fV", " notes.txt"],
  ["diff", "-r -XV", " sub src"],
  ["zip", "-q x.zip -i@V", " notes.txt"],
  ["grep", "-fV", " notes.txt"],
  ["grep", "--file=V", " notes.txt"],
  ["grep", "-f V", " notes.txt"],
  ["grep", "-h .", " V"],
  ["sed", "-fV", " notes.txt"],
  ["sed", "--file=V", " notes.txt"],
  ["awk", "-fV", " notes.txt"],
  ["make", "-fV", ""],
  ["make", "--file=V", ""],
  ["make", "-f V", ""],
  ["sort", "-oV", " notes.txt"],
  ["tar", "c -fV", " notes.txt"],
  ["tar", "cf x.tar -XV", " sub"],
  ["man", "-l V", ""],
  ["openssl", "dgst V", ""],
  ["openssl", "base64 -in V", ""],
  ["dd", "if=V", ""],
  ["dd", "of=V", " </dev/null"],
];

/** Files the rules deny (through links too) and files they allow, relative to the project or absolute. */
const TARGETS = [".env", "envlink.txt", "sshlink/id_rsa", "etclink/hostname", "/etc/hostname", "notes.txt", "sub"];

/** Ways to spell a value that bash expands to the target (or to more words, one of them the target). */
const VALUE_SPELLINGS: ReadonlyArray<(t: string) => string | null> = [
  (t) => t,
  (t) => `{${t},zz}`,
  (t) => `{zz,${t}}`,
  (t) => `\${x:-${t}}`,
  (t) => `"\${x:-${t}}"`,
  (t) => `${t.slice(0, 1)}''${t.slice(1)}`,
  (t) => `$'${t}'`,
  (t) => `$'\\x${t.charCodeAt(0).toString(16)}${t.slice(1)}'`,
  (t) => `$(echo ${t})`,
  (t) => (t.startsWith("/") ? null : `$PWD/${t}`),
  (t) => (t.startsWith("/") ? null : `\${PWD}//${t}`),
  (t) => (t === "sshlink/id_rsa" ? "~//.ssh/id_rsa" : null),
  (t) => (t === "sshlink/id_rsa" ? "$HOME/.ssh/{id_rsa,zz}" : null),
  (t) => `${t.slice(0, -1)}*`,
  (t) => `${t.slice(0, -2)}?${t.slice(-1)}`,
];

/** The words bash makes of `word` in the project (HOME set, `x` unset). */
function bashWords(word: string): string[] {
  const r = spawnSync("/bin/bash", ["-c", `printf '%s\\0' ${word}`], { cwd, env: { HOME: home, PATH: "/usr/bin:/bin" }, encoding: "utf8", timeout: 5_000 });
  return r.stdout.split("\0").slice(0, -1);
}

/** Whether the rules deny the file a value names, lexically or where its links lead. */
function denied(value: string): boolean {
  const lexical = path.resolve(cwd, value);
  const real = existsSync(lexical) ? realpathSync(lexical) : lexical;
  return [lexical, real].some((p) => p.endsWith(".env") || p.startsWith("/etc/") || p.startsWith(`${home}/.ssh/`));
}

describe("real bash as the oracle", () => {
  it("a value whose expansion names a denied file is never allowed", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SPELLINGS),
        fc.constantFrom(...TARGETS),
        fc.nat({ max: VALUE_SPELLINGS.length - 1 }),
        async ([program, option, rest], target, k) => {
          const value = (VALUE_SPELLINGS[k] as (t: string) => string | null)(target);
          fc.pre(value !== null);
          const word = option.slice(option.lastIndexOf(" ") + 1);
          const prefix = word.slice(0, word.indexOf("V"));
          // What the program is handed as the value: each word bash makes, after the literal option or key.
          const values = bashWords(word.replace("V", value as string)).map((w) => (w.startsWith(prefix) ? w.slice(prefix.length) : w));
          fc.pre(values.some(denied));
          const command = `${program} ${option.replace("V", value as string)}${rest}`;
          expect(await decide(command), command).not.toBe("allow");
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 300), seed: Number(process.env.FC_SEED ?? 4242) },
    );
  });
});

/**
 * Words bash makes that permc read otherwise (a ninth review, 2026-12-07,
 * real bash):
 *
 * - brace expansion makes several words, one of which may be an option or a
 *   `KEY=VALUE` operand (`sh {-c,"rm victim"}`, `dd i{f,f}=…`): permc read
 *   the brace word as one operand;
 * - digits right before a redirect's operator are its descriptor
 *   (`sh 0<<<"rm victim"`): tree-sitter reads a word `0`, and permc took it
 *   for the script `sh` runs;
 * - a brace-spelt option withdraws a reader's claim to read only (`find src
 *   -{delete,delete}; cd src; …`).
 * A tenth review found the same through a sequence of one word (`{c..c}`),
 * past the expansion's cap, after an option whose value the first word is
 * (`rg -e --pre={,rm}`), and a response file the braces make (`@{..,}/k`).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { keyHome } from "../../support/key-home.js";

const PERMISSION = {
  "*": "allow",
  bash: { "*": "allow", "rm *": "deny" },
  path: { "*": "allow", "~/.ssh/*": "deny", "~/.bashrc": "deny" },
  external_directory: { "*": "allow" },
};

describe("words bash makes", () => {
  const kh = keyHome("words-bash-makes", PERMISSION);
  const victim = path.join(kh.cwd, "victim");
  beforeEach(() => {
    writeFileSync(victim, "");
    mkdirSync(path.join(kh.cwd, "src"), { recursive: true });
  });

  it.each([
    'sh {-c,"rm victim"}',
    "find victim {-print,-exec} rm {} \\;",
    'sh 0<<<"rm victim"',
    "sh 0< <(echo rm victim)",
    "sh 3< <(echo rm victim) 0>&3",
    // A tenth review: a sequence of one word, a value of the option before it.
    "find victim -exe{c..c} rm {} \\;",
    "rg -e --pre={,rm} victim",
    // An eleventh: an expansion at a word's start, and descriptor 0 given by exec without a `<`.
    "find victim {$'-exec',rm,victim,\\;}",
    "coproc echo rm victim; exec 0>&63; sh",
  ])("%s is not allowed under rm * (bash runs rm)", async (command) => {
    const action = await kh.decide(command);
    kh.output(command);
    expect(existsSync(victim), "the premise: rm ran").toBe(false);
    expect(action).not.toBe("allow");
  });

  it.each([
    'sh {-c,"cat ../.ssh/id_rsa"}',
    "dd i{f,f}=../.ssh/id_rsa",
    'sh 0<<<"cat ../.ssh/id_rsa"',
    "find src -{delete,delete}; cd src; cat ../.ssh/id_rsa",
    // A tenth review: a sequence, the expansion's cap, a response file the braces make.
    "dd i{f..f}=../.ssh/id_rsa",
    "dd i{f,f}{,}{,}{,}{,}{,}{,}=../.ssh/id_rsa status=none",
    "strings {@../.ssh/id_rsa,victim}",
  ])("%s is not allowed (the key is read)", async (command) => {
    const action = await kh.decide(command);
    expect(kh.output(command), "the premise").toContain("SECRET-KEY");
    expect(action).not.toBe("allow");
  });

  it.each([
    ["mkdir -p src/{a,b}", "allow"],
    ["touch {a,b}.txt", "allow"],
    ["echo {1..5}", "allow"],
    ["cat 0<victim", "allow"],
    // The option spelt out before the braces: each word is it again, with a value the braces name.
    ["grep -rn key . --exclude-dir={node_modules,.git}", "allow"],
    ["grep -rn --include=*.{js,ts} foo src", "allow"],
    ["grep -rn --exclude-dir={node_modules,dist} foo .", "allow"],
    ["npm install -D @types/{node,jest}", "allow"],
  ])("%s → %s", async (command, want) => {
    expect(await kh.decide(command)).toBe(want);
  });
});

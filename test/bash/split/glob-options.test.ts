/**
 * A glob bash expands into names that are options to the program
 * (split/glob-options.ts): `tar -cf o.tar *` beside a file named
 * `--checkpoint-action=exec=sh x.sh` runs `sh x.sh`. Real bash is the oracle:
 * each attack runs in a directory holding such names and must run its
 * marker script; permc, deciding in the same directory, must not allow it.
 * The same commands in a directory without such names stay allowed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getBashParser } from "../../../runtime/bash/index.js";
import { globMayExpandToOption, MAX_LISTED_ENTRIES } from "../../../runtime/bash/split/glob-options.js";
import { treeSitterSyntax } from "../../../runtime/bash/split/source.js";
import type { SyntaxNode } from "../../../runtime/bash/syntax/syntax.js";
import { cookWord, type Word } from "../../../runtime/bash/words/words.js";
import { createGate, type Policy } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";

let top: string;
let policy: Policy;
/** `*.env` denied, for the `KEY=VALUE` rows. */
let pathPolicy: Policy;

beforeAll(async () => {
  top = realpathSync(tempDir("glob-options"));
  const compiled = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow", "sh *": "deny", "rm *": "deny" } })], { home: top });
  const paths = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "*.env": "deny" } })], { home: top });
  if (compiled.policy === null || paths.policy === null) throw new Error("the policies did not compile");
  policy = compiled.policy;
  pathPolicy = paths.policy;
});

/** A fresh directory holding `names` (empty files) and the marker script `x.sh`. */
function directory(label: string, names: readonly string[]): string {
  const dir = path.join(top, label);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  for (const n of names) writeFileSync(path.join(dir, n), "");
  writeFileSync(path.join(dir, "x.sh"), "touch PWNED\n");
  return dir;
}

const decide = async (dir: string, command: string, under: Policy = policy) =>
  (await createGate(under, { cwd: dir, home: top }).decide({ tool: "bash", input: { command } })).action;

/** The words of the one simple command `command` is, as the walk cooks them. */
async function wordsOf(command: string): Promise<Word[]> {
  const root = treeSitterSyntax(await getBashParser(), command)?.root;
  const find = (n: SyntaxNode): SyntaxNode | null => (n.type === "command" ? n : (n.namedChildren.map(find).find((c) => c !== null) ?? null));
  const cmd = root === undefined ? null : find(root);
  if (cmd === null) throw new Error(`no command in ${command}`);
  return cmd.namedChildren.map((c) => cookWord(c.type === "command_name" ? (c.namedChildren[0] ?? c) : c, command, { home: "/h" }));
}

const TAR = ["--checkpoint=1", "--checkpoint-action=exec=sh x.sh"];

describe("a glob that bash expands into options", () => {
  it.each([
    { label: "tar", names: TAR, command: "tar -cf o.tar *" },
    { label: "zip", names: ["-T", "--unzip-command=sh x.sh", "a.txt"], command: "zip o.zip *" },
  ])("$command with $names there runs the script, and permc does not allow it", async ({ label, names, command }) => {
    const dir = directory(label, names);
    spawnSync("bash", ["-c", command], { cwd: dir, stdio: "ignore", timeout: 10_000 });
    expect(existsSync(path.join(dir, "PWNED")), "real bash ran the planted option").toBe(true);
    rmSync(path.join(dir, "PWNED"));
    expect(await decide(dir, command)).not.toBe("allow");
  });

  it.each([
    { label: "dd", glob: "*" },
    { label: "dd-prefix", glob: "i* o*" },
  ])("dd $glob beside files named if=.env and of=out copies .env, and permc does not allow it", async ({ label, glob }) => {
    const dir = directory(label, ["if=.env", "of=out"]);
    writeFileSync(path.join(dir, ".env"), "SECRET\n");
    rmSync(path.join(dir, "x.sh"));
    const command = `dd ${glob}`;
    spawnSync("bash", ["-c", command], { cwd: dir, stdio: "ignore", timeout: 10_000 });
    expect(readFileSync(path.join(dir, "out"), "utf8"), "real bash read .env").toBe("SECRET\n");
    rmSync(path.join(dir, "out"));
    expect(await decide(dir, command, pathPolicy)).not.toBe("allow");
  });

  it.each([
    // No name there starts with `-`; one does that the glob cannot match; the glob starts with text.
    { label: "clean", names: ["a.txt", "b.txt"], command: "tar -cf o.tar *" },
    { label: "unmatched", names: TAR, command: "ls *.tar" },
    { label: "text-first", names: TAR, command: "tar -cf o.tar ./*" },
    { label: "readers", names: ["a.txt"], command: "cat * | grep x" },
    // Nothing of the call has started when bash expands the first command's words.
    { label: "first", names: ["a.o"], command: "tar -cf o.tar *.o && mkdir -p out" },
    // Readers, and a redirect to a plain name that is no option.
    { label: "redirect", names: ["a.log"], command: "cat *.log | sort > out.txt" },
    // A name with `=` is a word of its own only to a program that reads KEY=VALUE words.
    { label: "keyed-name", names: ["year=2024"], command: "ls *" },
    { label: "dd-clean", names: ["a.img"], command: "dd a*" },
  ])("$command with $names there is allowed", async ({ label, names, command }) => {
    expect(await decide(directory(label, names), command)).toBe("allow");
  });

  it.each([
    "echo x > a.txt; tar -cf o.tar *",
    "touch -- -x | tar -cf o.tar *",
    "tar -cf o.tar * | tee -- -x",
    "tar -cf o.tar * & touch -- -x",
    "tar -cf o.tar * $(touch -- -x)",
    "cat * | sort > -x",
    'cat * | sort > "$f"',
    "cat * | sort > logs/--x=1",
  ])("asks for %s, where it cannot know what the directory holds then", async (command) => {
    expect(await decide(directory("unknown-then", ["a.txt"]), command)).toBe("ask");
  });

  it("asks where the directory holds more names than permc reads, whatever they are", async () => {
    const many = directory("many", []);
    for (let i = 0; i <= MAX_LISTED_ENTRIES; i++) writeFileSync(path.join(many, `f${i}`), "");
    expect(await decide(many, "tar -cf o.tar *")).toBe("ask");
    rmSync(path.join(many, "f0"));
    rmSync(path.join(many, "f1"));
    expect(await decide(many, "tar -cf o.tar *")).toBe("allow");
  });

  it("asks when something of the call may write before bash expands the glob", async () => {
    const dir = directory("written-first", ["a.txt"]);
    const command = "touch -- --checkpoint=1 '--checkpoint-action=exec=sh x.sh'; tar -cf o.tar *";
    spawnSync("bash", ["-c", command], { cwd: dir, stdio: "ignore", timeout: 10_000 });
    expect(existsSync(path.join(dir, "PWNED")), "real bash ran the planted option").toBe(true);
    expect(await decide(directory("written-first", ["a.txt"]), command)).toBe("ask");
  });

  it.each<[string, string | null]>([
    ["tar -cf o.tar *", "*"],
    ["ls *.log", "*.log"],
    ["ls ?x", "?x"],
    ["ls [a-]x", "[a-]x"],
    ["ls {*,y}", "{*,y}"],
    ["ls ./*", null],
    ["ls x*", null],
    ["ls '*'", null],
    ["ls \\*", null],
    ["ls src/*", null],
  ])("%s: the glob that may expand to an option is %j", async (command, want) => {
    expect(globMayExpandToOption(await wordsOf(command))).toBe(want);
  });
});

/**
 * `file:` URLs name local files (runtime/bash/programs/file-url.ts): curl,
 * pip, aria2c and text browsers open them. Real curl is the oracle for how
 * a URL is read: every spelling it reads a file through, permc names that
 * file (or asks about any path).
 */
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../../runtime/bash/split.js";
import { parser } from "../helpers.js";
import { tempDir } from "../../support/temp-dir.js";

let p: BashParser;
let dir: string;
let secret: string;
beforeAll(async () => {
  p = await parser();
  dir = tempDir("file-urls");
  secret = path.join(dir, "secret.txt");
  writeFileSync(secret, "SECRET-CONTENT\n");
});

/** What permc sees: the file itself among the candidates, or some path it cannot know. */
function named(command: string): "file" | "any" | "nothing" {
  const s = splitBash(p, command, { cwd: dir, home: dir });
  if (s.ruleCandidates.some((c) => c.values.includes(secret))) return "file";
  // A word permc spells out from what it knows (`$PWD`): one form, all text, the file.
  const text = (form: readonly { kind: string; text?: string }[]) => (form.every((seg) => seg.kind === "text") ? form.map((seg) => seg.text).join("") : null);
  if (s.pathPatterns.some((x) => x.forms.some((form) => text(form) === secret))) return "file";
  const anywhere = s.pathPatterns.some((x) => x.forms.some((form) => form.some((seg) => seg.kind === "any")));
  return anywhere ? "any" : "nothing";
}

const SPELLINGS = [
  "file://{dir}/secret.txt",
  "file:{dir}/secret.txt",
  "file:////{dir}/secret.txt",
  "FILE://localhost{dir}/secret.txt",
  "file://{dir}/secret.tx%74",
  "file://{dir}/./x/../secret.txt",
  "'file://{dir}/secret.txt?q=1#frag'",
  "'file://{dir}/secre[s-u].txt'",
  "'file://{dir}/{secret,other}.txt'",
  '"file://$PWD/secret.txt"',
  "file://$PWD/secret.txt",
  "$URL",
];

describe("curl reads a file: URL as permc reads it", () => {
  it("curl is installed (the oracle; .ci/run installs it)", () => {
    expect(existsSync("/usr/bin/curl") || spawnSync("sh", ["-c", "command -v curl"]).status === 0).toBe(true);
  });

  it.each(SPELLINGS)("curl -s %s", (spelling) => {
    const url = spelling.replaceAll("{dir}", dir);
    const run = spawnSync("/bin/bash", ["-c", `curl -s ${url}`], { cwd: dir, encoding: "utf8", env: { PATH: process.env.PATH, URL: `file://${secret}` } });
    const read = run.stdout.includes("SECRET-CONTENT");
    const seen = named(`curl -s ${url}`);
    // Whatever curl reads, permc names (or cannot rule out).
    if (read) expect(seen, url).not.toBe("nothing");
    // Every spelling here does read it.
    expect(read, url).toBe(true);
  });
});

describe("any program given a file: URL", () => {
  it.each([["lynx -dump {url}"], ["w3m -dump {url}"], ["pip download {url}"], ["aria2c {url}"], ["links -dump {url}"]])("%s reads the file", (command) => {
    expect(named(command.replace("{url}", `file://${secret}`))).toBe("file");
  });

  // As an option's value too: `clang-format --style=file:PATH` reads PATH as its style, and prints the line it cannot
  // parse (by hand: `--style=file:.env` printed `.env`'s first line).
  it.each([["clang-format --style=file:{file} a.c"], ["clang-format -style=file:{file} a.c"], ["tool --config=file://{file}"]])(
    "%s reads the file",
    (command) => {
      expect(named(command.replace("{file}", secret))).toBe("file");
    },
  );

  it.each([["curl -s https://example.com/secret.txt"], ["echo file://{dir}/secret.txt"]])("%s names no local file", (command) => {
    expect(named(command.replaceAll("{dir}", dir))).toBe("nothing");
  });
});

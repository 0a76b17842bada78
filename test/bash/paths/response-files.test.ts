/**
 * `@FILE` is a response file to gcc, binutils, java and others: the program
 * reads FILE and takes its text as arguments, printing it when it is no
 * valid one (`c++filt @envlink.txt` prints `.env`). permc checks FILE as a
 * path read for any program (paths/classify.ts responseFileAlias). Real
 * binutils are the oracle: each spelling prints the secret, and permc must
 * see the file. An `@` that names nothing there (`npm i @types/node`) stays
 * no path.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../../runtime/bash/split.js";
import { tempDir } from "../../support/temp-dir.js";
import { parser } from "../helpers.js";
import { installed, runIn, seesSecret } from "../secret-oracle.js";

let p: BashParser;
const dir = tempDir("response-files");
const secret = path.join(dir, "secret.env");
const CONTENT = "SECRET-RESPONSE-FILE";
beforeAll(async () => {
  p = await parser();
  writeFileSync(secret, `${CONTENT}\n`);
  mkdirSync(path.join(dir, "sub"));
  symlinkSync(secret, path.join(dir, "link.txt"));
  symlinkSync(dir, path.join(dir, "dirlink"));
});

const SPELLINGS = [
  "c++filt @secret.env",
  "c++filt @link.txt",
  "c++filt @sub/../secret.env",
  "c++filt @dirlink/secret.env",
  "nm @link.txt",
  "objdump -f @link.txt",
];

describe("a response file is read (real binutils)", () => {
  it("binutils is installed (the oracle)", () => {
    expect(installed("c++filt") && installed("nm") && installed("objdump")).toBe(true);
  });

  it.each(SPELLINGS)("%s: the program prints the file, and permc sees it", (command) => {
    expect(runIn(dir, command)).toContain(CONTENT);
    expect(seesSecret(p, command, dir, secret)).toBe(true);
  });

  it.each(["npm i @types/node", "git log @{u}", "echo @nothing-here"])("%s: an @ that names nothing there is no path", (command) => {
    const s = splitBash(p, command, { cwd: dir, home: dir });
    expect(s.ruleCandidates.filter((c) => c.values.some((v) => v.startsWith(dir)))).toEqual([]);
  });
});

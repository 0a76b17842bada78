/**
 * curl's `-b`/`--cookie`: a word with `=` is cookies, any other word a file of
 * stored cookies curl reads (and may send). The record says so
 * (knowledge/tools.ts `cookie-or-file`); real curl under strace is the oracle
 * for which words are opened.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyseCommand } from "../../../runtime/bash/programs/analyse-program.js";
import { syntheticWord } from "../../../runtime/bash/words/words.js";
import { traced } from "../strace-oracle.js";
import { tempDir } from "../../support/temp-dir.js";

/** [command, the words curl reads as a file] — port 9 (discard) refuses at once on loopback. */
const CASES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["curl -s -b jar.txt http://127.0.0.1:9/", ["jar.txt"]],
  ["curl -s --cookie jar.txt http://127.0.0.1:9/", ["jar.txt"]],
  ["curl -s -b a=1 http://127.0.0.1:9/", []],
  ["curl -s --cookie a=jar.txt http://127.0.0.1:9/", []],
];

describe("curl -b: cookies or a cookie file", () => {
  it.each(CASES)("%s reads %j", (command, files) => {
    const words = command.split(" ").map(syntheticWord);
    const a = analyseCommand({ words, src: command, stdin: false, stdinText: null });
    expect(a.paths.filter((p) => p.role === "read").map((p) => p.word.value)).toEqual(files);
  });

  it("real curl opens exactly those words (npm test installs curl and strace)", () => {
    const dir = tempDir("curl-cookies");
    writeFileSync(path.join(dir, "jar.txt"), "# Netscape HTTP Cookie File\n");
    for (const [command, files] of CASES) {
      const opened = traced(command, dir, {}, dir).opened.filter((p) => p === path.join(dir, "jar.txt"));
      expect(opened.length > 0, command).toBe(files.length > 0);
    }
  });
});

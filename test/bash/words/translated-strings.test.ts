/**
 * `$"…"` is replaced by its translation from a message catalog the
 * environment chooses (TEXTDOMAIN, TEXTDOMAINDIR, LANGUAGE), and bash
 * expands the translation as a double-quoted string: a catalog whose text
 * holds `$(…)` runs it. permc cannot read the catalog, so the string floors
 * (split/hidden-source.ts). Real bash is the oracle for the premise.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { tempDir } from "../../support/temp-dir.js";
import { DENY_RM, decide, parser } from "../helpers.js";

/** A GNU message catalog (.mo) with the given translations, little-endian, no hash table. */
function messageCatalog(messages: Readonly<Record<string, string>>): Buffer {
  const keys = Object.keys(messages).sort();
  const ids = keys.map((k) => Buffer.from(`${k}\0`));
  const strs = keys.map((k) => Buffer.from(`${messages[k]}\0`));
  const header = 28;
  const idsStart = header + keys.length * 16;
  const strsStart = idsStart + ids.reduce((n, b) => n + b.length, 0);
  const table = Buffer.alloc(keys.length * 16);
  let idAt = idsStart;
  let strAt = strsStart;
  keys.forEach((_, i) => {
    table.writeUInt32LE((ids[i] as Buffer).length - 1, i * 8);
    table.writeUInt32LE(idAt, i * 8 + 4);
    table.writeUInt32LE((strs[i] as Buffer).length - 1, keys.length * 8 + i * 8);
    table.writeUInt32LE(strAt, keys.length * 8 + i * 8 + 4);
    idAt += (ids[i] as Buffer).length;
    strAt += (strs[i] as Buffer).length;
  });
  const head = Buffer.alloc(header);
  [0x950412de, 0, keys.length, header, header + keys.length * 8, 0, 0].forEach((v, i) => {
    head.writeUInt32LE(v, i * 4);
  });
  return Buffer.concat([head, table, ...ids, ...strs]);
}

let dir: string;
let p: BashParser;
beforeAll(async () => {
  p = await parser();
  dir = tempDir("translated-strings");
  mkdirSync(path.join(dir, "l", "xx", "LC_MESSAGES"), { recursive: true });
  writeFileSync(path.join(dir, "l", "xx", "LC_MESSAGES", "x.mo"), messageCatalog({ "": "Content-Type: text/plain; charset=UTF-8\n", hi: "$(touch ran)" }));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('$"…" translated from a message catalog', () => {
  it("the premise: bash runs a substitution the translation holds (real bash)", () => {
    const env = { ...process.env, LANGUAGE: "xx", LC_ALL: "C.UTF-8", TEXTDOMAINDIR: "./l", TEXTDOMAIN: "x" };
    spawnSync("/bin/bash", ["-c", 'echo $"hi"'], { cwd: dir, env, encoding: "utf8" });
    expect(existsSync(path.join(dir, "ran"))).toBe(true);
  });

  it.each([
    ['echo $"hi"', "ask"],
    ['TEXTDOMAINDIR=./l TEXTDOMAIN=x; echo a$"hi"', "ask"],
    ['echo \\$"hi"', "allow"],
    ['echo "hi" "a$" "$x"', "allow"],
  ])("%s → %s", (command, action) => {
    expect(decide(p, command, DENY_RM).action).toBe(action);
  });
});

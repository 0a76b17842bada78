/**
 * Checksum programs in check mode read the files their list names
 * (knowledge/checksums.ts): `echo 'DIGEST  ~/.ssh/id_rsa' | md5sum -c`
 * opens a file no word of the command names. Real coreutils (and perl's
 * shasum when installed) are the oracle: each spelling of check mode
 * reports the secret `OK`, so it read it, and permc must see a path it
 * cannot know. Without check mode the operands are the files read. So
 * with `file -f LIST`, which opens (and describes) every file LIST names.
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { tempDir } from "../../support/temp-dir.js";
import { parser } from "../helpers.js";
import { installed, runIn, seesSecret } from "../secret-oracle.js";

let p: BashParser;
const dir = tempDir("checksum-check");
const secret = path.join(dir, "secret.txt");
const CONTENT = "SECRET-CONTENT\n";
beforeAll(async () => {
  p = await parser();
  writeFileSync(secret, CONTENT);
  writeFileSync(path.join(dir, "notes.txt"), "notes\n");
});

const digest = (algorithm: string) => createHash(algorithm).update(CONTENT).digest("hex");

/** Each program, a line it checks the secret by, and whether it is installed here. */
const PROGRAMS: ReadonlyArray<readonly [string, string]> = [
  ["md5sum", `${digest("md5")}  secret.txt`],
  ["sha1sum", `${digest("sha1")}  secret.txt`],
  ["sha224sum", `${digest("sha224")}  secret.txt`],
  ["sha256sum", `${digest("sha256")}  secret.txt`],
  ["sha384sum", `${digest("sha384")}  secret.txt`],
  ["sha512sum", `${digest("sha512")}  secret.txt`],
  ["b2sum", `${digest("blake2b512")}  secret.txt`],
  // cksum checks tagged lines (coreutils 9).
  ["cksum", `SHA256 (secret.txt) = ${digest("sha256")}`],
  ["shasum", `${digest("sha1")}  secret.txt`],
];

/** Check mode, spelt every way getopt reads it; LINE is the list's line. */
const SPELLINGS = [
  "echo 'LINE' | PROG -c",
  "PROG -c <<< 'LINE'",
  "PROG --check <(echo 'LINE')",
  "echo 'LINE' > l; PROG -c l",
  "echo 'LINE' > l; PROG l --check",
  "echo 'LINE' > l; PROG -wc l",
  "echo 'LINE' > l; PROG --ch l",
  "echo 'LINE' > l; PROG --che l",
  "echo 'LINE' > l; PROG --strict -c -- l",
];

describe("check mode reads the files its list names (real coreutils)", () => {
  it("coreutils is installed (the oracle)", () => {
    expect(installed("md5sum") && installed("cksum")).toBe(true);
  });

  const cases = PROGRAMS.flatMap(([program, line]) => SPELLINGS.map((s) => [program, s.replace("PROG", program).replace("LINE", line)] as const));

  it.each(cases)("%s: %s", (program, command) => {
    if (installed(program)) expect(runIn(dir, command), command).toMatch(/secret\.txt: OK/);
    expect(seesSecret(p, command, dir, secret), command).toBe(true);
  });

  it.each([
    // shasum reads long options in any case (Getopt::Long): an option permc does not list is unsure.
    ["shasum --CHECK l"],
    ["cksum -a md5 -c l"],
    ["busybox sha256sum -c l"],
  ])("%s may read any file", (command) => {
    expect(seesSecret(p, command, dir, secret), command).toBe(true);
  });

  it.each(PROGRAMS.map(([program]) => [`${program} notes.txt`]))("%s reads its operand only", (command) => {
    expect(seesSecret(p, command, dir, secret), command).toBe(false);
  });
});

describe("file -f reads the files its list names (real file)", () => {
  it.each([
    ["printf '%s.txt\\n' secret > l; file -f l"],
    ["printf '%s.txt\\n' secret > l; file --files-from=l"],
    ["printf '%s.txt\\n' secret > l; file -bf l"],
    ["printf '%s.txt\\n' secret | file -f -"],
    ["printf '%s.txt\\n' secret > l; file --files l"],
  ])("%s", (command) => {
    if (installed("file")) expect(runIn(dir, command), command).toMatch(/ASCII text/);
    expect(seesSecret(p, command, dir, secret), command).toBe(true);
  });

  it("file notes.txt reads its operand only", () => {
    expect(seesSecret(p, "file notes.txt", dir, secret)).toBe(false);
  });
});

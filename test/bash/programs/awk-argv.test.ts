/**
 * An awk program may rewrite ARGV, the list of files awk reads
 * (analysers/awk.ts): `ARGV[1]=".env"` reads a file no word of the command
 * names. Real awk is the oracle (Debian's mawk; nawk, original-awk, gawk
 * and busybox when installed): each command prints a file its operands do
 * not name, and permc must floor it or name the file. The twins read only
 * their operands and stay as they were. A line continuation is whitespace
 * to awk, so it cannot hide `system()` behind what looks like a regex.
 */
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { tempDir } from "../../support/temp-dir.js";
import { parser } from "../helpers.js";
import { installed, runIn, seesSecret } from "../secret-oracle.js";

let p: BashParser;
const dir = tempDir("awk-argv");
const secret = path.join(dir, "secret.txt");
beforeAll(async () => {
  p = await parser();
  writeFileSync(secret, "SECRET-CONTENT\n");
  writeFileSync(path.join(dir, "notes.txt"), "notes\n");
});

const AWKS = ["awk", "mawk", "nawk", "original-awk", "gawk", "busybox awk"].filter(installed);

const REWRITES_ARGV = [
  `AWK 'BEGIN{ARGV[1]="secret.txt"; ARGC=2} 1'`,
  `AWK -v f=secret.txt 'BEGIN{ARGV[ARGC++]=f} 1'`,
  `AWK 'BEGIN{ARGV[1]="secret.txt"} 1' notes.txt`,
  `AWK 'BEGIN{ARGC=split("x secret.txt",ARGV)+1; ARGV[1]=ARGV[2]} 1'`,
  `AWK 'NR==1{ARGV[ARGC++]="secret.txt"} 1' notes.txt`,
  `AWK 'BEGIN{ARGV [ 1 ] = "secret.txt"; ARGC=2} 1'`,
  `AWK 'function f(a){a[1]="secret.txt"} BEGIN{f(ARGV); ARGC=2} 1'`,
  `AWK 'BEGIN{ARGV\\\n[1]="secret.txt"; ARGC=2} 1'`,
  `AWK 'BEGIN{ARGV[1]="sec" "ret.txt"; ARGC=2}\n1'`,
];

describe("an awk program that rewrites ARGV reads a file no word names (real awk)", () => {
  it("awk is installed (the oracle)", () => {
    expect(AWKS).toContain("awk");
  });

  it.each(AWKS.flatMap((awk) => REWRITES_ARGV.map((c) => [awk, c.replace("AWK", awk)])))("%s: %s", (_awk, command) => {
    expect(runIn(dir, command), command).toContain("SECRET-CONTENT");
    expect(seesSecret(p, command, dir, secret), command).toBe(true);
  });

  it.each([
    // gawk reaches ARGV through SYMTAB too, by a name it may build (`"AR" "GV"`).
    [`gawk 'BEGIN{SYMTAB["ARGV"][1]="secret.txt"} 1' notes.txt`],
    [`gawk 'BEGIN{v="AR" "GV"; SYMTAB[v][1]="secret.txt"} 1' notes.txt`],
    [`gawk -e 'BEGIN{ARGV[1]="secret.txt"}' -e 1 notes.txt`],
    [`gawk --source='BEGIN{ARGV[1]="secret.txt"}' notes.txt`],
    [`busybox awk 'BEGIN{ARGV[1]="secret.txt"; ARGC=2} 1'`],
    [`goawk 'BEGIN{ARGV[1]="secret.txt"; ARGC=2} 1'`],
  ])("%s is floored", (command) => {
    expect(seesSecret(p, command, dir, secret), command).toBe(true);
  });

  it.each(
    AWKS.flatMap((awk) => [
      `${awk} '{print}' notes.txt`,
      `${awk} '/ARGV/' notes.txt`,
      `${awk} '{print "ARGV", $1}' notes.txt`,
      `${awk} 'END{print FILENAME}' notes.txt`,
    ]),
  )("%s reads its operand only, and is not floored", (command) => {
    expect(runIn(dir, command)).not.toContain("SECRET-CONTENT");
    expect(seesSecret(p, command, dir, secret), command).toBe(false);
  });
});

describe("a line continuation in an awk program is whitespace (real awk)", () => {
  it.each(AWKS.map((awk) => [awk]))("%s: `x = 1 \\⏎ / (system(…)) / 1` divides, and runs the command", (awk) => {
    const marker = path.join(dir, "ran");
    rmSync(marker, { force: true });
    const command = `${awk} 'BEGIN{x = 1 \\\n/ (system("touch ran")*0+1) / 1}'`;
    runIn(dir, command);
    expect(existsSync(marker), command).toBe(true);
    rmSync(marker, { force: true });
    expect(seesSecret(p, command, dir, secret), command).toBe(true);
  });

  it("a comment still ends at its newline: the next line is code", () => {
    const command = `awk 'BEGIN{ # a comment \\\nprint "NEXT-LINE"}'`;
    expect(runIn(dir, command)).toContain("NEXT-LINE");
    expect(seesSecret(p, command, dir, secret)).toBe(false);
  });
});

/**
 * Two steps through a name bash expands (split/two-steps.ts): a command
 * writes a file, then runs it under a name that is not one exact word —
 * braces (`sed -f {s.sed,notes.txt}`, `awk -f{p.awk,p.awk}`), globs
 * (`sed -f s*.sed`, `./r?n.sh`) — or writes it under such a name
 * (`sort -o{x.sh,x.sh}`). Real bash, sed and awk are the oracle: the
 * written code runs `touch ran`, and permc must have floored that run. The
 * twins run a script nothing in the command writes, or write a file no
 * run names exactly, and stay unfloored (an expanded name with any write
 * asks, as a write with an expanded name does with any run).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { tempDir } from "../../support/temp-dir.js";
import { parser, split } from "../helpers.js";

let p: BashParser;
const root = tempDir("two-steps-expansion");
beforeAll(async () => {
  p = await parser();
});

/** Runs `command` in a fresh directory holding notes.txt; whether the written code made the marker. */
function runsWrittenCode(command: string, name: string): boolean {
  const dir = path.join(root, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "notes.txt"), "notes\n");
  spawnSync("bash", ["-c", command], { cwd: dir, input: "", timeout: 10_000 });
  return existsSync(path.join(dir, "ran"));
}

const twoStep = (command: string) => split(p, command).units.some((u) => u.derivation === "two-step");
const SED = "echo '1e touch ran' > s.sed; ";
const AWK = `echo 'BEGIN{system("touch ran")}' > p.awk; `;
const SH = "echo 'touch ran' > run.sh; chmod +x run.sh; ";

describe("a written file run under a name bash expands (real bash)", () => {
  it.each([
    [`${SED}sed -n -f {s.sed,notes.txt}`],
    [`${SED}sed -n -f{s.sed,s.sed} notes.txt`],
    [`${SED}sed -n --file={s.sed,s.sed} notes.txt`],
    [`${SED}sed -n -f s.se? notes.txt`],
    [`${SED}sed -n -f s*.sed notes.txt`],
    [`${SED}sed -n -f [s].sed notes.txt`],
    [`${AWK}awk -f {p.awk,/dev/null}`],
    [`${AWK}awk -f{p.awk,p.awk}`],
    [`${AWK}awk -f p.aw?`],
    [`${SH}bash {run.sh,}`],
    [`${SH}bash r?n.sh`],
    [`${SH}./r?n.sh`],
    [`${SH}./{run.sh,}`],
    // Written under a name bash expands: `-o{x.sh,x.sh}` is `-ox.sh -ox.sh`.
    ["echo 'touch ran' > src; sort -o{x.sh,x.sh} src; bash x.sh"],
    ["echo 'touch ran' > src; sort --output={x.sh,x.sh} src; bash x.sh"],
  ])("%s: the written code runs, and the run is a two-step", (command) => {
    expect(runsWrittenCode(command, command.replace(/\W+/g, "-").slice(0, 60))).toBe(true);
    expect(twoStep(command), command).toBe(true);
  });

  it.each([
    // The script is one exact word, so only its own name counts.
    ["echo x > out.txt; sed -n -f s.sed notes.txt"],
    ["echo x > out.txt; awk -fp.awk notes.txt"],
    // Quoted, the glob characters are the name itself.
    ["echo x > out.txt; sed -n -f 's*.sed' notes.txt"],
    ["sort -oy.txt notes.txt; bash run.sh"],
  ])("%s: nothing it writes runs, and the run is no two-step", (command) => {
    expect(twoStep(command), command).toBe(false);
  });
});

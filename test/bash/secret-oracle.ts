/**
 * Shared by the tests where a real program is the oracle for a file a
 * command reads although no word names it (awk-argv, checksum-check): run
 * the command under bash in the fixture, and ask whether permc sees it.
 */
import { spawnSync } from "node:child_process";
import type { BashParser } from "../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../runtime/bash/split.js";

/** Whether `program` (its first word) is on PATH here. */
export const installed = (program: string): boolean => spawnSync("sh", ["-c", `command -v ${program.split(" ")[0]}`]).status === 0;

/** What bash and the programs it runs print, run in `dir` with empty input. */
export function runIn(dir: string, command: string): string {
  const r = spawnSync("bash", ["-c", command], { cwd: dir, encoding: "utf8", input: "", timeout: 10_000 });
  return r.stdout + r.stderr;
}

/** permc floors the command, or names `secret`, or sees a path it cannot know. */
export function seesSecret(p: BashParser, command: string, dir: string, secret: string): boolean {
  const s = splitBash(p, command, { cwd: dir, home: dir });
  if (s.units.some((u) => u.floor !== undefined)) return true;
  if (s.ruleCandidates.some((c) => c.values.includes(secret))) return true;
  return s.pathPatterns.some((x) => x.forms.some((form) => form.some((seg) => seg.kind === "any")));
}

/**
 * Two builds' bash decisions side by side: `node dist/bench/bash-builds.js
 * OTHER_REPO` times `splitBash`+`decideBash` of bench/bash.ts's commands,
 * and of an everyday one whose paths exist (`cat README.md && ls src`),
 * through this build and through OTHER_REPO's `dist/` (a worktree of another
 * commit, built), with the bare tree-sitter parse beside them, in the same
 * interleaved rounds (bench/interleaved.ts), and prints each ratio. What a
 * change did to the speed of bash decisions is this ratio, not two runs of
 * bench/bash.ts, whose machine load differs from run to run. `--gate`
 * times each build's whole `gate.decide` (the path and external-directory
 * gates beside the split) instead.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chainedCommand, COMMAND_40, QUOTED_COMMAND } from "./bash.js";
import { interleavedMedians, nsOf } from "./interleaved.js";

const PERMISSION = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "git push --force*": "deny", "npm run *": "allow", "cd *": "allow", "tee *": "allow", "rm -rf *": "deny" },
  path: { "*.env": "deny", "~/.ssh/*": "deny" },
  external_directory: { "*": "ask", "/tmp/*": "allow" },
};

type Decide = (command: string) => unknown;

/** A repository's built bash decision, against the same policy compiled by that build. */
async function decisionOf(repo: string, dir: string, tag: string, home: string, wholeGate: boolean): Promise<{ decide: Decide; parse: Decide }> {
  const { compile } = await import(path.join(repo, "dist/compiler/pipeline.js"));
  const { createGate, loadPolicy } = await import(path.join(repo, "dist/runtime/index.js"));
  const { decideBash, getBashParser, splitBash } = await import(path.join(repo, "dist/runtime/bash/index.js"));
  const result = compile({
    inputs: [{ file: "bench.json", text: JSON.stringify({ permission: PERMISSION }), scope: "global", kind: "pi-json" }],
    target: { home, platform: "posix" },
    command: "permc compile bench.json",
  });
  if (result.moduleText === null) throw new Error(`${repo}: the bench policy did not compile`);
  const file = path.join(dir, `${tag}.mjs`);
  writeFileSync(file, result.moduleText);
  const policy = await loadPolicy(file, { home });
  if (policy.error) throw new Error(policy.error);
  const parser = await getBashParser();
  const gate = createGate(policy, { cwd: dir, home });
  return {
    decide: wholeGate
      ? (command) => gate.decide({ tool: "bash", input: { command } })
      : (command) => decideBash(command, splitBash(parser, command, { cwd: dir, home }), (t: string) => policy.check("bash", t)),
    parse: (command) => parser.parse(command)?.delete(),
  };
}

const wholeGate = process.argv.includes("--gate");
const other = process.argv.slice(2).find((a) => a !== "--gate");
if (other === undefined) {
  process.stderr.write("usage: node dist/bench/bash-builds.js OTHER_REPO [--gate] (a checkout of another commit, built)\n");
  process.exit(2);
}
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "permc-bench-builds-"));
// Files the everyday case names, so its paths exist: what a decision pays the file system for is part of its cost.
mkdirSync(path.join(dir, "src"));
writeFileSync(path.join(dir, "README.md"), "# x\n");
writeFileSync(path.join(dir, "src", "a.ts"), "export const a = 1;\n");
try {
  const home = "/home/bench";
  const mine = await decisionOf(here, dir, "this", home, wholeGate);
  const theirs = await decisionOf(path.resolve(other), dir, "other", home, wholeGate);
  const cases: Array<[string, string]> = [
    ["40 chars", COMMAND_40],
    ["plain", "git status --short"],
    ["quoted", QUOTED_COMMAND],
    ["files", "cat README.md && ls src"],
    ["1,200 chars", chainedCommand(1200)],
    // Where a cost that grows faster than the text shows (each run against every write: split/path-shadow.ts).
    ["20,000 chars", chainedCommand(20000)],
  ];
  for (const [label, command] of cases) {
    const ns = await interleavedMedians(
      [
        ["parse", () => mine.parse(command)],
        ["other", () => theirs.decide(command)],
        ["this", () => mine.decide(command)],
      ],
      { rounds: 15, timeMs: 50, warmMs: 800, smoke: false },
    );
    const [parse, before, after] = [nsOf(ns, "parse"), nsOf(ns, "other"), nsOf(ns, "this")];
    const us = (v: number) => `${(v / 1000).toFixed(1)} µs`;
    process.stdout.write(
      `${label.padEnd(12)} parse ${us(parse)}  other ${us(before)} (${(before / parse).toFixed(2)}×)  this ${us(after)} (${(after / parse).toFixed(2)}×)  this/other ${(after / before).toFixed(3)}\n`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

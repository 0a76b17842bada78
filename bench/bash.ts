/**
 * Bash gate cost next to the bare tree-sitter parse, measured side by side in
 * one run (absolute times drift on shared machines; ratios taken together hold).
 *
 * Three tasks per command:
 * - `parse`: `parser.parse(command)` + `tree.delete()`, the floor no analysis through tree-sitter can go below;
 * - `split+decide`: `splitBash` + `decideBash` against the compiled policy;
 * - `gate`: `createGate(...).decide({tool:"bash", input:{command}})`, every bash gate.
 * Commands: a typical 40-char command (COMMAND_40), a short plain command,
 * a quoted one with redirects, chained commands with quotes and redirects at 2,000 and
 * 20,000 chars (all of these take the plain-syntax path, no tree-sitter), the
 * 2,000-char chain with one `$((2**10))` at its end (a power, outside the
 * plain fragment, which sends the whole text through tree-sitter; `$((1))`
 * and later sums and products such as `$((1+2+3))` joined the fragment on
 * 2026-12-02), and hostile shapes: 200 nested `$(`, 400 units, one
 * 20,000-char word, and walks and reads a command makes permc do (links made
 * and read through, gzip bombs extracted, `git diff` over a large index, `rg`
 * in a project whose node_modules its .gitignore leaves out). The issue's goal: everything beyond the parse adds at
 * most 25 %, and the cost stays linear in the length.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import { compile } from "../compiler/pipeline.js";
import { decideBash, getBashParser, splitBash } from "../runtime/bash/index.js";
import { createGate, loadPolicy } from "../runtime/index.js";
import { interleavedMedians, nsOf } from "./interleaved.js";

/** A typical 40-character agent command: a `cd`, a `git push` with a flag and a pipe into `tee`. */
export const COMMAND_40 = "cd /srv/app && git push -q | tee log.txt";

/** An everyday command with double quotes and redirects (plain-syntax.ts builds its tree without tree-sitter). */
export const QUOTED_COMMAND = 'git commit -m "fix: the thing" && npm test 2>&1 | tail -20';

/** Whole `cd … && npm run build -- --filter "…" 2>&1 | tee -a …;` segments (a typical build chain), at most `length` chars. */
export function chainedCommand(length: number): string {
  let out = "";
  for (let i = 0; ; i++) {
    const segment = `${i === 0 ? "" : " "}cd pkg${i} && npm run build -- --filter "p${i}" 2>&1 | tee -a b${i}.log;`;
    if (out.length + segment.length > length) return out;
    out += segment;
  }
}

const PERMISSION = {
  "*": "ask",
  bash: {
    "*": "ask",
    "git *": "allow",
    "git push --force*": "deny",
    "npm run *": "allow",
    "cd *": "allow",
    "tee *": "allow",
    "rm -rf *": "deny",
    "sudo *": "deny",
  },
  path: { "*.env": "deny", "~/.ssh/*": "deny" },
  external_directory: { "*": "ask", "/tmp/*": "allow" },
};

/** A repository whose index lists `files` files (no work tree: `git update-index --index-info`), some named `.env`. */
function trackedRepository(dir: string, files: number): void {
  mkdirSync(dir);
  const git = (args: string[], input?: string) => {
    const run = spawnSync("git", args, { cwd: dir, input, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
    return run.stdout;
  };
  git(["init", "-q"]);
  const blob = git(["hash-object", "-w", "--stdin"], "x\n").trim();
  const lines = Array.from({ length: files }, (_, i) => `100644 ${blob} 0\tdir${i % 100}/sub${i % 7}/${i % 1000 === 0 ? ".env" : `file${i}.ts`}\n`);
  git(["update-index", "--add", "--index-info"], lines.join(""));
}

/** A work tree with `files` source files and a gitignored node_modules of `ignored` files, 100 to a directory. */
function gitignoredProject(dir: string, files: number, ignored: number): void {
  mkdirSync(path.join(dir, ".git"), { recursive: true });
  writeFileSync(path.join(dir, ".gitignore"), "node_modules\n");
  const fill = (under: string, count: number) => {
    for (let i = 0; i < count; i++) {
      const d = path.join(dir, under, `d${Math.floor(i / 100)}`);
      if (i % 100 === 0) mkdirSync(d, { recursive: true });
      writeFileSync(path.join(d, `f${i}.ts`), "");
    }
  };
  fill("src", files);
  fill("node_modules", ignored);
}

/** One command's p50 costs, µs. */
export interface BashPoint {
  readonly length: number;
  readonly parseUs: number;
  readonly splitUs: number;
  readonly gateUs: number;
}

/** `lengths` adds chained commands of those lengths to the two standard cases (for the chart). */
export async function benchBash(report: (name: string, value: string) => void, opts: { smoke: boolean; lengths?: readonly number[] }): Promise<BashPoint[]> {
  const points: BashPoint[] = [];
  const home = "/home/bench";
  // An agent's cwd exists; a missing one would add a realpath probe per missing ancestor.
  const cwd = mkdtempSync(path.join(os.tmpdir(), "permc-bench-bash-cwd-"));
  const result = compile({
    inputs: [{ file: "bench-bash.json", text: JSON.stringify({ permission: PERMISSION }), scope: "global", kind: "pi-json" }],
    target: { home, platform: "posix" },
    command: "permc compile bench-bash.json",
  });
  if (result.moduleText === null) throw new Error("bash bench policy did not compile");
  const file = path.join(cwd, "policy.mjs");
  writeFileSync(file, result.moduleText);
  const policy = await loadPolicy(file, { home });
  if (policy.error) throw new Error(policy.error);
  const parser = await getBashParser();
  const gate = createGate(policy, { cwd, home });
  const check = (text: string) => policy.check("bash", text);

  const cases: Array<[string, string]> = opts.smoke
    ? [
        ["40 chars", COMMAND_40],
        ["2,000 chars", chainedCommand(2000)],
      ]
    : [
        ["40 chars", COMMAND_40],
        ["plain", "git status --short"],
        ["quoted", QUOTED_COMMAND],
        // Issue 37 measures bash decide against the parse at 40 and at 1,200 characters.
        ["1,200 chars", chainedCommand(1200)],
        ["2,000 chars", chainedCommand(2000)],
        ["2,000 chars + one $((", `${chainedCommand(2000 - 17)} echo $((2**10))`],
        ["20,000 chars", chainedCommand(20_000)],
        ["hostile: 200 nested $(", `echo ${"$(".repeat(200)}x${")".repeat(200)}`],
        ["hostile: 400 units", Array.from({ length: 400 }, (_, i) => `ls a${i}`).join("; ")],
        // Links the command makes (symlink tracking, paths through them): one lookup per ancestor, not per link.
        [
          "hostile: 200 links made, then read through",
          `${Array.from({ length: 200 }, (_, i) => `ln -s -t d${i} /x${i}`).join("; ")}; ${Array.from({ length: 200 }, (_, i) => `cat d${i}/f`).join("; ")}`,
        ],
        // Links made, each then written under: every such write may land anywhere, so every run is floored (split/link-landing.ts).
        ["hostile: 200 links made, each written under", `${Array.from({ length: 200 }, (_, i) => `ln -s /x${i} d${i}; echo x > d${i}/f`).join("; ")}; ls`],
        ["hostile: 20,000-char word", `echo ${"a".repeat(20_000)}`],
        // Archives permc lists to name what an extraction writes: each inflates up to its cap, four a call.
        ["hostile: 4 gzip bombs extracted", Array.from({ length: 4 }, (_, i) => `tar xzf bomb${i}.tgz -C o${i}`).join("; ")],
        // git diff prints tracked files: permc reads the index and checks each file a path rule may read stricter.
        ["hostile: git diff, index of 20,000 files", "git -C repo diff"],
        // A code file written, then git in 400 repositories: each run may run its repository's hooks, probed in 16 at most.
        [
          "hostile: a write, then git in 400 repositories",
          `echo x > a.sh; ${Array.from({ length: 400 }, (_, i) => `(cd r${i % 20}/d${i} && git status)`).join("; ")}`,
        ],
        // rg leaves out what .gitignore names: permc lists the 1,500 files rg reads, not the 20,000 under node_modules.
        ["rg key in a project, 1,500 files + 20,000 gitignored", "cd project && rg key"],
      ];
  if (!opts.smoke) trackedRepository(path.join(cwd, "repo"), 20_000);
  if (!opts.smoke) for (let i = 0; i < 20; i++) mkdirSync(path.join(cwd, `r${i}`, ".git"), { recursive: true });
  if (!opts.smoke) gitignoredProject(path.join(cwd, "project"), 1_500, 20_000);
  if (!opts.smoke) for (let i = 0; i < 4; i++) writeFileSync(path.join(cwd, `bomb${i}.tgz`), gzipSync(Buffer.alloc(32 << 20)));
  // The plot asks for more lengths (decide against parse by length).
  for (const n of opts.lengths ?? []) cases.push([`${n.toLocaleString("en-US")} chars`, chainedCommand(n)]);
  for (const [label, command] of cases) {
    // Each case from a collected heap (npm run bench runs with --expose-gc): the sections before it leave garbage
    // (modules of 10,000 rules, the bombs written above) whose collection was charged to the case that ran next.
    (globalThis as { gc?: () => void }).gc?.();
    const long = command.length > 5_000;
    // The three tasks in the same rounds (bench/interleaved.ts): their ratios are what this section reports.
    const ns = await interleavedMedians(
      [
        ["parse", () => parser.parse(command)?.delete()],
        ["split+decide", () => decideBash(command, splitBash(parser, command, { cwd, home }), check)],
        ["gate", () => gate.decide({ tool: "bash", input: { command } })],
      ],
      { rounds: 11, timeMs: long ? 130 : 50, warmMs: 800, smoke: opts.smoke },
    );
    const p50 = (name: string): number => nsOf(ns, name) / 1000;
    const parse = p50("parse");
    const split = p50("split+decide");
    const whole = p50("gate");
    const us = (v: number) => `${v.toFixed(1)} µs`;
    report(`bash ${label} (${command.length}): parse p50`, us(parse));
    report(`bash ${label}: splitBash+decideBash p50`, `${us(split)} (${(split / parse).toFixed(2)}x parse)`);
    report(`bash ${label}: gate.decide p50`, `${us(whole)} (${(whole / parse).toFixed(2)}x parse)`);
    points.push({ length: command.length, parseUs: parse, splitUs: split, gateUs: whole });
  }
  rmSync(cwd, { recursive: true, force: true });
  return points;
}

// `node dist/bench/bash.js` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  await benchBash((name, value) => process.stdout.write(`${name.padEnd(52)} ${value}\n`), { smoke: process.argv.includes("--smoke") });
}

/**
 * `node dist/hunt/compare-builds.js OTHER_REPO [--seed N] [--budget N] [--answers]`: this
 * build's bash decisions beside another's (a worktree of another commit,
 * built), for a change that must not change a decision (a speed-up, a
 * refactor). Each build compiles the hunt's two policies with its own CLI and
 * decides, in one `permc eval` each, the same commands under the red-team
 * fixture and in the environment the hunt runs them in: the vectors' bash commands (under both policies), each generator's
 * cases for the seed, and the bench's commands. A command answered
 * differently is asked of both builds again, in the other order (a command
 * that walks the temp dir can see it change between two asks); what still
 * differs is printed, and the exit status is 1. `--answers` compares whole
 * answers (units, floors, reasons), not only actions: what a refactor of the
 * analysis must keep too.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chainedCommand, COMMAND_40, QUOTED_COMMAND } from "../bench/bash.js";
import { answerAll, compilePolicy, decideAll, permcBin } from "./decide.js";
import { FixturePaths, makeFixture, readFixtureSpec, repoRoot, runEnvironment } from "./fixture.js";
import type { PolicyName } from "./generate.js";
import { casesFor, GENERATORS } from "./hunt.js";

const USAGE = "usage: node dist/hunt/compare-builds.js OTHER_REPO [--seed N] [--budget N] [--answers]  (OTHER_REPO: a checkout of another commit, built)\n";

/** The vector files whose lines hold a bash command (as `command` or a bash call's `input.command`). */
const VECTOR_FILES = [
  "bash-decisions.jsonl",
  "bash-units.jsonl",
  "redteam-sample.jsonl",
  "redteam-3-sample.jsonl",
  "common-commands-sample.jsonl",
  "common-commands-3-sample.jsonl",
];

function vectorCommands(root: string): string[] {
  const out = new Set<string>();
  for (const file of VECTOR_FILES) {
    for (const line of readFileSync(path.join(root, "test", "fixtures", "vectors", file), "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const v = JSON.parse(line) as { command?: unknown; call?: { tool?: unknown; input?: { command?: unknown } } };
      const command = typeof v.command === "string" ? v.command : v.call?.input?.command;
      if (typeof command === "string") out.add(command);
    }
  }
  return [...out];
}

/** Every command to ask, by policy. */
function commandsByPolicy(root: string, seed: number, budget: number): Map<PolicyName, string[]> {
  const by = new Map<PolicyName, Set<string>>([
    ["P1", new Set()],
    ["P2", new Set()],
  ]);
  const shared = [...vectorCommands(root), COMMAND_40, QUOTED_COMMAND, "cat README.md && ls src", chainedCommand(1200), chainedCommand(20000)];
  for (const set of by.values()) for (const c of shared) set.add(c);
  for (const generator of GENERATORS) for (const c of casesFor(generator, seed, budget)) by.get(c.policy)?.add(c.command);
  return new Map([...by].map(([p, s]) => [p, [...s]]));
}

interface Build {
  readonly repo: string;
  readonly bin: string;
  readonly modules: Map<PolicyName, string>;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { seed: { type: "string", default: "7" }, budget: { type: "string", default: "400" }, answers: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const other = positionals[0];
  const seed = Number(values.seed);
  const budget = Number(values.budget);
  if (other === undefined || positionals.length !== 1 || !Number.isInteger(seed) || !Number.isInteger(budget) || budget < 0) {
    process.stderr.write(USAGE);
    return 2;
  }
  const root = repoRoot();
  const dir = mkdtempSync(path.join(os.tmpdir(), "permc-compare-builds-"));
  try {
    const paths = new FixturePaths(path.join(dir, "fx"));
    const spec = readFixtureSpec(root);
    makeFixture(spec, paths);
    const env = runEnvironment(spec, paths);
    const builds: Build[] = [];
    for (const [tag, repo] of [
      ["this", root],
      ["other", path.resolve(other)],
    ] as const) {
      const bin = permcBin(repo);
      // Each build's modules in a folder of its own: both name them after the policy.
      const at = path.join(dir, tag);
      mkdirSync(at);
      const modules = new Map<PolicyName, string>();
      for (const name of ["P1", "P2"] as const) modules.set(name, await compilePolicy(bin, at, name, paths));
      builds.push({ repo, bin, modules });
    }
    const [mine, theirs] = builds as [Build, Build];
    let asked = 0;
    const differ: string[] = [];
    for (const [policy, commands] of commandsByPolicy(root, seed, budget)) {
      asked += commands.length;
      const ask = (b: Build, cs: readonly string[]) => (values.answers ? answerAll : decideAll)(b.bin, b.modules.get(policy) as string, cs, paths, env);
      const [a, b] = [await ask(mine, commands), await ask(theirs, commands)];
      const suspects = commands.filter((_, i) => a[i] !== b[i]);
      if (suspects.length === 0) continue;
      const [b2, a2] = [await ask(theirs, suspects), await ask(mine, suspects)];
      suspects.forEach((c, i) => {
        if (a2[i] !== b2[i])
          differ.push(
            values.answers
              ? `[${policy}] ${JSON.stringify(c)}\n  this  ${a2[i]}\n  other ${b2[i]}`
              : `[${policy}] this ${a2[i]}, other ${b2[i]}: ${JSON.stringify(c)}`,
          );
      });
    }
    for (const line of differ) process.stdout.write(`${line}\n`);
    process.stdout.write(`${asked} decisions (seed ${seed}, budget ${budget} per generator); ${differ.length} differ\n`);
    return differ.length === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (status) => process.exit(status),
  (e: unknown) => {
    process.stderr.write(`compare-builds: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  },
);

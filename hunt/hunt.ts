/**
 * The hunt: generate, decide, run what is allowed, judge (docs/closed-world.md, "The hunt").
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { compilePolicy, decideAll, permcBin } from "./decide.js";
import { FixturePaths, type FixtureSpec, makeFixture, readFixtureSpec, repoRoot, runEnvironment } from "./fixture.js";
import { type Case, generate, type PolicyName } from "./generate.js";
import { type Evidence, judge, parseRecords } from "./judge.js";
import { generateEnvFuzz } from "./env-fuzz.js";
import { generateOptionFuzz } from "./option-fuzz.js";
import { generateRunFuzz } from "./run-fuzz.js";
import { missingTools, Slot } from "./sandbox.js";

export interface HuntOptions {
  readonly seed: number;
  /** Commands generated. */
  readonly budget: number;
  /** Commands run at once (at most 2). */
  readonly jobs?: number;
  /** Per command. */
  readonly timeoutMs?: number;
  /** Wall-clock budget for running: no command starts after it. */
  readonly maxSeconds?: number;
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * "classic" (generate.ts, the default), "options" (option-fuzz.ts: a denied file to every option of every installed
   * program with a record), "runs" (run-fuzz.ts: a denied command to the same options) or "env" (env-fuzz.ts: both to
   * every variable each installed program reads).
   */
  readonly generator?: GeneratorName;
}

export type GeneratorName = "classic" | "options" | "runs" | "env";
export const GENERATORS: readonly GeneratorName[] = ["classic", "options", "runs", "env"];

/** The cases a generator makes from a seed and a budget. */
export function casesFor(generator: GeneratorName, seed: number, budget: number): Case[] {
  if (generator === "classic") return generate(seed, budget);
  const PATH = new FixturePaths("/nonexistent").sub(readFixtureSpec().env.PATH);
  if (generator === "options") return generateOptionFuzz(seed, budget, PATH);
  return generator === "runs" ? generateRunFuzz(seed, budget, PATH) : generateEnvFuzz(seed, budget, PATH);
}

export interface Finding {
  readonly id: number;
  readonly policy: PolicyName;
  readonly command: string;
  readonly aim: string;
  readonly tricks: readonly string[];
  readonly evidence: readonly Evidence[];
}

export interface HuntResult {
  readonly seed: number;
  readonly generated: number;
  readonly allowed: number;
  readonly run: number;
  readonly actions: Record<string, number>;
  /** strace records read over all runs: a run that traced nothing proves nothing. */
  readonly records: number;
  readonly timedOut: number;
  readonly seconds: number;
  readonly findings: readonly Finding[];
}

/** A fixture, a sandbox slot per job, and a judge: what the hunt and its test's control commands run through. */
export class Bench {
  readonly dir: string;
  readonly paths: FixturePaths;
  readonly spec: FixtureSpec;
  readonly slots: Slot[];
  constructor(jobs: number) {
    this.dir = mkdtempSync(path.join(os.tmpdir(), "permc-hunt-"));
    this.paths = new FixturePaths(path.join(this.dir, "fx"));
    this.spec = readFixtureSpec();
    makeFixture(this.spec, this.paths);
    this.slots = Array.from({ length: jobs }, (_, i) => new Slot(path.join(this.dir, `slot${i}`), this.spec, this.paths));
    for (const s of this.slots) mkdirSync(s.dir, { recursive: true });
  }
  /** permc's action for each command under `policy` (the built CLI), decided in the environment the commands run in. */
  async decide(policy: PolicyName, commands: readonly string[]): Promise<string[]> {
    const bin = permcBin(repoRoot());
    const mod = await compilePolicy(bin, this.dir, policy, this.paths);
    return decideAll(bin, mod, commands, this.paths, runEnvironment(this.spec, this.paths));
  }
  /** Runs one case in `slot` and judges it: the findings and the number of strace records. */
  async runCase(
    c: Pick<Case, "command" | "policy" | "aim">,
    timeoutMs = 3000,
    slot = this.slots[0]!,
  ): Promise<{ evidence: Evidence[]; records: number; timedOut: boolean }> {
    const ran = await slot.run(c.command, timeoutMs);
    const records = parseRecords(ran.trace);
    const evidence = judge(records, { policy: c.policy, aim: c.aim, root: this.paths.root, copy: slot.copy, home: this.paths.home, cwd: this.paths.proj });
    return { evidence, records: records.length, timedOut: ran.timedOut };
  }
  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export async function runHunt(o: HuntOptions): Promise<HuntResult> {
  const missing = missingTools();
  if (missing !== null) throw new Error(missing);
  const started = Date.now();
  const jobs = Math.max(1, Math.min(2, o.jobs ?? 2));
  const timeoutMs = o.timeoutMs ?? 3000;
  // Before any set-up: a missing build is the first thing to say.
  permcBin(repoRoot());
  const cases = casesFor(o.generator ?? "classic", o.seed, o.budget);
  const bench = new Bench(jobs);
  try {
    const actions: Record<string, number> = {};
    const allowed: Case[] = [];
    for (const policy of ["P1", "P2"] as const) {
      const mine = cases.filter((c) => c.policy === policy);
      const decided = await bench.decide(
        policy,
        mine.map((c) => c.command),
      );
      mine.forEach((c, i) => {
        const a = decided[i]!;
        actions[a] = (actions[a] ?? 0) + 1;
        if (a === "allow") allowed.push(c);
      });
    }
    allowed.sort((a, b) => a.id - b.id);
    const findings: Finding[] = [];
    let next = 0;
    let run = 0;
    let records = 0;
    let timedOut = 0;
    const deadline = started + (o.maxSeconds ?? 1200) * 1000;
    await Promise.all(
      bench.slots.map(async (slot) => {
        while (next < allowed.length && Date.now() < deadline) {
          const c = allowed[next++]!;
          const r = await bench.runCase(c, timeoutMs, slot);
          run++;
          records += r.records;
          if (r.timedOut) timedOut++;
          if (r.evidence.length > 0) findings.push({ id: c.id, policy: c.policy, command: c.command, aim: c.aim, tricks: c.tricks, evidence: r.evidence });
          o.onProgress?.(run, allowed.length);
        }
      }),
    );
    findings.sort((a, b) => a.id - b.id);
    return {
      seed: o.seed,
      generated: cases.length,
      allowed: allowed.length,
      run,
      actions,
      records,
      timedOut,
      seconds: (Date.now() - started) / 1000,
      findings,
    };
  } finally {
    bench.dispose();
  }
}

export function summaryLine(r: HuntResult): string {
  return `hunt: ${r.generated} generated, ${r.allowed} allowed, ${r.run} run, ${r.findings.length} findings`;
}

/** The class a finding belongs to: what it aimed at and how (the path trick or program spelling, the construct). */
export function findingClass(f: Finding): string {
  return `${f.policy} ${f.tricks.filter((t) => !t.startsWith("via:")).join(" ")}`;
}

/**
 * `npm run bench` — side-by-side ratios in one process (absolute times drift on
 * shared machines; ratios measured together hold: every ratio's tasks run in
 * interleaved rounds, bench/interleaved.ts). `-- --json` for machine output,
 * `-- --smoke` for a tiny run that only proves the harness works, `-- --plot`
 * (or `--plot=FILE`) for the charts only: check() against rule count and bash
 * decide against the bare parse, written to docs/bench.svg.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import os from "node:os";
import path from "node:path";
import { Bench } from "tinybench";
import { compile } from "../compiler/pipeline.js";
import { loadPolicy, type Policy } from "../runtime/index.js";
import { carefulInterpreter, referenceStyle, type BenchRule } from "./baselines.js";
import { benchBash, type BashPoint } from "./bash.js";
import { benchColdStart } from "./cold-start.js";
import { benchHostHooks } from "./host-hooks.js";
import { HOSTILE_SHAPES } from "./hostile.js";
import { benchMixedShapes } from "./mixed-shapes.js";
import { benchPiFirstDecision } from "./pi-first-decision.js";
import { benchSandbox } from "./sandbox.js";
import { interleavedMedians, nsOf, type Task } from "./interleaved.js";
import { chartSvg } from "./plot.js";
import { generatePermission, SAMPLE_VALUES } from "./workloads.js";

const args = new Set(process.argv.slice(2));
const JSON_OUT = args.has("--json");
const PLOT_ARG = [...args].find((a) => a === "--plot" || a.startsWith("--plot="));
const SMOKE = args.has("--smoke");
/** Rounds for the side-by-side sections (bench/interleaved.ts): about 400 ms per task in all. */
const INTERLEAVED = { rounds: 13, timeMs: 30, warmMs: 100, smoke: SMOKE } as const;
/** A smoke run proves each section works: two timed calls per task instead of tinybench's 64 (and 16 warm-up). */
const SMOKE_RUNS = SMOKE ? { iterations: 2, warmupIterations: 1 } : {};
const WORK = mkdtempSync(path.join(os.tmpdir(), "permc-bench-"));
process.once("exit", () => rmSync(WORK, { recursive: true, force: true }));
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export interface Row {
  readonly name: string;
  readonly value: string;
}
const rows: Row[] = [];
const report = (name: string, value: string) => {
  rows.push({ name, value });
  if (!JSON_OUT) process.stdout.write(`${name.padEnd(58)} ${value}\n`);
};

async function compilePermission(permission: unknown): Promise<{ policy: Policy; compileMs: number; bytes: number; rules: BenchRule[] }> {
  const text = JSON.stringify({ permission });
  const started = performance.now();
  const result = compile({
    inputs: [{ file: "bench.json", text, scope: "global", kind: "pi-json" }],
    target: { home: "/home/bench", platform: "posix" },
    command: "permc compile bench.json",
  });
  const compileMs = performance.now() - started;
  if (result.moduleText === null) throw new Error("bench policy did not compile: " + result.diagnostics.map((d) => d.message).join("; "));
  const file = path.join(WORK, `p${rows.length}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, result.moduleText);
  const policy = await loadPolicy(file, { home: "/home/bench" });
  if (policy.error) throw new Error(policy.error);
  const rules = result.state.policy!.rules.map((r) => ({ surface: r.surface, pattern: r.pattern, action: r.action }));
  return { policy, compileMs, bytes: result.moduleText.length, rules };
}

async function medianNs(bench: Bench, name: string): Promise<number> {
  const task = bench.getTask(name);
  const latency = task?.result && "latency" in task.result ? task.result.latency : undefined;
  return (latency?.p50 ?? Number.NaN) * 1e6;
}

/** Runs `fn` over the sample values `batch` times per sample, so sub-µs calls are measurable. */
function batched(fn: (value: string) => unknown, batch: number): () => void {
  return () => {
    for (let i = 0; i < batch; i++) fn(SAMPLE_VALUES[i % SAMPLE_VALUES.length]!);
  };
}

/** ns per check() at one rule count; `reference` only where it finishes in time (≤ 1,000 rules). */
export interface CheckPoint {
  readonly rules: number;
  readonly permc: number;
  readonly careful: number;
  readonly reference?: number;
}

async function checkVsInterpreters(counts: readonly number[]): Promise<CheckPoint[]> {
  const BATCH = 60;
  const tasks: Task[] = [];
  /** Per count: calls per timed run of its careful and reference tasks. */
  const batches: Array<{ count: number; careful: number; reference: number | null }> = [];
  for (const count of counts) {
    const { policy, compileMs, bytes, rules } = await compilePermission(generatePermission(count));
    report(`compile ${count} rules`, `${compileMs.toFixed(0)} ms, module ${(bytes / 1024).toFixed(0)} KB`);
    const a = referenceStyle(rules);
    const b = carefulInterpreter(rules);
    const careful = count >= 10_000 ? 6 : BATCH;
    tasks.push([`permc ${count}`, batched((v) => policy.check("bash", v), BATCH)]);
    tasks.push([`careful ${count}`, batched((v) => b("bash", v), careful)]);
    // The reference-style interpreter takes seconds per call at 10,000 rules.
    if (count <= 1000) tasks.push([`reference ${count}`, batched((v) => a("bash", v), 6)]);
    batches.push({ count, careful, reference: count <= 1000 ? 6 : null });
  }
  // Every count and interpreter in the same rounds, so the growth ratio compares like with like.
  const ns = await interleavedMedians(tasks, INTERLEAVED);
  const points: CheckPoint[] = [];
  for (const { count, careful: carefulBatch, reference: referenceBatch } of batches) {
    const permc = nsOf(ns, `permc ${count}`) / BATCH;
    const careful = nsOf(ns, `careful ${count}`) / carefulBatch;
    report(`check() at ${count} rules`, `${permc.toFixed(0)} ns/call`);
    report(`  vs careful interpreter (b)`, `${(careful / permc).toFixed(1)}× faster`);
    let reference: number | undefined;
    if (referenceBatch !== null) {
      reference = nsOf(ns, `reference ${count}`) / referenceBatch;
      report(`  vs reference-style interpreter (a)`, `${(reference / permc).toFixed(0)}× faster`);
    }
    points.push({ rules: count, permc, careful, ...(reference !== undefined ? { reference } : {}) });
  }
  const first = points[0]!;
  const last = points[points.length - 1]!;
  report(`check() growth ${first.rules} → ${last.rules} rules`, `${(last.permc / first.permc).toFixed(2)}×`);
  return points;
}

/**
 * Issue 13 goal 1: every rule shape at 10,000 rules compiles in seconds and
 * check() stays near its 10-rule cost. Each shape's big and small rule sets
 * are timed side by side on the same values (some match the shape, some a
 * prefix rule, some nothing).
 */
async function hostileShapes(count: number): Promise<void> {
  for (const shape of HOSTILE_SHAPES) {
    const small = await compilePermission(shape.permission(10));
    const big = await compilePermission(shape.permission(count));
    const BATCH = 60;
    const run = (policy: Policy) => () => {
      for (let i = 0; i < BATCH; i++) policy.check("bash", shape.values[i % shape.values.length]!);
    };
    const ns = await interleavedMedians(
      [
        ["small", run(small.policy)],
        ["big", run(big.policy)],
      ],
      INTERLEAVED,
    );
    const s = nsOf(ns, "small") / BATCH;
    const b = nsOf(ns, "big") / BATCH;
    report(`${shape.name}`, "");
    report(`  compile ${count} rules`, `${(big.compileMs / 1000).toFixed(2)} s, module ${(big.bytes / 1024).toFixed(0)} KB`);
    report(`  check() ${count} vs 10 rules`, `${b.toFixed(0)} ns vs ${s.toFixed(0)} ns (${(b / s).toFixed(2)}×)`);
  }
}

async function allocation(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    report("bytes per check()", "skipped (run with --expose-gc)");
    return;
  }
  const { policy } = await compilePermission(generatePermission(50));
  const calls = SMOKE ? 10_000 : 1_000_000;
  for (let i = 0; i < 10_000; i++) policy.check("bash", SAMPLE_VALUES[i % SAMPLE_VALUES.length]!);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < calls; i++) policy.check("bash", SAMPLE_VALUES[i % SAMPLE_VALUES.length]!);
  const after = process.memoryUsage().heapUsed;
  report("bytes per check() (heap delta / calls, no gc between)", `${Math.max(0, (after - before) / calls).toFixed(3)} B`);
}

async function pathological(): Promise<void> {
  const hostile = "*a*a*a*a*a*a*b";
  const { policy } = await compilePermission({ bash: { "*": "ask", [hostile]: "deny" } });
  // Same length, one star: it too must scan the whole value before it knows the answer.
  const { policy: plain } = await compilePermission({ bash: { "*": "ask", ["*" + "a".repeat(hostile.length - 2) + "b"]: "deny" } });
  const value = "a".repeat(SMOKE ? 50 : 5000);
  const ns = await interleavedMedians(
    [
      ["hostile", () => policy.check("bash", value)],
      ["plain", () => plain.check("bash", value)],
    ],
    INTERLEAVED,
  );
  const h = nsOf(ns, "hostile");
  const p = nsOf(ns, "plain");
  report(`permc ${hostile} vs ${value.length} a's`, `${(h / 1000).toFixed(1)} µs (${(h / p).toFixed(2)}× a plain pattern)`);
  const regexN = SMOKE ? 12 : 24;
  const started = performance.now();
  new RegExp("^" + hostile.split("*").join(".*") + "$", "s").test("a".repeat(regexN));
  const regexMs = performance.now() - started;
  report(`V8 regex ${hostile} vs only ${regexN} a's`, `${regexMs.toFixed(1)} ms (grows ~n^7; 5,000 a's does not finish)`);
}

/** The watch loop's cost: the compiler is warm, only the passes run. */
async function exampleRecompile(): Promise<void> {
  const file = path.join("examples", "policy.json");
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const request = {
    inputs: [{ file, text, scope: "global" as const, kind: "pi-json" as const }],
    target: { home: "/home/user", platform: "posix" as const },
    command: "permc watch",
  };
  compile(request);
  const bench = new Bench({ ...SMOKE_RUNS, time: SMOKE ? 5 : 1000, warmupTime: SMOKE ? 1 : 200 });
  bench.add("recompile", () => {
    if (compile(request).moduleText === null) throw new Error("example did not compile");
  });
  await bench.run();
  report("watch recompile of examples/policy.json (warm, p50)", `${((await medianNs(bench, "recompile")) / 1e6).toFixed(1)} ms`);
}

/** A 2,000-line `.perm` policy through the whole warm pipeline, as watch mode recompiles it. */
async function dslRecompile(): Promise<void> {
  const lines = ["scope global", "default ask", 'bash "*" ask'];
  const permission = generatePermission(SMOKE ? 50 : 2500) as { bash: Record<string, string>; read: Record<string, string> };
  for (const [pattern, action] of Object.entries(permission.bash)) if (pattern !== "*") lines.push(`bash ${JSON.stringify(pattern)} ${action}`);
  for (const [pattern, action] of Object.entries(permission.read)) lines.push(`read ${JSON.stringify(pattern)} ${action}`);
  const text = lines.join("\n") + "\n";
  const request = {
    inputs: [{ file: "big.perm", text, scope: "global" as const, kind: "perm-dsl" as const }],
    target: { home: "/home/user", platform: "posix" as const },
    command: "permc watch",
  };
  const first = compile(request);
  if (first.moduleText === null)
    throw new Error(
      "bench .perm did not compile: " +
        first.diagnostics
          .slice(0, 3)
          .map((d) => d.message)
          .join("; "),
    );
  const bench = new Bench({ ...SMOKE_RUNS, time: SMOKE ? 5 : 2000, warmupTime: SMOKE ? 1 : 200 });
  bench.add("perm", () => compile(request));
  await bench.run();
  report(`watch recompile of a ${lines.length}-line .perm policy (warm, p50)`, `${((await medianNs(bench, "perm")) / 1e6).toFixed(0)} ms`);
}

/** Each load reads, parses (the module is data, never imported), hashes and validates a distinct copy. */
async function moduleLoad(): Promise<void> {
  const text = readFileSync(path.join(ROOT, "generated", "example-policy.mjs"), "utf8");
  const copies = SMOKE ? 3 : 40;
  const times: number[] = [];
  for (let i = 0; i < copies; i++) {
    const file = path.join(WORK, `load-${i}.mjs`);
    writeFileSync(file, text.replace("// command: ", `// command: (copy ${i}) `));
    const started = performance.now();
    const policy = await loadPolicy(file, { home: "/home/user" });
    times.push(performance.now() - started);
    if (policy.error) throw new Error(policy.error);
  }
  times.sort((a, b) => a - b);
  report("loadPolicy() of the example module (median of fresh copies)", `${times[times.length >> 1]!.toFixed(2)} ms`);
}

/** Peak resident memory of a whole compile in a fresh process, per rule count. */
function compileMemory(counts: readonly number[]): void {
  for (const count of counts) {
    const script = [
      `import { compile } from ${JSON.stringify(path.join(ROOT, "dist", "compiler", "pipeline.js"))};`,
      `import { generatePermission } from ${JSON.stringify(path.join(ROOT, "dist", "bench", "workloads.js"))};`,
      `const text = JSON.stringify({ permission: generatePermission(${count}) });`,
      `const r = compile({ inputs: [{ file: "b.json", text, scope: "global", kind: "pi-json" }], target: { home: "/h", platform: "posix" }, command: "x" });`,
      `if (r.moduleText === null) process.exit(1);`,
      `process.stdout.write(String(process.resourceUsage().maxRSS));`,
    ].join("\n");
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    report(
      `compile ${count} rules: peak RSS of the process`,
      r.status === 0 ? `${(Number(r.stdout) / 1024).toFixed(0)} MB` : `failed: ${r.stderr.slice(0, 80)}`,
    );
  }
}

function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}`;
}

/** The two charts, measured side by side as the rows are. */
async function plot(file: string): Promise<void> {
  const check = await checkVsInterpreters(SMOKE ? [10, 50] : [10, 50, 200, 1000, 10_000]);
  const bash: BashPoint[] = await benchBash(report, { smoke: SMOKE, lengths: SMOKE ? [] : [250, 1000] });
  const byLength = [...bash].sort((a, b) => a.length - b.length);
  const svg = chartSvg(
    [
      {
        title: "check() cost against rule count",
        xLabel: "rules in the policy (bash)",
        yLabel: "ns per call (p50)",
        series: [
          { name: "permc (compiled DFA)", color: "#2060c0", points: check.map((p) => [p.rules, p.permc] as const) },
          { name: "careful interpreter (b)", color: "#d08000", points: check.map((p) => [p.rules, p.careful] as const) },
          {
            name: "reference-style interpreter (a)",
            color: "#c03030",
            points: check.flatMap((p) => (p.reference !== undefined ? [[p.rules, p.reference] as const] : [])),
          },
        ],
      },
      {
        title: "bash: decide against the bare parse",
        xLabel: "command length (characters)",
        yLabel: "µs per command (p50)",
        series: [
          { name: "tree-sitter parse alone", color: "#808080", points: byLength.map((p) => [p.length, p.parseUs] as const) },
          { name: "splitBash + decideBash", color: "#2060c0", points: byLength.map((p) => [p.length, p.splitUs] as const) },
          { name: "gate.decide (whole call)", color: "#20a060", points: byLength.map((p) => [p.length, p.gateUs] as const) },
        ],
      },
    ],
    `npm run bench -- --plot · ${machine()} · Node ${process.version} · one run, side by side`,
  );
  writeFileSync(file, svg);
  if (!JSON_OUT) process.stdout.write(`wrote ${file}\n`);
}

async function main(): Promise<void> {
  if (PLOT_ARG !== undefined) {
    await plot(PLOT_ARG.includes("=") ? path.resolve(PLOT_ARG.slice("--plot=".length)) : path.join(ROOT, "docs", "bench.svg"));
    if (JSON_OUT) process.stdout.write(JSON.stringify({ machine: machine(), node: process.version, rows }, null, 2) + "\n");
    return;
  }
  await checkVsInterpreters(SMOKE ? [10, 50] : [10, 50, 1000, 10_000]);
  await hostileShapes(SMOKE ? 200 : 10_000);
  await benchMixedShapes(report, SMOKE ? 200 : 10_000, INTERLEAVED);
  await allocation();
  await pathological();
  await benchBash(report, { smoke: SMOKE });
  await exampleRecompile();
  await dslRecompile();
  await moduleLoad();
  compileMemory(SMOKE ? [10] : [50, 1000, 10_000]);
  benchColdStart(report, { smoke: SMOKE });
  benchPiFirstDecision(report, { smoke: SMOKE });
  await benchHostHooks(report, WORK, { ...INTERLEAVED, timeMs: 200, warmMs: 200 });
  await benchSandbox(report, WORK, ROOT, { ...INTERLEAVED, timeMs: 200, warmMs: 200 });
  if (JSON_OUT) process.stdout.write(JSON.stringify({ machine: machine(), node: process.version, rows }, null, 2) + "\n");
}

await main();

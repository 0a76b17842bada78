/**
 * Tasks timed side by side: rounds in which each task gets one short
 * tinybench run in turn, and per task the median of its rounds' medians.
 *
 * Why not one tinybench run of all tasks: tinybench times a task's whole
 * budget before it starts the next, so on a shared machine, whose load
 * drifts over seconds with other tenants' jobs, task A and task B are
 * measured under different loads, and their ratio carries the drift. On
 * 2026-12-02 one `npm run bench` gave check() 2.58× slower at 10,000 rules
 * than at 10 (each count run on its own, one after the other), where the
 * same build measured 1.07–1.17× with the counts interleaved, three times
 * in a row. In rounds every task sees the same drift; a round runs the
 * tasks in the opposite order from the one before, so none always goes
 * first after a switch.
 */
import { Bench } from "tinybench";
import { median } from "./median.js";

export interface InterleavedOptions {
  /** Rounds per task (1 in a smoke run). */
  readonly rounds: number;
  /** Time per task per round, ms. */
  readonly timeMs: number;
  /**
   * Untimed time per task before the first round, ms: long enough for V8 to
   * optimise what the task runs. The bash analysis takes about 2,000 calls
   * to come down from ~500 µs a call to its steady ~50 µs (40 chars).
   */
  readonly warmMs: number;
  /** A smoke run: one round, one call per task (it proves each task runs: a host's hook is a process a call). */
  readonly smoke: boolean;
}

export type Task = readonly [name: string, run: () => unknown];

/** Per task name, the median over rounds of its p50 latency, in ns per call of its function. */
export async function interleavedMedians(tasks: readonly Task[], options: InterleavedOptions): Promise<Map<string, number>> {
  const rounds = options.smoke ? 1 : options.rounds;
  const samples = new Map<string, number[]>(tasks.map(([name]) => [name, []]));
  // One untimed pass first, so the rounds time optimised code for every task alike.
  // tinybench runs a task until both its time and its iterations are reached: one iteration at least, so a
  // task of hundreds of milliseconds (the bash section's git index) takes one call a round, not 64.
  if (!options.smoke) await runRound(tasks, { time: options.warmMs, iterations: 1, warmup: false });
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? tasks : [...tasks].reverse();
    const p50s = await runRound(
      order,
      options.smoke ? { iterations: 1, time: 0, warmup: false } : { time: options.timeMs, iterations: 1, warmupTime: 5, warmupIterations: 1 },
    );
    for (const [name, p50] of p50s) samples.get(name)?.push(p50);
  }
  const medians = new Map<string, number>();
  for (const [name, xs] of samples) medians.set(name, median(xs));
  return medians;
}

async function runRound(tasks: readonly Task[], bench: ConstructorParameters<typeof Bench>[0]): Promise<Map<string, number>> {
  const p50s = new Map<string, number>();
  // One Bench per task: tinybench would otherwise run them in its own order.
  for (const [name, run] of tasks) {
    const b = new Bench(bench);
    b.add(name, run);
    await b.run();
    const result = b.getTask(name)?.result;
    const latency = result !== undefined && "latency" in result ? result.latency : undefined;
    p50s.set(name, (latency?.p50 ?? Number.NaN) * 1e6);
  }
  return p50s;
}

/** The task's median in ns per call, or an error naming it (a typo in a task name must not print NaN). */
export function nsOf(medians: ReadonlyMap<string, number>, name: string): number {
  const ns = medians.get(name);
  if (ns === undefined) throw new Error(`no timing for bench task ${name}`);
  return ns;
}

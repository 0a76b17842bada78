/**
 * The discovery's sandbox (env-reads.ts, env-uses.ts, startup-reads.ts): one
 * program at a time in the hunt's unprivileged bubblewrap, in a working
 * directory of its own, two programs side by side.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bwrapArgs, type Ran, runBwrap } from "./sandbox.js";

/** The discovery's working directory inside the sandbox, where the shim logs (getenv-log.c's LOG). */
export const SANDBOX_DIR = "/tmp/permc-getenv";

/** What a program run in the discovery's sandbox printed (stdout and stderr, the first 4 KiB) and how it ended. */
export type SandboxRun = Omit<Ran, "trace">;

/**
 * Runs `argv` in the discovery's sandbox: `work` (emptied first, holding `notes.txt`, then what `prepare` adds) is
 * the working directory, bound at SANDBOX_DIR; the environment is the hunt's.
 */
export function runInSandbox(argv: readonly string[], work: string, PATH: string, timeoutMs: number, prepare?: (work: string) => void): Promise<SandboxRun> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, "notes.txt"), "x\n");
  prepare?.(work);
  const args = [...bwrapArgs("/", "/", "/tmp"), "--bind", work, SANDBOX_DIR, "--chdir", SANDBOX_DIR, "--", ...argv];
  const env = { PATH, HOME: SANDBOX_DIR, LANG: "C", TMPDIR: "/tmp", USER: "nobody" };
  return runBwrap(args, env, timeoutMs);
}

/** How a discovery is run: parallel slots (at most two, the machine's cores), each run's timeout, progress. */
export interface DiscoveryOptions {
  readonly jobs?: number;
  readonly timeoutMs?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Asks each of `names` with `ask`, two at a time, each slot with a working directory of its own under `dir`:
 * every name's answers, deduplicated and sorted, by name in order.
 */
export async function askEachProgram(
  names: readonly string[],
  dir: string,
  ask: (name: string, work: string) => Promise<Iterable<string>>,
  o: DiscoveryOptions = {},
): Promise<Record<string, string[]>> {
  const sorted = [...names].sort();
  const out: Record<string, string[]> = {};
  let next = 0;
  const jobs = Math.max(1, Math.min(2, o.jobs ?? 2));
  await Promise.all(
    Array.from({ length: jobs }, async (_, slot) => {
      const work = path.join(dir, `slot${slot}`);
      while (next < sorted.length) {
        const name = sorted[next++] as string;
        out[name] = [...new Set(await ask(name, work))].sort();
        o.onProgress?.(Object.keys(out).length, sorted.length);
      }
    }),
  );
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

import { spawnSync } from "node:child_process";
import path from "node:path";
import { Readable } from "node:stream";
import { runCli } from "../../cli/run.js";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const BIN = path.join(ROOT, "dist", "bin", "permc.js");

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** What the command reads on stdin. */
  readonly input?: string;
  /** A stream to read stdin from instead (a test of how the command reads it). */
  readonly stdinStream?: Readable;
  /** Pretend stdin is a terminal. */
  readonly tty?: boolean;
  /** Variables set for the call (undefined deletes one); NO_COLOR=1 unless given. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly signal?: AbortSignal;
  /** Filled as the command writes, for watching a long-running one (watch) while it runs. */
  readonly live?: { stdout: string; stderr: string };
}

/**
 * Runs a permc command line in this process, as the executable would, with
 * cwd at the repository root: output captured, environment set for the call.
 * Fast (no node start, compiler loaded once per test file); use
 * `permcProcess` only where the process boundary is the subject.
 */
export async function permc(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const writeOut = process.stdout.write;
  const writeErr = process.stderr.write;
  const cwd = process.cwd();
  const env = { NO_COLOR: "1", ...options.env };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const capture = (append: (s: string) => void) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      append(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  const stdin = Object.assign(options.stdinStream ?? Readable.from(options.input === undefined ? [] : [options.input]), { isTTY: options.tty === true });
  const live = options.live;
  process.stdout.write = capture((s) => {
    stdout += s;
    if (live) live.stdout += s;
  });
  process.stderr.write = capture((s) => {
    stderr += s;
    if (live) live.stderr += s;
  });
  for (const [k, v] of Object.entries(env)) setEnv(k, v);
  process.chdir(ROOT);
  try {
    const status = await runCli(args, { stdin, ...(options.signal ? { signal: options.signal } : {}) });
    return { status, stdout, stderr };
  } finally {
    process.stdout.write = writeOut;
    process.stderr.write = writeErr;
    for (const [k, v] of Object.entries(saved)) setEnv(k, v);
    process.chdir(cwd);
  }
}

function setEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** Runs the built executable (npm test builds dist/ first): for what only a real process shows (exit codes, signals, stdin). */
export function permcProcess(args: readonly string[], input?: string, env: NodeJS.ProcessEnv = {}, cwd = ROOT): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: "utf8",
    cwd,
    env: { ...process.env, NO_COLOR: "1", ...env },
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

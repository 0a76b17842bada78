/**
 * The discovery's sandbox (env-reads.ts, env-uses.ts): one program at a time
 * in the hunt's unprivileged bubblewrap, in a working directory of its own.
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

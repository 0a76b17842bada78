/**
 * The entry of the hook's own bundle: scripts/bundle-cli.mjs builds this file
 * and everything it imports (the runtime, the bash analysis) as one CommonJS
 * file, dist/bin/permc-hook.cjs, which cli/cached-hook.ts runs from V8's
 * code cache. It decides exactly as `runHook` does (the same functions); only
 * the way it is loaded and how it reads stdin differ. `permc eval` runs from
 * it too (evalMain), as the command table would run it.
 */
import { readSync, writeSync } from "node:fs";
import { runEval } from "./eval-command.js";
import { EVAL_HELP } from "./help.js";
import { decideHook, finishHook, readAll, type HookOutput, type HookRun } from "./hook-command.js";
import { runCommand } from "./run-command.js";

export { decideHook };

/**
 * `permc eval` as the bin runs it (argv after `eval`): a per-call user (a
 * script, CI, another agent's hook) pays the load of the runtime every time,
 * and from this bundle that load is V8's code cache, not the ES module
 * loader and the bin's chunks.
 */
export function evalMain(argv: readonly string[]): Promise<number> {
  return runCommand("eval", EVAL_HELP, () => runEval, argv, { stdin: process.stdin });
}

/** One hook call, as the bin runs it: argv after `hook`; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  return finishHook(await decideHook(argv, readStdin), DIRECT_OUTPUT);
}

/** Decides without printing (the cache warm-up at build time). */
export function decideQuietly(argv: readonly string[], stdinText: string): Promise<HookRun> {
  return decideHook(argv, () => stdinText);
}

const CHUNK = 64 * 1024;

/**
 * All of stdin, read with plain read(2) calls: cheaper than starting a
 * stream for one small JSON document. A stdin left non-blocking by the parent
 * answers EAGAIN before its data arrives; then the stream reads the rest,
 * after the bytes already read.
 */
function readStdin(): string | Promise<string> {
  const chunks: Buffer[] = [];
  for (;;) {
    const buffer = Buffer.allocUnsafe(CHUNK);
    let n: number;
    try {
      n = readSync(0, buffer, 0, CHUNK, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") return readAll(process.stdin, chunks);
      if (code === "EOF") break; // Windows: the pipe's writer closed it
      throw e;
    }
    if (n === 0) break;
    chunks.push(buffer.subarray(0, n));
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Writes `text` with write(2) calls: process.stdout and process.stderr load
 * Node's net and stream modules when first touched. A pipe the parent left
 * non-blocking may answer EAGAIN when full; the stream writes the rest. A
 * closed pipe (EPIPE) has no reader to tell.
 */
function writeDirectly(fd: 1 | 2, text: string): void {
  if (text === "") return;
  const bytes = Buffer.from(text, "utf8");
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EPIPE") return;
    if (code !== "EAGAIN") throw e;
    (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(done));
  }
}

const DIRECT_OUTPUT: HookOutput = { stdout: (text) => writeDirectly(1, text), stderr: (text) => writeDirectly(2, text) };

/**
 * What a program does with a variable it reads (the discovery's second step,
 * docs/closed-world.md "The env fuzz"): the env fuzz hands each variable a
 * command and a file, which finds a variable that runs what it holds or opens
 * it. Two more uses need no target to show, and two probes find them:
 *
 * - **options**: the program's output with `NAME=--version` differs from its
 *   output with `NAME=x`, which is the same twice (so the output is not the
 *   time of day): it reads options from the variable, as xz reads `XZ_OPT`
 *   and zip `ZIP` (`-TT cmd` runs cmd).
 * - **directory**: with `NAME` set to an empty directory, the program looks
 *   for something under it (strace: an open, exec, stat or access of a path
 *   below it): it reads configuration, data or code from there, as tclsh
 *   sources `$TCL_LIBRARY/init.tcl` and valgrind execs its tool from
 *   `$VALGRIND_LIB`.
 * - **command**: handed a name no other program has (alone, and after a
 *   `|`), the program runs it (strace: an exec of that name), as
 *   gcloud's launcher execs `$CLOUDSDK_PYTHON` and zgrep evals `$GREP`: the
 *   whole of what the env fuzz's first round asks, for every pair at once.
 * - **module**: a Python program handed a module name no package has
 *   imports it (the Python hook logs the import), as pytest imports the
 *   plugins `PYTEST_PLUGINS` names and flask the application `FLASK_APP`
 *   names. Python looks a missing module up in directory listings it
 *   caches, so strace sees no lookup of the name.
 *
 * Each use found is a fact a test holds the knowledge base to
 * (test/hunt/env-uses.test.ts): the variable is a hijack variable, or its use
 * is reviewed as harmless in hunt/data/reviewed-variables.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runInSandbox, SANDBOX_DIR } from "./discovery-sandbox.js";
import { hookLog, installPythonHook, PROBE_MODULE, PYTHON_HOOK } from "./python-hook.js";
import { STRACE } from "./sandbox.js";

export type EnvUse = "options" | "directory" | "command" | "module";

/** The empty directory a variable is handed in the directory probe. */
export const PROBE_DIR = `${SANDBOX_DIR}/probe.d`;
/** System calls that name a path a program looks for. */
const LOOKUPS = "open,openat,openat2,execve,execveat,access,faccessat,faccessat2,stat,lstat,newfstatat,statx";

/**
 * The uses `program` makes of `name`, from seven runs in the sandbox (each with an everyday operand), and an eighth
 * when `python` (the program runs Python: pythonRuns).
 */
export async function probeEnvUse(program: string, name: string, work: string, PATH: string, timeoutMs: number, python = false): Promise<EnvUse[]> {
  const uses: EnvUse[] = [];
  const run = (value: string) => runInSandbox(["/usr/bin/env", `${name}=${value}`, program, "notes.txt"], work, PATH, timeoutMs);
  const plain = await run("x");
  const again = await run("x");
  const options = await run("--version");
  // A message that quotes the value (`invalid width in COLUMNS: 'x'`) is the same message; a time it took is no use.
  const shown = withoutNumbers(options.output.replaceAll("--version", "x"));
  const plainOutput = withoutNumbers(plain.output);
  if (
    !plain.timedOut &&
    plainOutput === withoutNumbers(again.output) &&
    plain.status === again.status &&
    (shown !== plainOutput || options.status !== plain.status)
  )
    uses.push("options");
  const traced = (value: string) => tracedRun(program, name, value, work, PATH, timeoutMs);
  // Beside the working directory's other files, the probe directory is looked in by a program that walks it (pytest
  // collects tests there): only what the program looks for under it when the variable names it counts.
  if (looksUnderProbe(await traced("x"), await traced(PROBE_DIR))) uses.push("directory");
  // A program named by itself, or a `|` command (Perl's two-argument open): an exec of the probe's name, found or not.
  for (const value of [PROBE_COMMAND, `|${PROBE_COMMAND}`]) {
    if (EXEC_OF_PROBE.test(await traced(value))) {
      uses.push("command");
      break;
    }
  }
  if (python && (await importsNamedModule(program, name, work, PATH, timeoutMs))) uses.push("module");
  return uses;
}

/** Whether the Python program `program`, with `name` set to a module name no package has, imports that module. */
export async function importsNamedModule(program: string, name: string, work: string, PATH: string, timeoutMs: number): Promise<boolean> {
  await runInSandbox(["/usr/bin/env", PYTHON_HOOK, `${name}=${PROBE_MODULE}`, program, "notes.txt"], work, PATH, timeoutMs, installPythonHook);
  return hookLog(work).some((line) => line.startsWith("import:"));
}

/** Whether `program`, run with an everyday operand, starts Python (the hook logs its start): the module probe's runs. */
export async function pythonRuns(program: string, work: string, PATH: string, timeoutMs: number): Promise<boolean> {
  await runInSandbox(["/usr/bin/env", PYTHON_HOOK, program, "notes.txt"], work, PATH, timeoutMs, installPythonHook);
  return hookLog(work).includes("python:started");
}

/** Output with each run of digits as one `0`: a duration or a count of calls differs from run to run. */
function withoutNumbers(output: string): string {
  return output.replace(/\d+/g, "0");
}

/** The paths below the probe directory a trace shows a program looking for. */
function lookupsUnderProbe(trace: string): Set<string> {
  return new Set(trace.match(new RegExp(`"${PROBE_DIR.replaceAll(".", "\\.")}/[^"]*"`, "g")) ?? []);
}

/** Whether the run with the variable naming the probe directory looked for a path below it that the control run did not. */
export function looksUnderProbe(control: string, probed: string): boolean {
  const before = lookupsUnderProbe(control);
  return [...lookupsUnderProbe(probed)].some((p) => !before.has(p));
}

/** The probe's command: a name no program has, so an exec of it is the variable's doing (a script that exits 0). */
const PROBE_COMMAND = "permc-probe-command";
// Anywhere in the path: pg_wrapper's `open(F, "$PGSYSCONFDIR/user_clusters")` runs `|permc-probe-command/user_clusters`.
const EXEC_OF_PROBE = new RegExp(`execve\\("[^"]*${PROBE_COMMAND}`);

/** strace's record of `program` run with `name=value` (and the probe directory made, empty): the lookups it made. */
async function tracedRun(program: string, name: string, value: string, work: string, PATH: string, timeoutMs: number): Promise<string> {
  const argv = [
    STRACE,
    "-f",
    "-qq",
    "-e",
    `trace=${LOOKUPS}`,
    "-e",
    "signal=none",
    "-o",
    `${SANDBOX_DIR}/trace`,
    "/usr/bin/env",
    `${name}=${value}`,
    program,
    "notes.txt",
  ];
  // The probe's command is there to be found (bash runs no exec for a name it cannot find on PATH): first on PATH.
  await runInSandbox(argv, work, `${SANDBOX_DIR}:${PATH}`, timeoutMs, (w) => {
    mkdirSync(path.join(w, "probe.d"));
    writeFileSync(path.join(w, PROBE_COMMAND), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  });
  try {
    return readFileSync(path.join(work, "trace"), "utf8");
  } catch {
    return ""; // strace could not start: no use found.
  }
}

/** More programs than this read a name: a library's (locale, OpenSSL, Python's start-up); its use is probed through this many. */
const LIBRARY_PROBES = 3;

/**
 * The (program, name) pairs worth probing: every name a program reads but a hijack variable (floored whatever its
 * use), a library's name through its first few programs only.
 */
export function pairsToProbe(programs: Readonly<Record<string, readonly string[]>>, skip: (name: string) => boolean): Array<[string, string]> {
  const seen = new Map<string, number>();
  const out: Array<[string, string]> = [];
  for (const [program, names] of Object.entries(programs)) {
    for (const name of names) {
      if (skip(name)) continue;
      const n = seen.get(name) ?? 0;
      seen.set(name, n + 1);
      if (n < LIBRARY_PROBES) out.push([program, name]);
    }
  }
  return out;
}

/** The uses of each pair, two probes at a time; only pairs with a use are in the answer. */
export async function probeEnvUses(
  pairs: ReadonlyArray<readonly [string, string]>,
  PATH: string,
  o: { jobs?: number; timeoutMs?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<Record<string, Record<string, EnvUse[]>>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "permc-env-uses-"));
  const out: Record<string, Record<string, EnvUse[]>> = {};
  let next = 0;
  let done = 0;
  const runsPython = new Map<string, boolean>();
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(2, o.jobs ?? 2)) }, async (_, slot) => {
        const work = path.join(dir, `slot${slot}`);
        while (next < pairs.length) {
          const [program, name] = pairs[next++]!;
          const timeoutMs = o.timeoutMs ?? 3000;
          let python = runsPython.get(program);
          if (python === undefined) runsPython.set(program, (python = await pythonRuns(program, work, PATH, timeoutMs)));
          const uses = await probeEnvUse(program, name, work, PATH, timeoutMs, python);
          if (uses.length > 0) (out[program] ??= {})[name] = uses;
          o.onProgress?.(++done, pairs.length);
        }
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const sorted = <T>(r: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return sorted(Object.fromEntries(Object.entries(out).map(([p, u]) => [p, sorted(u)])));
}

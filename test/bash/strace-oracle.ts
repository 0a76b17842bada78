/**
 * A real program as the oracle for what a command opens and runs: the
 * command under bash, under `strace -f -e trace=openat,execve`, in a
 * throw-away fixture. Shared by the toolchain and java tests.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import path from "node:path";

export interface Traced {
  /** What bash and the programs it ran printed. */
  readonly out: string;
  /** Absolute paths opened successfully (relative ones against `cwd`: none of these programs changes directory). */
  readonly opened: readonly string[];
  /** Programs executed successfully. */
  readonly ran: readonly string[];
}

let runs = 0;

/** Runs `command` under bash in `cwd` with `env` added, input closed, and returns what it opened and ran. */
export function traced(command: string, cwd: string, env: Readonly<Record<string, string>>, scratch: string): Traced {
  const dir = mkdtempSync(path.join(scratch, `trace-${runs++}-`));
  const log = path.join(dir, "strace.log");
  const r = spawnSync("strace", ["-f", "-qq", "-e", "trace=openat,execve", "-o", log, "bash", "-c", command], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    input: "",
    timeout: 60_000,
  });
  const trace = readFileSync(log, "utf8");
  const opened = [...trace.matchAll(/openat\(AT_FDCWD, "([^"]+)", [^\n]*\) = \d+/g)].map((m) => path.resolve(cwd, m[1] as string));
  const ran = [...trace.matchAll(/execve\("([^"]+)", [^\n]* = 0/g)].map((m) => m[1] as string);
  return { out: `${r.stdout}${r.stderr}`, opened, ran };
}

/** Whether `program` is on PATH here. */
export const onPath = (program: string): boolean => spawnSync("sh", ["-c", `command -v '${program}'`]).status === 0;

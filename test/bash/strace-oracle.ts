/**
 * A real program as the oracle for what a command opens and runs: the
 * command under bash, under `strace -ff -e trace=openat,execve`, in a
 * throw-away fixture. Shared by the toolchain and java tests.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface Traced {
  /** What bash and the programs it ran printed. */
  readonly out: string;
  /** Absolute paths opened successfully (relative ones against `cwd`: none of these programs changes directory). */
  readonly opened: readonly string[];
  /** Programs executed successfully. */
  readonly ran: readonly string[];
  /**
   * Names opened successfully for reading (`O_RDONLY`), as the call spelt
   * them, whatever directory they were opened in: a walker such as tar opens
   * the files it meets against a directory's descriptor (`openat(4, ".env", …)`).
   */
  readonly openedForReading: readonly string[];
}

let runs = 0;

/** Runs `command` under bash in `cwd` with `env` added, input closed, and returns what it opened and ran. */
export function traced(command: string, cwd: string, env: Readonly<Record<string, string>>, scratch: string): Traced {
  const dir = mkdtempSync(path.join(scratch, `trace-${runs++}-`));
  const log = path.join(dir, "strace");
  // One file per process and thread (`-ff`): a call another thread interrupts is not split over two lines.
  const r = spawnSync("strace", ["-ff", "-qq", "-e", "trace=openat,execve", "-o", log, "bash", "-c", command], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    input: "",
    timeout: 60_000,
  });
  const trace = readdirSync(dir)
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .join("\n");
  const opened = [...trace.matchAll(/openat\(AT_FDCWD, "([^"]+)", [^\n]*\)\s+=\s+\d+/g)].map((m) => path.resolve(cwd, m[1] as string));
  const ran = [...trace.matchAll(/execve\("([^"]+)", [^\n]*\s=\s+0/g)].map((m) => m[1] as string);
  const openedForReading = [...trace.matchAll(/openat\((?:AT_FDCWD|\d+), "([^"]+)", O_RDONLY[^\n]*\)\s+=\s+\d+/g)].map((m) => m[1] as string);
  return { out: `${r.stdout}${r.stderr}`, opened, ran, openedForReading };
}

/** Whether `program` is on PATH here. */
export const onPath = (program: string): boolean => spawnSync("sh", ["-c", `command -v '${program}'`]).status === 0;

/**
 * The runner: one command in bubblewrap under strace, in a fresh copy of the
 * fixture bound over the canonical fixture root (so the paths the decision
 * and the judge speak of are the paths the command meets). Unprivileged:
 * uid and gid 65534 in a new user namespace, every namespace unshared (no
 * network), / read-only, a fresh /tmp; killed after a timeout.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { type FixturePaths, type FixtureSpec, makeFixture, runEnvironment } from "./fixture.js";

export const BWRAP = "/usr/bin/bwrap";
export const STRACE = "/usr/bin/strace";
export const TRACED = "execve,execveat,open,openat,openat2,creat,rename,renameat,renameat2,unlink,unlinkat";

/** Null when bubblewrap and strace are here and work; otherwise what is missing, naming the Debian package. */
export function missingTools(): string | null {
  const missing: string[] = [];
  if (spawnSync(BWRAP, ["--version"]).status !== 0) missing.push("bwrap (Debian package bubblewrap)");
  if (spawnSync(STRACE, ["-V"]).status !== 0) missing.push("strace (Debian package strace)");
  if (missing.length > 0) return `the hunt needs ${missing.join(" and ")}: apt-get install bubblewrap strace`;
  const probe = spawnSync(BWRAP, [...bwrapArgs("/", "/", "/tmp"), "--", "/bin/true"], { encoding: "utf8" });
  if (probe.status !== 0) return `bwrap cannot make an unprivileged sandbox here (user namespaces off?): ${probe.stderr.trim()}`;
  return null;
}

/** bubblewrap's arguments: the unprivileged, unshared sandbox with `copy` bound over `root` (none when `copy` is "/"). */
export function bwrapArgs(copy: string, root: string, traceDir: string): string[] {
  const binds = copy === "/" ? [] : ["--bind", copy, root, "--bind", traceDir, traceDir];
  return [
    "--unshare-all",
    "--unshare-user",
    "--uid",
    "65534",
    "--gid",
    "65534",
    "--die-with-parent",
    "--new-session",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
    ...binds,
  ];
}

export interface Ran {
  readonly status: number | null;
  readonly timedOut: boolean;
  /** strace's output, every process's file concatenated. */
  readonly trace: string;
  readonly output: string;
}

/** One slot runs one command at a time: its own fixture copy and trace folder. */
export class Slot {
  readonly copy: string;
  readonly traceDir: string;
  constructor(
    readonly dir: string,
    readonly spec: FixtureSpec,
    readonly paths: FixturePaths,
  ) {
    this.copy = path.join(dir, "copy");
    this.traceDir = path.join(dir, "trace");
  }

  /** Runs `command` with bash -c in a fresh fixture; call judge before the next run (the copy is its evidence). */
  async run(command: string, timeoutMs: number): Promise<Ran> {
    makeFixture(this.spec, this.paths, this.copy);
    rmSync(this.traceDir, { recursive: true, force: true });
    mkdirSync(this.traceDir, { recursive: true });
    const args = [
      ...bwrapArgs(this.copy, this.paths.root, this.traceDir),
      "--chdir",
      this.paths.proj,
      "--",
      STRACE,
      "-ff",
      "-qq",
      "-y",
      "-s",
      "512",
      "-e",
      `trace=${TRACED}`,
      "-e",
      "signal=none",
      "-o",
      path.join(this.traceDir, "t"),
      "/bin/bash",
      "-c",
      command,
    ];
    const ran = await runBwrap(args, runEnvironment(this.spec, this.paths), timeoutMs);
    let trace = "";
    for (const f of readdirSync(this.traceDir)) trace += readFileSync(path.join(this.traceDir, f), "utf8") + "\n";
    return { ...ran, trace };
  }
}

/** Runs bubblewrap with `args`: its status, whether the timeout killed it, and the first 4 KiB it printed (stdout and stderr). */
export function runBwrap(args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Omit<Ran, "trace">> {
  return new Promise((resolve) => {
    const child = spawn(BWRAP, args, { env, stdio: ["ignore", "pipe", "pipe"], timeout: timeoutMs, killSignal: "SIGKILL" });
    let output = "";
    const take = (c: Buffer): void => {
      if (output.length < 4096) output += c.toString("utf8");
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    // The first 4 KiB exactly, however the chunks fell: the discovery compares outputs.
    child.on("close", (status, signal) => resolve({ status, timedOut: signal === "SIGKILL", output: output.slice(0, 4096) }));
  });
}

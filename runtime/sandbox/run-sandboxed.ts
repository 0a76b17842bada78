// Its declarations name Node's types: kept in the .d.ts so a consumer whose `types` is empty (TypeScript 6's default) finds them.
/// <reference types="node" preserve="true" />
/**
 * Runs one command under a profile and reports how it ended. bubblewrap
 * writes the sandboxed child's pid on `--info-fd`; the child makes its
 * mounts, drops its capabilities and waits on `--block-fd`, and the runner
 * lets it run the command only once its mounts are the profile's
 * (verify-mounts.ts). A sandbox that never got that far (no user namespaces,
 * a mount that failed) did not run the command, which a caller must tell
 * apart from the command's own failure; one whose mounts were not the
 * profile's is killed before the command, and says why.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, constants as fsConstants, fstatSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bwrapOptions } from "./bwrap-argv.js";
import { isThere } from "./fs-probes.js";
import { effectiveCapabilities, mountsDiffer, parseMountInfo } from "./verify-mounts.js";
import { inheritedDescriptors } from "./inherited-descriptors.js";
import { type MovedAside, makePlaceholders, moveAsideWatched } from "./placeholders.js";

import type { SandboxProfile } from "./profile-types.js";

/** Where bubblewrap writes the sandboxed child's pid. */
const INFO_FD = 3;
/** What the sandboxed child waits on, its mounts made, before it runs the command. */
const BLOCK_FD = 4;
/**
 * The caller's standard error, for the command: bubblewrap's own (fd 2) is a pipe, so that its message when it cannot
 * set up (a path gone since the profile) is the runner's to show or retry, and the command gets this one back as fd 2
 * before it starts (SPLIT_STDERR).
 */
const COMMAND_STDERR_FD = 5;
const SPLIT_STDERR = ["/bin/sh", "-c", `exec 2>&${COMMAND_STDERR_FD} ${COMMAND_STDERR_FD}>&-; exec "$@"`, "sh"];
/** How often, and how far apart, mounts that differ from the profile are read again before the sandbox is killed. */
const MOUNT_RECHECKS = 3;
const MOUNT_RECHECK_MS = 20;
/** How long a sandbox may take to make its mounts before the run is given up. */
const SET_UP_TIMEOUT_MS = 30_000;

export interface SandboxedRun {
  /** False when the sandbox did not start: the command did not run. */
  readonly started: boolean;
  /**
   * Why the sandbox was killed before the command ran: its mounts were not the profile's (a path changed while
   * bubblewrap mounted it). Never a reason to run the command another way.
   */
  readonly refused: string | null;
  /** What bubblewrap said when it could not set the sandbox up (the command did not run); empty otherwise. */
  readonly setupError: string;
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Watched protected files the command made, moved aside after it (placeholders.ts). */
  readonly movedAside: readonly MovedAside[];
}

export interface RunOptions {
  /** The bubblewrap executable (locate-bwrap.ts). */
  readonly bwrap: string;
  readonly env?: NodeJS.ProcessEnv;
  /** This process is the runner (`permc run`): SIGINT, SIGTERM and SIGHUP go to bubblewrap, and the run ends as it does. */
  readonly forwardSignals?: boolean;
}

const FORWARDED: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** Rejects, running nothing, when a placeholder cannot be made (placeholders.ts). */
export function runSandboxed(profile: SandboxProfile, argv: readonly string[], options: RunOptions): Promise<SandboxedRun> {
  if (argv.length === 0) return Promise.reject(new Error("no command to run"));
  // A file to hide that is gone since the profile (a socket closed, a file removed) hides nothing, and bubblewrap would
  // make an empty one in its place, or fail where it cannot.
  const planned: SandboxProfile = { ...profile, mounts: profile.mounts.filter((m) => m.kind !== "hide-file" || isThere(m.path)) };
  const args = ["--info-fd", String(INFO_FD), "--block-fd", String(BLOCK_FD), ...bwrapOptions(planned, true), "--", ...SPLIT_STDERR, ...argv];
  return new Promise((resolve, reject) => {
    makePlaceholders(profile);
    const block = blockingDescriptor();
    let blockOpen = true;
    const closeBlock = (): void => {
      if (blockOpen) closeSync(block);
      blockOpen = false;
    };
    const stdio: Array<"inherit" | "pipe" | "ignore" | number> = ["inherit", "inherit", "pipe", "pipe", block, 2];
    // An inherited descriptor stays open across exec: /dev/null takes its number in bubblewrap (node's stdio array is
    // dense, and only a descriptor given for a number replaces it; "ignore" leaves it open).
    const inherited = inheritedDescriptors(COMMAND_STDERR_FD);
    // Standard input, output or error that is a directory (`permc run … < ~/.ssh`): /dev/null in its place too.
    const directories = [0, 1, 2].filter((fd) => isDirectoryDescriptor(fd));
    const devNull = inherited.length > 0 || directories.length > 0 ? openSync("/dev/null", "r") : -1;
    for (const fd of directories) stdio[fd === 2 ? COMMAND_STDERR_FD : fd] = devNull;
    for (let fd = COMMAND_STDERR_FD + 1; fd <= (inherited.at(-1) ?? COMMAND_STDERR_FD); fd++) stdio.push(inherited.includes(fd) ? devNull : "ignore");
    let child: ChildProcess;
    try {
      child = spawn(options.bwrap, args, { stdio, env: options.env ?? process.env });
    } finally {
      if (devNull >= 0) closeSync(devNull);
    }
    let info = "";
    let setupError = "";
    let checking = false;
    let released = false;
    let refused: string | null = null;
    child.stdio[2]?.on("data", (chunk: Buffer) => {
      if (released) process.stderr.write(chunk);
      else setupError += chunk.toString("utf8");
    });
    const checkMounts = (pid: number, since: number, rechecks = MOUNT_RECHECKS): void => {
      const capabilities = effectiveCapabilities(pid);
      // Gone: bubblewrap failed to set it up, and says why.
      if (capabilities === null) return;
      if (capabilities !== 0n) {
        if (Date.now() - since > SET_UP_TIMEOUT_MS) refuse(`the sandbox did not finish its mounts in ${SET_UP_TIMEOUT_MS / 1000} s`, pid);
        else setTimeout(() => checkMounts(pid, since, rechecks), 1);
        return;
      }
      let why: string | null;
      try {
        const sandbox = parseMountInfo(readFileSync(`/proc/${pid}/mountinfo`, "utf8"));
        const host = parseMountInfo(readFileSync("/proc/self/mountinfo", "utf8"));
        why = mountsDiffer(planned.mounts, sandbox, host, (p) => !isThere(p) && !isThere(`/proc/${pid}/root${p}`));
      } catch (e) {
        why = `its mounts could not be read (${e instanceof Error ? e.message : String(e)})`;
      }
      // A directory another program is removing meanwhile (a repository in the temp dir) is neither there nor gone for
      // a moment; what a swapped link made stays wrong however often it is read.
      if (why !== null && rechecks > 0) {
        setTimeout(() => checkMounts(pid, since, rechecks - 1), MOUNT_RECHECK_MS);
        return;
      }
      if (why !== null) return refuse(why, pid);
      released = true;
      writeSync(block, "go");
      closeBlock();
    };
    // The sandboxed child first, while it waits: bubblewrap binds it to its launcher's life only after the wait, and
    // the end of file its block descriptor reads once this side closes would let it run the command.
    const refuse = (why: string, pid: number): void => {
      refused = why;
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone already.
      }
      child.kill("SIGKILL");
    };
    child.stdio[INFO_FD]?.on("data", (chunk: Buffer) => {
      info += chunk.toString("utf8");
      const pid = /"child-pid":\s*(\d+)/.exec(info)?.[1];
      if (pid !== undefined && !checking) {
        checking = true;
        checkMounts(Number(pid), Date.now());
      }
    });
    // A signal that would end this process is bubblewrap's to end with: what the command made is still moved aside
    // after it (a runner killed outright cannot; docs/sandbox.md).
    const forward = (signal: NodeJS.Signals): void => {
      child.kill(signal);
    };
    if (options.forwardSignals === true) for (const s of FORWARDED) process.on(s, forward);
    const stopForwarding = (): void => {
      for (const s of FORWARDED) process.off(s, forward);
    };
    child.on("error", (e) => {
      stopForwarding();
      closeBlock();
      reject(e);
    });
    // The pid namespace ends with bubblewrap: nothing the command started writes after this.
    child.on("close", (status, signal) => {
      stopForwarding();
      closeBlock();
      resolve({ started: released, refused, setupError: released ? "" : setupError, status, signal, movedAside: moveAsideWatched(profile) });
    });
  });
}

/** A shell's exit status for how the command ended: its own, or 128 + the signal's number. */
export function exitStatus(run: Pick<SandboxedRun, "status" | "signal">): number {
  if (run.signal !== null) return 128 + (os.constants.signals[run.signal] ?? 0);
  return run.status ?? 1;
}

/**
 * What bubblewrap's child waits on: a pipe it holds open for writing too (a FIFO opened read-write), so that it never
 * reads an end of file: were this process to die before the mounts are checked, the child would wait, not run the
 * command (bubblewrap ties it to its launcher's life only after the wait). The FIFO's name is gone at once.
 */
export function blockingDescriptor(): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), "permc-run-"));
  try {
    const fifo = path.join(dir, "block");
    const made = spawnSync("mkfifo", ["-m", "600", fifo]);
    if (made.status !== 0) throw new Error(`cannot make the sandbox's wait: mkfifo: ${made.stderr?.toString().trim() || made.error?.message}`);
    return openSync(fifo, fsConstants.O_RDWR);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function isDirectoryDescriptor(fd: number): boolean {
  try {
    return fstatSync(fd).isDirectory();
  } catch {
    return false;
  }
}

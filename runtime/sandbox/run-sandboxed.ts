// Its declarations name Node's types: kept in the .d.ts so a consumer whose `types` is empty (TypeScript 6's default) finds them.
/// <reference types="node" preserve="true" />
/**
 * Runs one command under a profile and reports how it ended. bubblewrap
 * writes the sandboxed child's pid on `--info-fd` once the sandbox is set up;
 * no pid means the sandbox never started (no user namespaces, a mount that
 * failed) and the command did not run, which a caller must tell apart from
 * the command's own failure.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, fstatSync, openSync } from "node:fs";
import { constants } from "node:os";
import { bwrapOptions } from "./bwrap-argv.js";
import { inheritedDescriptors } from "./inherited-descriptors.js";
import { type MovedAside, makePlaceholders, moveAsideWatched } from "./placeholders.js";

/** Where bubblewrap writes the sandboxed child's pid once the sandbox is set up. */
const INFO_FD = 3;
import type { SandboxProfile } from "./profile-types.js";

export interface SandboxedRun {
  /** False when the sandbox did not start: the command did not run. */
  readonly started: boolean;
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
  const args = ["--info-fd", String(INFO_FD), ...bwrapOptions(profile), "--", ...argv];
  return new Promise((resolve, reject) => {
    makePlaceholders(profile);
    const stdio: Array<"inherit" | "pipe" | "ignore" | number> = ["inherit", "inherit", "inherit", "pipe"];
    // An inherited descriptor stays open across exec: /dev/null takes its number in bubblewrap (node's stdio array is
    // dense, and only a descriptor given for a number replaces it; "ignore" leaves it open).
    const inherited = inheritedDescriptors(INFO_FD);
    // Standard input, output or error that is a directory (`permc run … < ~/.ssh`): /dev/null in its place too.
    const directories = [0, 1, 2].filter((fd) => isDirectoryDescriptor(fd));
    const devNull = inherited.length > 0 || directories.length > 0 ? openSync("/dev/null", "r") : -1;
    for (const fd of directories) stdio[fd] = devNull;
    for (let fd = INFO_FD + 1; fd <= (inherited.at(-1) ?? INFO_FD); fd++) stdio.push(inherited.includes(fd) ? devNull : "ignore");
    let child: ChildProcess;
    try {
      child = spawn(options.bwrap, args, { stdio, env: options.env ?? process.env });
    } finally {
      if (devNull >= 0) closeSync(devNull);
    }
    let info = "";
    child.stdio[INFO_FD]?.on("data", (chunk: Buffer) => {
      info += chunk.toString("utf8");
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
      reject(e);
    });
    // The pid namespace ends with bubblewrap: nothing the command started writes after this.
    child.on("close", (status, signal) => {
      stopForwarding();
      resolve({ started: info.includes("child-pid"), status, signal, movedAside: moveAsideWatched(profile) });
    });
  });
}

/** A shell's exit status for how the command ended: its own, or 128 + the signal's number. */
export function exitStatus(run: Pick<SandboxedRun, "status" | "signal">): number {
  if (run.signal !== null) return 128 + (constants.signals[run.signal] ?? 0);
  return run.status ?? 1;
}

function isDirectoryDescriptor(fd: number): boolean {
  try {
    return fstatSync(fd).isDirectory();
  } catch {
    return false;
  }
}

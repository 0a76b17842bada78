/**
 * A profile as a bubblewrap command line. Everything is read-only (`/`
 * bound read-only), then the profile's mounts in order; devices, /proc and the
 * process ids are fresh (a pid namespace: no host process is in /proc, and
 * nothing the command starts outlives it); the network is shared as it is. `--cap-drop ALL` matters when permc
 * runs as root: with its capabilities a command could unmount what hides a
 * file. `--die-with-parent`: the command does not outlive the agent.
 */
import { isInside } from "../paths/inside.js";
import type { SandboxProfile } from "./profile-types.js";

/** What /proc holds that changes the host: bound read-only from the host's own /proc over the fresh one. */
const PROC_SETTINGS: readonly string[] = ["/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus"];

/** The argv that runs `argv` under the profile: `[bwrap, …options, "--", …argv]`. */
export function sandboxedArgv(profile: SandboxProfile, argv: readonly string[], bwrap = "bwrap"): string[] {
  if (argv.length === 0) throw new Error("no command to run");
  return [bwrap, ...bwrapOptions(profile), "--", ...argv];
}

/**
 * A shell command string as a sandboxed command line (`bwrap … -- bash -c
 * "<command>"`): what a host runs for an allowed shell tool call, while its
 * prompt keeps showing `command` itself.
 */
export function sandboxedShellArgv(profile: SandboxProfile, command: string, shell = "bash", bwrap = "bwrap"): string[] {
  return sandboxedArgv(profile, [shell, "-c", command], bwrap);
}

/**
 * `checked`: the caller reads the sandbox's mounts before the command runs (run-sandboxed.ts, verify-mounts.ts), so a
 * bind whose path is gone since the profile may be skipped (`--bind-try`) and the check decides; without that check a
 * protected path's bind that cannot be made stops bubblewrap, as it must.
 */
export function bwrapOptions(profile: SandboxProfile, checked = false): string[] {
  const bind = checked ? "--bind-try" : "--bind";
  const roBind = checked ? "--ro-bind-try" : "--ro-bind";
  // A pid namespace of its own: with the host's processes in /proc, `/proc/$PPID/root` of bubblewrap's own
  // (capability-less) parent reached the file system as it is outside every mount of the profile.
  // The kernel's settings under /proc stay read-only: bubblewrap covers them only where it can test them writable,
  // which as root without a user namespace (its capabilities already dropped) it cannot, and sysctl files answer
  // to uid 0 alone: `core_pattern` and `modprobe` name programs the kernel runs as root on the host.
  // Its own System V IPC too: the host's shared memory segments and semaphores are the host processes'.
  const out = ["--unshare-pid", "--unshare-ipc", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
  for (const p of PROC_SETTINGS) out.push("--ro-bind-try", p, p);
  profile.mounts.forEach((m, i) => {
    switch (m.kind) {
      case "writable":
      case "pinned":
        out.push(bind, m.path, m.path);
        break;
      case "read-only":
        out.push(roBind, m.path, m.path);
        break;
      case "hide-file":
        out.push("--ro-bind", "/dev/null", m.path);
        break;
      case "hide-dir": {
        out.push("--tmpfs", m.path);
        // Read-only unless later mounts need mount points in it (then it stays an empty scratch, discarded at exit).
        const inner = profile.mounts.slice(i + 1).some((later) => later.path !== m.path && isInside(m.path, later.path));
        if (!inner) out.push("--remount-ro", m.path);
        break;
      }
    }
  });
  // A session of its own: with the caller's terminal as its controlling one, TIOCSTI typed commands into the shell
  // that ran `permc run`, which ran them outside once the command ended.
  out.push("--chdir", profile.cwd, "--new-session", "--die-with-parent", "--cap-drop", "ALL");
  return out;
}

/**
 * Descriptors this process hands every child without being asked: the ones
 * it inherited without close-on-exec (node marks its own). A directory one
 * opened outside names the host's mount, so `/proc/self/fd/N/.ssh/id_rsa`
 * inside the sandbox would pass every mount of the profile (a hunt, 2026-12-07:
 * `exec 30<~/.ssh` in the shell that ran `permc run`). The runner puts
 * /dev/null in their place in bubblewrap (run-sandboxed.ts).
 */
import { readdirSync, readFileSync } from "node:fs";

/** O_CLOEXEC as /proc/PID/fdinfo prints a descriptor's flags (octal). */
const CLOSE_ON_EXEC = 0o2000000;

/** Descriptors above `above` without close-on-exec. Throws when /proc cannot say (the caller runs nothing). */
export function inheritedDescriptors(above: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc/self/fdinfo")) {
    const fd = Number(name);
    if (!Number.isInteger(fd) || fd <= above) continue;
    let info: string;
    try {
      info = readFileSync(`/proc/self/fdinfo/${name}`, "utf8");
    } catch {
      // Closed since the listing (the listing's own descriptor among them).
      continue;
    }
    const flags = /^flags:\s*([0-7]+)$/m.exec(info)?.[1];
    if (flags === undefined) throw new Error(`cannot read the flags of descriptor ${fd} in /proc/self/fdinfo`);
    if ((Number.parseInt(flags, 8) & CLOSE_ON_EXEC) === 0) out.push(fd);
  }
  return out.sort((a, b) => a - b);
}

/**
 * What bubblewrap mounted, checked against the profile before the command
 * runs. bubblewrap resolves each mount's source and destination again when
 * it mounts them, following links, some milliseconds after the profile saw
 * the paths; another sandboxed command still running can swap a directory
 * for a link in between (the ninth hunt: a pin at `r/c`, made a link to
 * `~/.ssh`, mounted the real `~/.ssh` writable over its hiding in 11 runs of
 * 40). The sandbox waits on `--block-fd` once its mounts are made and its
 * capabilities dropped; the runner reads its mount table from outside
 * (`/proc/PID/mountinfo`) and lets it go on only when every planned mount is
 * at its planned path, of its planned kind, from its planned source, and no
 * mount is anywhere else.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { isInside } from "../paths/inside.js";
import type { Mount } from "./profile-types.js";

export interface MountEntry {
  /** `major:minor` of the file system. */
  readonly device: string;
  /** The mounted directory or file within its file system. */
  readonly root: string;
  readonly mountPoint: string;
  readonly readOnly: boolean;
  readonly fsType: string;
}

/** `/proc/PID/mountinfo`, one entry a line, in mount order: the last at a path is on top. */
export function parseMountInfo(text: string): MountEntry[] {
  const out: MountEntry[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    // ID PARENT MAJOR:MINOR ROOT MOUNT-POINT OPTIONS [OPTIONAL…] - FSTYPE SOURCE SUPER-OPTIONS
    const [own, rest] = line.split(" - ");
    const fields = own?.split(" ") ?? [];
    const fsType = rest?.split(" ")[0];
    if (fields.length < 6 || fsType === undefined) throw new Error(`a mountinfo line not understood: ${line}`);
    out.push({
      device: fields[2] as string,
      root: unescapeOctal(fields[3] as string),
      mountPoint: unescapeOctal(fields[4] as string),
      readOnly: (fields[5] as string).split(",").includes("ro"),
      fsType,
    });
  }
  return out;
}

/** mountinfo writes a blank, a tab, a line feed and a backslash in a path as `\040`, `\011`, `\012`, `\134`. */
function unescapeOctal(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

/** bubblewrap's own mounts, beside the host's it copies: fresh devices and processes. */
const OWN_MOUNTS: readonly string[] = ["/dev", "/proc"];

/**
 * Why the sandbox's mounts are not the profile's, or null when they are. `host` is this process's own table (what
 * a bind of a path there brings: its file system and its root within it); `gone(p)`: nothing is at `p`, on the host
 * or in the sandbox.
 */
export function mountsDiffer(
  planned: readonly Mount[],
  sandbox: readonly MountEntry[],
  host: readonly MountEntry[],
  gone: (p: string) => boolean = () => false,
): string | null {
  const top = new Map<string, MountEntry>();
  for (const e of sandbox) top.set(e.mountPoint, e);
  const expected = new Set<string>([...host.map((e) => e.mountPoint), ...planned.map((m) => m.path)]);
  for (const e of sandbox)
    if (!expected.has(e.mountPoint) && !OWN_MOUNTS.some((own) => isInside(own, e.mountPoint)))
      return `a mount at ${e.mountPoint}, which the profile does not plan (a path changed while bubblewrap mounted)`;
  const devNull = sourceOf("/dev/null", host);
  for (const m of planned) {
    const at = top.get(m.path);
    if (at === undefined) {
      // A bind whose path went away before bubblewrap came to it holds nothing, so long as nothing is there now.
      if (m.kind !== "hide-dir" && gone(m.path)) continue;
      return `no mount at ${m.path} (a path changed while bubblewrap mounted)`;
    }
    const wrong = (what: string): string => `the mount at ${m.path} is ${what}, not the profile's ${m.kind} (a path changed while bubblewrap mounted)`;
    if (m.kind === "hide-dir") {
      if (at.fsType !== "tmpfs") return wrong(`a ${at.fsType}`);
      continue;
    }
    const source = m.kind === "hide-file" ? devNull : sourceOf(m.path, host);
    if (source === null || at.device !== source.device || at.root !== source.root) return wrong(`${at.root} of ${at.device}`);
    const readOnly = m.kind === "read-only" || m.kind === "hide-file";
    if (at.readOnly !== readOnly) return wrong(at.readOnly ? "read-only" : "writable");
  }
  return null;
}

/** The file system holding `p` in `host`, and `p`'s path within it; null when no mount holds it. */
function sourceOf(p: string, host: readonly MountEntry[]): { device: string; root: string } | null {
  let holder: MountEntry | null = null;
  for (const e of host) if (isInside(e.mountPoint, p) && (holder === null || e.mountPoint.length >= holder.mountPoint.length)) holder = e;
  if (holder === null) return null;
  const rest = path.relative(holder.mountPoint, p);
  return { device: holder.device, root: rest === "" ? holder.root : path.join(holder.root, rest) };
}

/** Capabilities bubblewrap's child still has: none once it has made its mounts and waits on `--block-fd`. */
export function effectiveCapabilities(pid: number): bigint | null {
  try {
    const hex = /^CapEff:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return hex === undefined ? null : BigInt(`0x${hex}`);
  } catch {
    return null;
  }
}

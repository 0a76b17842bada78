/**
 * The protected paths that are not there, on either side of a sandboxed run
 * (writable-defaults.ts ABSENT_FORMS): before it, each placeholder is made
 * empty so the profile's read-only mount has something to cover; after it,
 * a watched file the command made is moved aside, under a name nothing
 * reads (while the command runs, it is there: docs/sandbox.md).
 *
 * Placeholders stay after the run: an empty one reads as none, and taking it
 * away could pull the mount from under another run that found it there.
 */
import { chmodSync, lstatSync, mkdirSync, renameSync, rmSync, type Stats, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { isThere } from "./fs-probes.js";
import type { SandboxProfile } from "./profile-types.js";

/** Makes each placeholder not there yet. Throws, naming the path, when one cannot be made or something else is there. */
export function makePlaceholders(profile: Pick<SandboxProfile, "placeholders">): void {
  for (const { path, kind, within } of profile.placeholders) {
    // Its directory gone since the profile (a repository in the temp dir removed): nothing there to protect, and the
    // mount, finding nothing, is not made (verify-mounts.ts lets that pass while nothing is there).
    if (within !== undefined && !isRealDirectory(within)) continue;
    const cannot = (e: unknown): Error =>
      new Error(`cannot make the protected ${kind} ${path} to mount it read-only: ${e instanceof Error ? e.message : String(e)}`);
    let there: Stats | undefined;
    try {
      there = lstatSync(path, { throwIfNoEntry: false });
      if (there === undefined) {
        if (kind === "directory") mkdirSync(path, { recursive: true });
        else writeFileSync(path, "", { flag: "wx" });
        continue;
      }
    } catch (e) {
      throw cannot(e);
    }
    // Made since the profile was built: what is there now is mounted, as long as it is what the mount expects
    // (a link would send the read-only mount to its target, and leave the name itself writable).
    if (there.isSymbolicLink() || there.isDirectory() !== (kind === "directory"))
      throw new Error(`${path} appeared since the kernel profile was built, as another kind of entry`);
  }
}

/** A watched file the command made, moved to `to`; `error` when it could not be moved. */
export interface MovedAside {
  readonly path: string;
  readonly to: string | null;
  readonly error?: string;
}

/**
 * Moves aside each watched file that is there now (the command made it), under a name no command could guess and
 * take first. Where the move fails (a directory the command made read-only, as its owner may), write permission is
 * given back to the directory and the move tried again; failing that, what the command made is removed.
 */
export function moveAsideWatched(profile: Pick<SandboxProfile, "watched">, now: Date = new Date()): MovedAside[] {
  const out: MovedAside[] = [];
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  for (const path of profile.watched) {
    if (!isThere(path)) continue;
    // Unguessable to the command, which ran in another process before this name was drawn (node:crypto would cost
    // its load to every run).
    const to = `${path}.permc-blocked-${stamp}-${Math.floor(Math.random() * 0x100000000)
      .toString(16)
      .padStart(8, "0")}`;
    try {
      renameSync(path, to);
      out.push({ path, to });
      continue;
    } catch {
      // Below: the directory made writable again, then removal.
    }
    try {
      const dir = dirname(path);
      chmodSync(dir, statSync(dir).mode | 0o200);
      renameSync(path, to);
      out.push({ path, to });
    } catch (e) {
      try {
        rmSync(path, { recursive: true, force: true });
        out.push({ path, to: null, error: `it could not be moved (${e instanceof Error ? e.message : String(e)}), and was removed` });
      } catch (removal) {
        out.push({ path, to: null, error: `it could be neither moved nor removed: ${removal instanceof Error ? removal.message : String(removal)}` });
      }
    }
  }
  return out;
}

function isRealDirectory(p: string): boolean {
  try {
    return lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Bare-name probes: does `dir/name` exist (a dangling symlink counts)? A
 * long command repeats its bare words against a few directories, so each
 * answer is kept for the call (never across calls: the file system may
 * change between tool calls), and a directory's own absence answers every
 * name in it.
 *
 * The directory is probed only when it pays: when the canonical-path memo
 * or an earlier probe already knows it (`cd build && …` probed `build`), or
 * after two names in it were missing. A plain command with one or two bare
 * words makes one system call per word and none for its directory.
 *
 * A probe that finds no entry is shared with the canonical walk (its memo
 * then says "does not resolve"): lstat fails only when the path or one of
 * its prefixes does not resolve, and then access(2), which the walk uses,
 * fails too.
 */
import { lstatSync } from "node:fs";
import { resolve } from "node:path";

/** Names missing in one directory before the directory itself is probed. */
const MISSES_BEFORE_DIRECTORY_PROBE = 2;

export class BareNameProbes {
  /** Absolute path → it exists. */
  private readonly found = new Map<string, boolean>();
  /** Directory (as the base spells it) → names found missing in it so far. */
  private readonly misses = new Map<string, number>();
  /** Directory (as the base spells it) → its normalised absolute form. */
  private readonly absolute = new Map<string, string>();

  constructor(
    /** The canonical-path memo of the same call (absolute path → its real path, or null when it does not resolve). */
    private readonly memo: Map<string, string | null>,
  ) {}

  /** `where` (the name resolved against `dir`) exists. */
  exists(dir: string, where: string): boolean {
    const known = this.found.get(where);
    if (known !== undefined) return known;
    if (this.directoryMissing(dir)) {
      this.found.set(where, false);
      return false;
    }
    const found = this.probe(where);
    if (!found) this.misses.set(dir, (this.misses.get(dir) ?? 0) + 1);
    return found;
  }

  /** The directory is known not to exist, probing it once it has cost enough misses. */
  private directoryMissing(dir: string): boolean {
    let absolute = this.absolute.get(dir);
    if (absolute === undefined) this.absolute.set(dir, (absolute = resolve(dir)));
    let exists = this.found.get(absolute);
    if (exists === undefined) {
      const real = this.memo.get(absolute);
      if (real !== undefined) exists = real !== null;
      else if ((this.misses.get(dir) ?? 0) >= MISSES_BEFORE_DIRECTORY_PROBE) exists = this.probe(absolute);
    }
    return exists === false;
  }

  private probe(p: string): boolean {
    let found: boolean;
    try {
      found = lstatSync(p, { throwIfNoEntry: false }) !== undefined;
    } catch {
      found = false;
    }
    this.found.set(p, found);
    if (!found) this.memo.set(p, null);
    return found;
  }
}

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
 * fails too. What a probe's lstat saw is shared as well (the call's
 * `entries`): an entry of a directory whose real path is known needs no
 * other system call (canonical.ts).
 */
import { entryKind, type EntryKind } from "../../paths/canonical.js";

/** Names missing in one directory before the directory itself is probed. */
const MISSES_BEFORE_DIRECTORY_PROBE = 2;

export class BareNameProbes {
  /** Absolute path → it exists, for every path probed. */
  private readonly found = new Map<string, boolean>();
  /**
   * Normalised directory → name → it exists. A long command names the same
   * few directories hundreds of times: the directory string is one object
   * (its hash computed once) and the name is short, so no lookup hashes a
   * freshly joined path.
   */
  private readonly byDirectory = new Map<string, Map<string, boolean>>();
  /** Normalised directory → it is missing, once that is known either way. */
  private readonly settled = new Map<string, boolean>();
  /** Normalised directory → names found missing in it so far. */
  private readonly misses = new Map<string, number>();

  constructor(
    /** The canonical-path memo of the same call (absolute path → its real path, or null when it does not resolve). */
    private readonly memo: Map<string, string | null>,
    /** The kinds of entry the same call has seen: a probe's `lstat` spares the canonical walk its own. */
    private readonly entries: Map<string, EntryKind>,
  ) {}

  /** `name` (no slash, not `.` or `..`) exists in the normalised directory `dir`. */
  existsIn(dir: string, name: string): boolean {
    let names = this.byDirectory.get(dir);
    if (names === undefined) this.byDirectory.set(dir, (names = new Map()));
    let found = names.get(name);
    if (found === undefined) {
      // In a missing directory the name is missing too, and so is everything under it: a directory
      // later words resolve against (`cd a && cd b && …` without `a`) asks its parent (directoryMissing).
      found = this.directoryMissing(dir) ? false : this.probeIn(dir, dir.endsWith("/") ? dir + name : `${dir}/${name}`);
      names.set(name, found);
    }
    return found;
  }

  /** `where` (a word resolved against the normalised directory `dir`, which may leave it) exists; none when `dir` does not. */
  existsAt(dir: string, where: string): boolean {
    const known = this.found.get(where);
    if (known !== undefined) return known;
    // `where` may lie outside `dir` (`~` is the home directory): only the directory's own existence gates it.
    let dirExists = this.found.get(dir);
    if (dirExists === undefined) {
      const real = this.memo.get(dir);
      dirExists = real !== undefined ? real !== null : this.probe(dir);
    }
    if (!dirExists) {
      this.found.set(where, false);
      return false;
    }
    return this.probeIn(dir, where);
  }

  /**
   * The normalised directory is known not to exist: probed, resolved by the
   * canonical walk, a name found missing in its parent, or probed once it has
   * cost enough misses. A missing directory is noted in the canonical memo,
   * so a path under it is known missing without a system call.
   */
  directoryMissing(dir: string): boolean {
    const settled = this.settled.get(dir);
    if (settled !== undefined) return settled;
    let exists = this.found.get(dir);
    if (exists === undefined) {
      const real = this.memo.get(dir);
      if (real !== undefined) exists = real !== null;
      else if (this.missingInParent(dir)) exists = false;
      else if ((this.misses.get(dir) ?? 0) >= MISSES_BEFORE_DIRECTORY_PROBE) exists = this.probe(dir);
    }
    if (exists === undefined) return false;
    if (!exists) this.memo.set(dir, null);
    this.settled.set(dir, !exists);
    return !exists;
  }

  /** Its parent directory's names say it is missing. */
  private missingInParent(dir: string): boolean {
    const cut = dir.lastIndexOf("/");
    if (cut < 0 || cut === dir.length - 1) return false;
    return this.byDirectory.get(cut === 0 ? "/" : dir.slice(0, cut))?.get(dir.slice(cut + 1)) === false;
  }

  private probeIn(dir: string, p: string): boolean {
    const found = this.probe(p);
    if (!found) this.misses.set(dir, (this.misses.get(dir) ?? 0) + 1);
    return found;
  }

  private probe(p: string): boolean {
    // The split may have asked already (where a write lands: split/link-landing.ts).
    let kind = this.entries.get(p);
    if (kind === undefined) this.entries.set(p, (kind = entryKind(p)));
    const found = kind !== "none";
    this.found.set(p, found);
    if (!found) this.memo.set(p, null);
    return found;
  }
}

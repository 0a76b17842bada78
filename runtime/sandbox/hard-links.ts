/**
 * Hard links to protected files. A mount holds a name, and a file with more than one name is written through any of
 * them: after `ln -f scripts/pre-commit .git/hooks/pre-commit` the script in the working tree is the hook git runs
 * outside. The other names of a protected file that lie in a writable place are read-only too.
 *
 * Most protected files have one name, and then nothing more is read than one `lstat` each. Only for those with more
 * are the writable roots walked (bounded) for files of the same inode. A command cannot add a name: `link` across
 * mounts fails (EXDEV), and the protected file sits in a mount of its own or in the read-only home. The files
 * of system directories and of permc's own packages are not looked at (protectHardLinks).
 */
import { type Dirent, lstatSync, readdirSync, type Stats } from "node:fs";
import path from "node:path";
import { isInside } from "../paths/inside.js";
import { RANK } from "./plan-mounts.js";
import { type Context, addExisting, canonical, isSystemFile } from "./profile-context.js";

/** Entries looked at, at most, inside one protected directory for files with other names. */
export const MAX_PROTECTED_ENTRIES = 500;
/** How deep inside a protected directory its files are looked at. */
const MAX_PROTECTED_DEPTH = 3;

/** A protected file with other names, and those found so far. */
interface SharedFile {
  readonly path: string;
  /** How many other names it has (its link count less its own). */
  readonly others: number;
  readonly found: Set<string>;
}

/**
 * Makes read-only every name, in the writable roots, of a protected file that has more than one: the walk of each
 * root visits at most `limit` entries (mounts inside a root are walked too: one may hold the protected file's file
 * system), and a note names a file whose names it may have missed past its bound.
 */
export function protectHardLinks(ctx: Context, writable: readonly string[], limit: number, packages: readonly string[]): void {
  const protectedPaths = ctx.plan.protectedPaths().filter((p) => !isSystemFile(ctx, p));
  // Not the files of permc's installation and the packages it loads: hundreds of directories, whose other names a
  // package manager keeps in its store (pnpm's), which lies in the read-only home.
  const skipped = packages.map((p) => canonical(p));
  const shared = sharedFiles(protectedPaths.filter((p) => !skipped.some((s) => isInside(s, p))));
  if (shared.size === 0) return;
  let complete = true;
  for (const root of [...new Set(writable)]) {
    complete = walkForNames(root, shared, protectedPaths, limit) && complete;
    if (allFound(shared)) break;
  }
  for (const file of shared.values())
    for (const other of file.found) addExisting(ctx, "read-only", other, `protected: another name of ${file.path} (a hard link)`, RANK.otherName);
  if (complete) return;
  for (const file of shared.values())
    if (file.found.size < file.others)
      ctx.notes.push(`${file.path} has hard links the walk of the writable places did not reach (it stopped at its bound): a command may write it through one`);
}

/** The protected files (the paths themselves, and the files in protected directories) that have more than one name. */
function sharedFiles(protectedPaths: readonly string[]): Map<string, SharedFile> {
  const shared = new Map<string, SharedFile>();
  const note = (p: string, s: Stats): void => {
    if (!s.isFile() || s.nlink < 2) return;
    const key = inodeKey(s);
    if (!shared.has(key)) shared.set(key, { path: p, others: s.nlink - 1, found: new Set() });
  };
  for (const p of protectedPaths) {
    const s = lstatOrNull(p);
    if (s === null) continue;
    if (!s.isDirectory()) {
      note(p, s);
      continue;
    }
    let seen = 0;
    const walk = (dir: string, depth: number): void => {
      for (const entry of entriesOf(dir)) {
        if (++seen > MAX_PROTECTED_ENTRIES) return;
        const child = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (depth < MAX_PROTECTED_DEPTH) walk(child, depth + 1);
        } else if (entry.isFile()) {
          const cs = lstatOrNull(child);
          if (cs !== null) note(child, cs);
        }
      }
    };
    walk(p, 0);
  }
  return shared;
}

/**
 * Breadth first through `root` (no link followed), noting each file of a shared inode that is not the protected name
 * and lies in no protected path (already read-only there). False when the bound stopped it.
 */
function walkForNames(root: string, shared: Map<string, SharedFile>, protectedPaths: readonly string[], limit: number): boolean {
  /** Notes `p` when it is another name of a shared file; true once every shared file's names are found. */
  const meet = (p: string): boolean => {
    const s = lstatOrNull(p);
    const file = s?.isFile() && s.nlink > 1 ? shared.get(inodeKey(s)) : undefined;
    if (file === undefined || p === file.path || protectedPaths.some((q) => isInside(q, p))) return false;
    file.found.add(p);
    return allFound(shared);
  };
  // A grant may name one file.
  if (lstatOrNull(root)?.isFile() === true) {
    meet(root);
    return true;
  }
  const queue = [root];
  let visited = 0;
  for (let i = 0; i < queue.length; i++) {
    const dir = queue[i] as string;
    for (const entry of entriesOf(dir)) {
      if (++visited > limit) return false;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) queue.push(p);
      else if (entry.isFile() && meet(p)) return true;
    }
  }
  return true;
}

function allFound(shared: ReadonlyMap<string, SharedFile>): boolean {
  for (const f of shared.values()) if (f.found.size < f.others) return false;
  return true;
}

function inodeKey(s: Stats): string {
  return `${s.dev}:${s.ino}`;
}

function lstatOrNull(p: string): Stats | null {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

function entriesOf(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

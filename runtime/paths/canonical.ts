/**
 * The canonical form of an absolute path: what the kernel opens, with the
 * symlinks in its existing prefix resolved. Path rules are matched against
 * it too, so a symlink cannot carry a command past a rule written for its
 * target. Used by the bash path analysis and the file-tool gates alike.
 */
import { existsSync, lstatSync, realpathSync } from "node:fs";
import { basename, dirname, resolve, sep } from "node:path";
import { isNormalAbsolute } from "./normal-path.js";

/** A process's root directory link, as the kernel offers it under /proc. */
const PROC_ROOT = /^\/proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/root(?=\/|$)/;

/** Longest path the OS resolves; a longer prefix cannot exist (ENAMETOOLONG). */
const PATH_MAX = 4096;

/**
 * What one `lstat` of a path said: a symbolic link, a regular file with more
 * than one name (`shared`: hard links, so a write of it writes its other
 * names too), another kind of entry, or nothing there (any error).
 */
export type EntryKind = "link" | "shared" | "entry" | "none";

/** The kind of entry at `p`, from one `lstat` (which does not follow a final link). */
export function entryKind(p: string): EntryKind {
  try {
    const stats = lstatSync(p, { throwIfNoEntry: false });
    if (stats === undefined) return "none";
    return stats.isSymbolicLink() ? "link" : stats.nlink > 1 && stats.isFile() ? "shared" : "entry";
  } catch {
    // A prefix that is not a directory, no permission, a name too long: nothing a command reaches there.
    return "none";
  }
}

/**
 * Canonical form: realpath of the longest existing prefix, plus the rest.
 * `memo` caches prefixes within one call (never across calls: the file
 * system may change between tool calls), and `entries` the kinds of entry
 * the call has already seen (probes.ts). `likelyExists` (the caller just saw
 * the path, or it is the working directory) asks realpath first, one system
 * call instead of two; the answer is the same either way. A path with `..`
 * after a symlink is kernel-resolve.ts's to walk first.
 */
export function canonicalPath(absolute: string, memo: Map<string, string | null> = new Map(), likelyExists = false, entries?: Map<string, EntryKind>): string {
  const magicRoot = absolute.startsWith("/proc/") ? PROC_ROOT.exec(absolute) : null;
  if (magicRoot !== null) {
    // `/proc/PID/root` is that process's root directory, a link realpath cannot read for another
    // user's process (EACCES) though its owner can open through it: read it as `/`, which it is
    // for every process sharing this root (a rule for `/etc/*` is meant for `/etc` wherever it is reached from).
    const prefix = magicRoot[0];
    if (tryRealpath(prefix) === null) return canonicalPath(resolve("/", "." + absolute.slice(prefix.length)), memo);
  }
  if (absolute.length <= PATH_MAX && isNormalAbsolute(absolute)) return canonicalNormal(absolute, memo, likelyExists, entries);
  let head = absolute;
  let rest: string[] = [];
  if (head.length > PATH_MAX) {
    // Start from the longest prefix that could exist: walking up a hostile
    // megabyte path one segment at a time would cost length × segments.
    const cut = head.lastIndexOf(sep, PATH_MAX);
    rest = head
      .slice(cut + 1)
      .split(sep)
      .reverse();
    head = cut <= 0 ? sep : head.slice(0, cut);
  }
  for (;;) {
    let real = memo.get(head);
    if (real === undefined) {
      if (likelyExists && head === absolute) real = tryRealpath(head);
      // A missing path makes realpath throw, and building that error costs
      // several times the syscall; existsSync fails the same cases (it follows
      // symlinks too) without one. realpath still runs on every existing prefix.
      // A path under a directory that does not resolve does not either: no call.
      if (real === null || real === undefined) real = memo.get(dirname(head)) === null || !existsSync(head) ? null : tryRealpath(head);
      memo.set(head, real);
    }
    // One joined argument: spreading a hostile path's segments would overflow the stack.
    if (real !== null) return rest.length === 0 ? real : resolve(real, rest.reverse().join(sep));
    const parent = dirname(head);
    if (parent === head) return absolute;
    rest.push(basename(head));
    head = parent;
  }
}

/**
 * canonicalPath of a normal absolute path (no `.`, `..` or empty segment, no
 * trailing slash), walked by index: each prefix is a slice of the path and
 * the rest is its tail, so no segment list is built and no `resolve` runs
 * (the common case, and the one a short command pays for on every token).
 *
 * An entry whose directory's real path is known (the root, the working
 * directory, a prefix walked before) needs one `lstat`, not an existence
 * test and a realpath: an entry that is no link is its directory's real
 * path and its own name.
 */
function canonicalNormal(absolute: string, memo: Map<string, string | null>, likelyExists: boolean, entries: Map<string, EntryKind> | undefined): string {
  // `end` is where the prefix under test ends; the tail `absolute.slice(end)` starts with `/` (or is empty).
  let end = absolute.length;
  for (;;) {
    const head = end === 0 ? sep : absolute.slice(0, end);
    let real = memo.get(head);
    if (real === undefined) {
      const cut = end === 0 ? -1 : head.lastIndexOf(sep);
      // The root is its own real path.
      const parentReal = cut < 0 ? undefined : cut === 0 ? (memo.get(sep) ?? sep) : memo.get(head.slice(0, cut));
      if (parentReal === null) real = null;
      else if (parentReal !== undefined) real = realChild(parentReal, head, head.slice(cut + 1), entries);
      else {
        if (likelyExists && end === absolute.length) real = tryRealpath(head);
        if (real === null || real === undefined) real = existsSync(head) ? tryRealpath(head) : null;
      }
      memo.set(head, real);
    }
    if (real !== null) {
      if (end === absolute.length) return real;
      // The tail is plain names; a real path is normal, so joining is what `resolve` would give.
      return real === sep ? absolute.slice(end) : real + absolute.slice(end);
    }
    if (end === 0) return absolute;
    end = absolute.lastIndexOf(sep, end - 1);
  }
}

/**
 * The real path of `head`, the entry `name` in a directory whose real path
 * is `parentReal`; null when nothing resolves there (a dangling link, as
 * `existsSync` follows links and fails on one).
 */
function realChild(parentReal: string, head: string, name: string, entries: Map<string, EntryKind> | undefined): string | null {
  let kind = entries?.get(head);
  if (kind === undefined) {
    kind = entryKind(head);
    entries?.set(head, kind);
  }
  if (kind === "none") return null;
  if (kind === "link") return tryRealpath(head);
  return parentReal === sep ? sep + name : parentReal + sep + name;
}

/** The realpath of `p`, or null when it does not resolve. */
export function tryRealpath(p: string): string | null {
  try {
    return realpathSync.native(p);
  } catch {
    return null;
  }
}

/** canonicalPath over one call's memo and `lstat` answers: what the gate's path checks and the bash split share. */
export function canonicalOver(memo: Map<string, string | null>, entries: Map<string, EntryKind>): (absolute: string, likelyExists?: boolean) => string {
  return (absolute, likelyExists = false) => canonicalPath(absolute, memo, likelyExists, entries);
}

/**
 * The one way the CLI writes an output file: a temp file beside it, flushed to
 * disk, renamed over it. A reader (a hook, a hot reload) never sees half a
 * module, and a crash leaves either the old file or the new one.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** A file that could not be written: the message names the path and the reason, on one line. */
export class WriteFailure extends Error {}

/** Why a write failed, in words. */
export function writeFailureReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EISDIR") return "it is a directory";
  if (code === "ENOTDIR" || code === "EEXIST") return "a parent of it is not a directory";
  if (code === "EROFS") return "read-only file system";
  if (code === "ENOSPC") return "no space left on the device";
  if (code === "ENOENT") return "no such directory";
  return code ?? (e instanceof Error ? e.message : String(e));
}

/** `.<name>.<pid>.<ms>.tmp`: the temp files writeAtomically makes for `name`. */
function tempName(name: string, pid: number): string {
  return `.${name}.${pid}.${Date.now()}.tmp`;
}

function isTempOf(entry: string, name: string): number | null {
  const prefix = `.${name}.`;
  if (!entry.startsWith(prefix) || !entry.endsWith(".tmp")) return null;
  const m = /^(\d+)\.\d+\.tmp$/.exec(entry.slice(prefix.length));
  return m ? Number(m[1]) : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes temp files of this naming pattern left by a permc that was killed
 * between write and rename: only those whose process is gone, so a write in
 * progress elsewhere is never touched. Best effort: a failure here must not
 * stop the write itself.
 */
export function removeStaleTemps(dir: string, name: string): void {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = isTempOf(entry, name);
    if (pid === null || pid === process.pid || isAlive(pid)) continue;
    try {
      rmSync(path.join(dir, entry), { force: true });
    } catch {
      // Someone else's file in a shared folder: leave it.
    }
  }
}

/** Flushes a directory's entries (the rename) where the platform lets a directory be opened; Windows does not. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // Not supported here (EISDIR/EPERM on Windows, some network file systems): the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes via a temp file, fsync and rename, so a reader never sees a
 * half-written module and a power loss does not leave an empty one; creates
 * the folder (`-o .pi/permc/policy.mjs`). Throws a WriteFailure.
 */
export function writeAtomically(file: string, text: string): void {
  const target = path.resolve(file);
  const dir = path.dirname(target);
  const name = path.basename(target);
  const fail = (e: unknown) => new WriteFailure(`cannot write ${file}: ${writeFailureReason(e)}`);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw fail(e);
  }
  removeStaleTemps(dir, name);
  const temp = path.join(dir, tempName(name, process.pid));
  try {
    const fd = openSync(temp, "wx");
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (e) {
    rmSync(temp, { force: true });
    throw fail(e);
  }
  syncDirectory(dir);
}

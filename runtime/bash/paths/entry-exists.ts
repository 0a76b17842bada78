/**
 * Whether a directory entry exists at `p`: one `lstat` (canonical.ts
 * entryKind), so a dangling symlink counts (it is an entry a command can
 * open or write through), and any error (a prefix that is not a directory,
 * no permission) reads as missing.
 */
import { accessSync, constants, statSync } from "node:fs";
import { entryKind } from "../../paths/canonical.js";

export function entryExists(p: string): boolean {
  return entryKind(p) !== "none";
}

/** A directory is at `p` now, a link to one included (a `cd` can enter it, a glob ending in a slash matches it); any error reads as none. */
export function isDirectoryNow(p: string): boolean {
  try {
    return statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

/** A directory is at `p` now that this process may enter (search permission all the way: `cd /root` as another user fails). */
export function canEnterNow(p: string): boolean {
  if (!isDirectoryNow(p)) return false;
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

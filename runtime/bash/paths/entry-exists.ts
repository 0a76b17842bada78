/**
 * Whether a directory entry exists at `p`: one `lstat`, so a dangling symlink
 * counts (it is an entry a command can open or write through), and any error
 * (a prefix that is not a directory, no permission) reads as missing.
 */
import { lstatSync } from "node:fs";

export function entryExists(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

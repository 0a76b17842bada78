/**
 * Whether a directory entry exists at `p`: one `lstat` (canonical.ts
 * entryKind), so a dangling symlink counts (it is an entry a command can
 * open or write through), and any error (a prefix that is not a directory,
 * no permission) reads as missing.
 */
import { entryKind } from "../../paths/canonical.js";

export function entryExists(p: string): boolean {
  return entryKind(p) !== "none";
}

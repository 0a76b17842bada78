/**
 * The member names of an archive an extraction writes, when permc can read
 * them: tar (plain or gzip) and zip, told apart by their first bytes. Null
 * for anything else, and the caller keeps its prefix query.
 */
import { closeSync, openSync } from "node:fs";
import { readAt } from "./read-at.js";
import { tarMembers } from "./tar-members.js";
import type { ArchiveMembers } from "./types.js";
import { zipMembers } from "./zip-members.js";

/** Archives one call lists at most (classify.ts); the others keep the prefix query. */
export const MAX_ARCHIVES_READ = 4;

export function archiveMembers(file: string): ArchiveMembers | null {
  let head: Buffer;
  try {
    const fd = openSync(file, "r");
    try {
      head = readAt(fd, 0, 4);
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  // "PK\x03\x04" starts a zip with members, "PK\x05\x06" an empty one.
  if (head.length === 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) return zipMembers(file);
  return tarMembers(file);
}

/**
 * The member names of a zip archive, read from its central directory, so
 * `unzip a.zip` writes named files instead of "anything under the
 * directory". Zip64, an absolute or `..` member, a backslash, a name in a
 * legacy code page, or an archive past the budgets gives null (the caller
 * keeps its prefix query). `links` says a member is a Unix symlink, which
 * unzip restores.
 */
import { memberName, readAt, withArchiveFile } from "./archive-file.js";
import type { ArchiveMembers } from "./types.js";

const END_RECORD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
/** The end record is 22 bytes, after which a comment of up to 65,535 bytes may follow. */
export const ZIP_TAIL = 22 + 0xffff;
const MAX_DIRECTORY_BYTES = 4 << 20;
const MAX_MEMBERS = 2_000;

export function zipMembers(file: string): ArchiveMembers | null {
  return withArchiveFile(file, (fd, size) => {
    const tailAt = Math.max(0, size - ZIP_TAIL);
    const tail = readAt(fd, tailAt, size - tailAt);
    let end = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_RECORD) {
        end = i;
        break;
      }
    }
    // The end record's comment runs to the end of the file; a signature inside a comment is not the record.
    if (end < 0 || end + 22 + tail.readUInt16LE(end + 20) !== tail.length) return null;
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryAt = tail.readUInt32LE(end + 16);
    // Zip64 marks its real values with all-ones fields.
    if (count === 0xffff || directoryAt === 0xffffffff || directorySize > MAX_DIRECTORY_BYTES || count > MAX_MEMBERS) return null;
    const directory = readAt(fd, directoryAt, directorySize);
    if (directory.length < directorySize) return null;
    const names: string[] = [];
    let links = false;
    for (let at = 0, n = 0; n < count; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_ENTRY) return null;
      const flags = directory.readUInt16LE(at + 8);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const external = directory.readUInt32LE(at + 38);
      const raw = directory.subarray(at + 46, at + 46 + nameLength);
      if (raw.length < nameLength) return null;
      // A name in a legacy code page is not the name unzip writes on every system.
      if ((flags & 0x800) === 0 && raw.some((b) => b >= 0x80)) return null;
      const name = raw.toString("utf8");
      // A Unix mode in the high half says symlink (unzip restores those); whatever host made it, take it at its word.
      if (((external >>> 16) & 0o170000) === 0o120000) links = true;
      const cleaned = memberName(name);
      if (cleaned === null || name.includes("\\")) return null;
      if (cleaned !== "") names.push(cleaned);
      at += 46 + nameLength + extraLength + commentLength;
    }
    return { names, links };
  });
}

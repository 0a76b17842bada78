/**
 * What the archive readers (tar-members.ts, zip-members.ts,
 * archive-members.ts) share: reading an open file by position, opening one
 * so that any failure is "cannot tell" (null), and a member's name as the
 * extracting program writes it.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

/** `length` bytes of an open file from `position`, or fewer at its end. */
export function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const n = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, n);
}

/** `read` over the open file and its size; null when it cannot be opened or reading it throws. Always closed. */
export function withArchiveFile<T>(file: string, read: (fd: number, size: number) => T | null): T | null {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return null;
  }
  try {
    return read(fd, fstatSync(fd).size);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * A member's name relative to where it lands: `./` and a directory's
 * trailing `/` dropped; "" for the archive's own top (`./`); null for a
 * name that is absolute or climbs out (`..`), which the caller refuses.
 */
export function memberName(name: string): string | null {
  const cleaned = name.replace(/^(?:\.\/)+/, "").replace(/\/+$/, "");
  if (cleaned.startsWith("/") || cleaned.split("/").includes("..")) return null;
  return cleaned === "." ? "" : cleaned;
}

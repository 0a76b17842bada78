import { readSync } from "node:fs";

/** `length` bytes of an open file from `position`, or fewer at its end (the archive readers' one read). */
export function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const n = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, n);
}

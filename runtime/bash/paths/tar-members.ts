/**
 * The member names of a tar archive, read from its headers, so extracting it
 * (`tar xf a.tar`) writes named files instead of "anything under the
 * directory". Plain and gzip-compressed archives, ustar, GNU long names and
 * pax `path` records. Anything else — another compression, a member whose
 * name climbs out (`..`) or is absolute, a header permc does not know, an
 * archive past the budgets — gives null, and the caller keeps the prefix
 * query. `links` says the archive makes a symlink, hard link or special
 * file: then paths under where it lands may reach anywhere.
 */
import { createRequire } from "node:module";

import { memberName, readAt, withArchiveFile } from "./archive-file.js";
import type { ArchiveMembers } from "./types.js";

const BLOCK = 512;
/** Members listed at most, as a walked directory's entries. */
const MAX_MEMBERS = 2_000;
/** A plain archive is read header by header; a compressed one is inflated whole, so its size is bounded. */
const MAX_COMPRESSED_BYTES = 8 << 20;
const MAX_INFLATED_BYTES = 8 << 20;

/** Reads `length` bytes at `position`, or fewer at the end of the data. */
type Reader = (position: number, length: number) => Uint8Array;

/**
 * node:zlib, loaded on the first compressed archive: loading it costs a
 * one-call hook about 3.5 ms, and almost no command extracts one.
 */
const requireBuiltin = createRequire(import.meta.url);
let zlib: typeof import("node:zlib") | undefined;
const gunzipSync: typeof import("node:zlib").gunzipSync = (data, options) =>
  (zlib ??= requireBuiltin("node:zlib") as typeof import("node:zlib")).gunzipSync(data, options);

export function tarMembers(file: string): ArchiveMembers | null {
  return withArchiveFile(file, (fd, size) => {
    const head = readAt(fd, 0, 2);
    if (head.length === 2 && head[0] === 0x1f && head[1] === 0x8b) {
      if (size > MAX_COMPRESSED_BYTES) return null;
      const data = gunzipSync(readAt(fd, 0, size), { maxOutputLength: MAX_INFLATED_BYTES });
      return members((position, length) => data.subarray(position, position + length));
    }
    return members((position, length) => readAt(fd, position, length));
  });
}

function members(read: Reader): ArchiveMembers | null {
  const names: string[] = [];
  let links = false;
  let longName: string | null = null;
  let paxPath: string | null = null;
  for (let at = 0; ; ) {
    const header = read(at, BLOCK);
    if (header.length < BLOCK) return null;
    if (header.every((b) => b === 0)) return { names, links };
    if (!checksumOk(header)) return null;
    const type = String.fromCharCode(header[156] as number);
    const size = octal(header, 124, 12);
    if (size === null) return null;
    const dataAt = at + BLOCK;
    at = dataAt + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "L" || type === "x") {
      const data = read(dataAt, size);
      if (data.length < size) return null;
      if (type === "L") longName = text(data, 0, size);
      else {
        const path = paxRecord(data, "path");
        if (path === undefined) return null;
        if (path !== null) paxPath = path;
      }
      continue;
    }
    // Global pax headers, long link names, GNU extensions permc does not read: refuse rather than guess.
    if (!"01234567\0".includes(type)) return null;
    const ustar = text(header, 257, 5) === "ustar";
    const short = text(header, 0, 100);
    const prefix = ustar ? text(header, 345, 155) : "";
    const name = paxPath ?? longName ?? (prefix !== "" ? `${prefix}/${short}` : short);
    paxPath = null;
    longName = null;
    if (type !== "0" && type !== "\0" && type !== "7" && type !== "5") links = true;
    const cleaned = memberName(name);
    if (cleaned === null) return null;
    if (cleaned === "") continue;
    names.push(cleaned);
    if (names.length > MAX_MEMBERS) return null;
  }
}

/** A NUL-terminated field as UTF-8. */
function text(bytes: Uint8Array, from: number, length: number): string {
  let end = from;
  while (end < from + length && end < bytes.length && bytes[end] !== 0) end++;
  return Buffer.from(bytes.subarray(from, end)).toString("utf8");
}

/** An octal number field (spaces and NULs around it); base-256 sizes are refused. */
function octal(bytes: Uint8Array, from: number, length: number): number | null {
  if (((bytes[from] as number) & 0x80) !== 0) return null;
  const digits = text(bytes, from, length).trim();
  if (!/^[0-7]*$/.test(digits)) return null;
  return digits === "" ? 0 : Number.parseInt(digits, 8);
}

/** The header checksum: the sum of its bytes with the checksum field read as spaces. */
function checksumOk(header: Uint8Array): boolean {
  const stored = octal(header, 148, 8);
  if (stored === null) return false;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] as number);
  return sum === stored;
}

/** The value of a pax record (`LEN key=value\n`, LEN in bytes), null when absent, undefined when the data is not pax records. */
function paxRecord(data: Uint8Array, key: string): string | null | undefined {
  const bytes = Buffer.from(data);
  let found: string | null = null;
  for (let i = 0; i < bytes.length; ) {
    const space = bytes.indexOf(0x20, i);
    if (space < 0) return undefined;
    const length = Number.parseInt(bytes.toString("latin1", i, space), 10);
    if (!Number.isInteger(length) || length <= space - i || i + length > bytes.length) return undefined;
    const record = bytes.toString("utf8", space + 1, i + length - 1);
    const eq = record.indexOf("=");
    // A sparse file's real name is in GNU.sparse.name; the header holds a placeholder.
    if (record.startsWith("GNU.sparse.")) return undefined;
    if (eq > 0 && record.slice(0, eq) === key) found = record.slice(eq + 1);
    i += length;
  }
  return found;
}

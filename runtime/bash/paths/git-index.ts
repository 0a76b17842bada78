/**
 * The paths a git index lists (gitformat-index: versions 2, 3 and 4), so that
 * `git diff` — the work tree against the index — is known to print only the
 * changes of tracked files: a work tree whose `.env` is ignored (untracked)
 * never shows it.
 *
 * Trust: the file's trailing checksum must be the SHA-1 (or, in a SHA-256
 * repository, the SHA-256) of the rest, as git itself requires before it
 * uses an index; anything else is null and the caller keeps its prefix
 * query: an index written without a checksum (`index.skipHash`), a split
 * index (the `link` extension: the other entries live in a shared file),
 * a truncated or malformed entry, an absolute or `..` name, more than the
 * budget of entries or bytes.
 *
 * A sparse directory entry (`dir/`, mode 040000) and a submodule (mode
 * 0160000, whose own files `git diff --submodule=diff` prints) stand for
 * everything under them: they are returned in `under`.
 */
import { createHash } from "node:crypto";
import { readAt, withArchiveFile } from "./archive-file.js";

/** Entries at most: past this the caller asks the rules by prefix (each entry is a path candidate). */
export const MAX_INDEX_ENTRIES = 20_000;
/** Bytes at most (an index of 20,000 entries with long names is a few megabytes). */
const MAX_INDEX_BYTES = 8 * 1024 * 1024;

const MODE_TYPE_MASK = 0o170000;
const MODE_DIRECTORY = 0o040000;
const MODE_GITLINK = 0o160000;
const FLAG_EXTENDED = 0x4000;
const NAME_LENGTH_MASK = 0xfff;
/** Stat fields an entry caches, in order, before its object name. */
export const STAT_FIELDS = 10;

export interface IndexPaths {
  /** Tracked files (and symlinks), relative to the top of the work tree, each once. */
  readonly files: readonly string[];
  /**
   * The stat data the index cached for file i, field f (STAT_FIELDS fields:
   * ctime s/ns, mtime s/ns, dev, ino, mode, uid, gid, size, as git stores
   * them in 32 bits): a file whose lstat still says all of these is one git
   * does not read. Read on demand: few files are asked about.
   */
  readonly statAt: (file: number, field: number) => number;
  /** Sparse directories and submodules: any path under them. */
  readonly under: readonly string[];
}

/** The paths the index file lists, or null when permc should not trust its reading (see above). */
export function readIndexPaths(indexFile: string): IndexPaths | null {
  return withArchiveFile(indexFile, (fd, size) => (size > MAX_INDEX_BYTES || size < 12 ? null : parseIndex(readAt(fd, 0, size))));
}

/** Exported for tests: the parse of an index file's bytes. */
export function parseIndex(data: Buffer): IndexPaths | null {
  if (data.length < 12 || data.toString("latin1", 0, 4) !== "DIRC") return null;
  const version = data.readUInt32BE(4);
  if (version < 2 || version > 4) return null;
  const count = data.readUInt32BE(8);
  if (count > MAX_INDEX_ENTRIES) return null;
  const hashLength = checksumLength(data);
  if (hashLength === null) return null;
  const end = data.length - hashLength;
  const files: string[] = [];
  const entries: number[] = [];
  const under: string[] = [];
  let last = "";
  let at = 12;
  let previous: Buffer = Buffer.alloc(0);
  for (let k = 0; k < count; k++) {
    const entry = at;
    const fixed = 40 + hashLength + 2;
    if (at + fixed > end) return null;
    const mode = data.readUInt32BE(at + 24);
    const flags = data.readUInt16BE(at + 40 + hashLength);
    let nameStart = at + fixed;
    if ((flags & FLAG_EXTENDED) !== 0) {
      if (version < 3) return null;
      nameStart += 2;
    }
    let name: string;
    let next: number;
    if (version === 4) {
      // A varint of how many bytes to drop from the previous name, then the rest of this one.
      const strip = readVarint(data, nameStart, end);
      if (strip === null) return null;
      const nul = data.indexOf(0, strip.next);
      if (nul < 0 || nul >= end) return null;
      const kept = previous.length - strip.value;
      if (kept < 0) return null;
      previous = Buffer.concat([previous.subarray(0, kept), data.subarray(strip.next, nul)]);
      name = previous.toString("utf8");
      next = nul + 1;
    } else {
      const length = flags & NAME_LENGTH_MASK;
      // The name's length is in the flags (below 0xFFF): its NUL is right there; a longer name is searched for.
      const nul = length < NAME_LENGTH_MASK ? nameStart + length : data.indexOf(0, nameStart);
      if (nul < nameStart || nul >= end || data[nul] !== 0) return null;
      name = data.toString("utf8", nameStart, nul);
      // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes from where they start.
      next = at + ((nameStart - at + (nul - nameStart) + 8) & ~7);
      if (next > end) return null;
    }
    at = next;
    const type = mode & MODE_TYPE_MASK;
    const path = type === MODE_DIRECTORY && name.endsWith("/") ? name.slice(0, -1) : name;
    // Entries are sorted by name, then stage: a conflicted path's stages are adjacent.
    if (path === last) continue;
    last = path;
    if (!isTreeName(path)) return null;
    if (type === MODE_DIRECTORY || type === MODE_GITLINK) under.push(path);
    else {
      files.push(path);
      entries.push(entry);
    }
  }
  if (hasSplitIndex(data, at, end)) return null;
  return { files, under, statAt: (file, field) => data.readUInt32BE((entries[file] as number) + 4 * field) };
}

/** The length of the trailing checksum that matches the content (20 for SHA-1, 32 for SHA-256), or null. */
function checksumLength(data: Buffer): number | null {
  for (const [algorithm, length] of [
    ["sha1", 20],
    ["sha256", 32],
  ] as const) {
    if (data.length < 12 + length) continue;
    const digest = createHash(algorithm)
      .update(data.subarray(0, data.length - length))
      .digest();
    if (digest.equals(data.subarray(data.length - length))) return length;
  }
  return null;
}

/** git's offset varint (varint.c): 7 bits a byte, each continuation adding one before the shift. */
function readVarint(data: Buffer, at: number, end: number): { value: number; next: number } | null {
  if (at >= end) return null;
  let c = data[at] as number;
  let value = c & 127;
  let k = at + 1;
  while ((c & 128) !== 0) {
    if (k >= end || value > 0xffffff) return null;
    c = data[k++] as number;
    value = ((value + 1) << 7) | (c & 127);
  }
  return { value, next: k };
}

/** A name git could have written: relative, no empty, `.` or `..` component (one scan, no allocation: an index lists thousands). */
function isTreeName(name: string): boolean {
  let start = 0;
  for (let i = 0; i <= name.length; i++) {
    if (i < name.length && name.charCodeAt(i) !== 0x2f /* / */) continue;
    const length = i - start;
    if (length === 0) return false;
    if (name.charCodeAt(start) === 0x2e /* . */ && (length === 1 || (length === 2 && name.charCodeAt(start + 1) === 0x2e))) return false;
    start = i + 1;
  }
  return true;
}

/** The extensions after the entries include `link`: this index holds only the changes to a shared one. */
function hasSplitIndex(data: Buffer, at: number, end: number): boolean {
  while (at + 8 <= end) {
    if (data.toString("latin1", at, at + 4) === "link") return true;
    const size = data.readUInt32BE(at + 4);
    at += 8 + size;
  }
  return false;
}

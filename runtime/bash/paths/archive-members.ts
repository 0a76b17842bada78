/**
 * The member names of an archive an extraction writes, when permc can read
 * them: tar (plain or gzip) or zip, as the extracting program reads it. Null
 * for anything else, and the caller keeps its prefix query.
 */
import { readAt, withArchiveFile } from "./archive-file.js";
import { tarMembers } from "./tar-members.js";
import type { ArchiveFormat } from "../programs/knowledge/extractors.js";
import { resolve } from "node:path";
import { clean } from "./clean-token.js";
import type { ArchiveMembers, ExtractedArchive, PathBase } from "./types.js";
import { ZIP_TAIL, zipMembers } from "./zip-members.js";

/** Archives one call lists at most (classify.ts); the others keep the prefix query. */
export const MAX_ARCHIVES_READ = 4;

/**
 * The members `format`'s program writes from `file`: unzip reads zip; tar
 * reads tar — and a file that looks like a zip too is refused for tar, since
 * bsdtar (macOS's tar) would extract it as one and GNU tar as the other.
 */
export function archiveMembers(file: string, format: ArchiveFormat): ArchiveMembers | null {
  if (format === "zip") return zipMembers(file);
  const ends = withArchiveFile(file, (fd, size) => ({ head: readAt(fd, 0, 4), tail: readAt(fd, Math.max(0, size - ZIP_TAIL), Math.min(size, ZIP_TAIL)) }));
  if (ends === null) return null;
  const { head, tail } = ends;
  // "PK\x03\x04" starts a zip with members, "PK\x05\x06" an empty one; its end record sits in the last 64 KiB.
  if (head.length === 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5)) return null;
  if (tail.includes(ZIP_END_SIGNATURE)) return null;
  return tarMembers(file);
}

/** "PK\x05\x06", as Buffer#includes takes it. No Buffer at load time: the playground has none. */
const ZIP_END_SIGNATURE = "PK\u0005\u0006";

/**
 * The members of the archives one call extracts, read at most once each and
 * MAX_ARCHIVES_READ a call (past them the rest keep their prefix query:
 * inflating one costs up to tens of milliseconds), cached in `read` (shared
 * by the split and the classification of its paths).
 */
export function cachedArchiveMembers(
  read: Map<string, ArchiveMembers | null>,
  home: string,
): (archive: ExtractedArchive, base: PathBase) => ArchiveMembers | null {
  return (archive, base) => {
    if (!base.known) return null;
    const file = resolve(base.dir, clean(archive.file, home));
    const key = `${archive.format}:${file}`;
    let found = read.get(key);
    if (found === undefined) read.set(key, (found = read.size < MAX_ARCHIVES_READ ? archiveMembers(file, archive.format) : null));
    return found;
  };
}

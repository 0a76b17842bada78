/**
 * Where a Go program's function starts, read from the program's own function
 * table (pclntab), which Go keeps even in a stripped binary: the runtime needs
 * it for stack traces. The variables discovery (go-env-reads.ts) stops a Go
 * program where it reads a variable; the getenv shim cannot see such a read,
 * because a Go program links no libc.
 *
 * The table's layout since Go 1.18 (src/runtime/symtab.go, `pcHeader`):
 *   magic u32 (0xfffffff0 for 1.18–1.19, 0xfffffff1 since 1.20), two zero
 *   bytes, the instruction size quantum (1 on amd64), the pointer size (8),
 *   then eight pointer-sized words: the number of functions, of files, the
 *   address the text starts at, and the offsets of the name table, the
 *   compilation units, the file table, the pc tables and the function table.
 * The function table holds, per function, the offset of its entry from the
 * text start and the offset of its record; a record starts with the same
 * entry offset and the offset of its name in the name table.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";

const MAGICS = [0xfffffff0, 0xfffffff1];
const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);

/** An ELF program that holds Go's build information (every Go binary, stripped or not). */
function holdsGoBuildInfo(elf: Buffer): boolean {
  return elf.indexOf("\xff Go buildinf:", 0, "latin1") !== -1;
}

/** A program's bytes; null for a file that is no ELF program (a script), read no further than its first bytes. */
function programBytes(file: string): Buffer | null {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(4);
    if (readSync(fd, head, 0, 4, 0) !== 4 || !head.equals(ELF)) return null;
    const bytes = Buffer.alloc(fstatSync(fd).size);
    let at = 0;
    while (at < bytes.length) {
      const n = readSync(fd, bytes, at, bytes.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return bytes.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

/** The table's header, read at `at`, or null when the bytes there are not one this reader knows. */
function headerAt(bytes: Buffer, at: number): { nfunc: number; textStart: bigint; names: number; functions: number } | null {
  if (at + 72 > bytes.length || !MAGICS.includes(bytes.readUInt32LE(at))) return null;
  if (bytes[at + 4] !== 0 || bytes[at + 5] !== 0 || bytes[at + 6] !== 1 || bytes[at + 7] !== 8) return null;
  const word = (i: number): bigint => bytes.readBigUInt64LE(at + 8 + 8 * i);
  const nfunc = Number(word(0));
  const names = at + Number(word(3));
  const functions = at + Number(word(7));
  if (nfunc <= 0 || nfunc > 10_000_000 || names >= bytes.length || functions + 8 * nfunc > bytes.length) return null;
  return { nfunc, textStart: word(2), names, functions };
}

/** The NUL-ended name at `at`. */
function nameAt(bytes: Buffer, at: number): string {
  const end = bytes.indexOf(0, at);
  return bytes.toString("latin1", at, end === -1 ? Math.min(bytes.length, at + 256) : end);
}

/**
 * The entry addresses of the functions of a Go program named in `wanted` (`syscall.Getenv`), by name; absent
 * names are not in the program. Null when the file is no Go program or its table cannot be found.
 */
export function goFunctionAddresses(file: string, wanted: readonly string[]): Map<string, bigint> | null {
  const bytes = programBytes(file);
  if (bytes === null || !holdsGoBuildInfo(bytes)) return null;
  for (const magic of MAGICS) {
    const pattern = Buffer.alloc(4);
    pattern.writeUInt32LE(magic);
    for (let at = bytes.indexOf(pattern); at !== -1; at = bytes.indexOf(pattern, at + 4)) {
      const h = headerAt(bytes, at);
      if (h === null) continue;
      const found = new Map<string, bigint>();
      let sane = true;
      for (let i = 0; i < h.nfunc && sane; i++) {
        const entry = bytes.readUInt32LE(h.functions + 8 * i);
        const record = h.functions + bytes.readUInt32LE(h.functions + 8 * i + 4);
        if (record + 8 > bytes.length || bytes.readUInt32LE(record) !== entry) {
          sane = false;
          break;
        }
        const name = nameAt(bytes, h.names + bytes.readInt32LE(record + 4));
        if (wanted.includes(name)) found.set(name, h.textStart + BigInt(entry));
      }
      if (sane) return found;
    }
  }
  return null;
}

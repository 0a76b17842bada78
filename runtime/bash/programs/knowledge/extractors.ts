/**
 * Programs that write files whose names come from data permc does not read:
 * an archive's members (`unzip a.zip`, `7z x a.7z`, `ar x lib.a`), a patch's
 * file headers (`patch -p1 < fix.diff`). They write under the directory they
 * work in, or under the one an option names (`unzip -d DIR`, `7z -oDIR`,
 * `patch -d DIR`), so every path there may be written (`extracts`). tar,
 * cpio, curl, wget and git's clone/apply/am carry the same marks in their
 * own records.
 */
import type { OptionSpec, ProgramRecord, Subcommand, Unsure } from "../program-record.js";
import { recordGroup } from "./record-group.js";

const unsure = (why: string): Unsure => ({ unsure: why });

/** Which reader an extracting program needs (paths/archive-members.ts). */
export type ArchiveFormat = "tar" | "zip";

/**
 * The archive format each extracting program reads, for listing what it
 * writes (paths/archive-members.ts): `tar` may be GNU tar or bsdtar (macOS),
 * which reads zips too, so a zip-looking file is refused for tar.
 */
export const ARCHIVE_FORMATS: Readonly<Record<string, ArchiveFormat>> = { tar: "tar", gtar: "tar", bsdtar: "tar", unzip: "zip" };

/** An option after which the program writes nothing its data names (a listing, a test, standard output). */
export const NO_EXTRACT: OptionSpec = { means: "flag", noExtract: true };

/** 7-Zip's switches are `-oDIR`, `-pPASSWORD`, `-tTYPE`…: a letter and its attached value. */
const SEVEN_ZIP_OPTIONS = { unknown: "flag", permute: true, at: "names-file", short: { o: { means: "write-dir", takes: "attached" } } } as const;
const SEVEN_ZIP_EXTRACT: Subcommand = { extracts: true, options: SEVEN_ZIP_OPTIONS };

export const EXTRACTORS = recordGroup((): readonly ProgramRecord[] => [
  {
    names: ["unzip"],
    extracts: true,
    options: {
      unknown: "flag",
      permute: true,
      short: {
        d: "write-dir",
        x: "value",
        P: "value",
        // Junk paths, lowercase names, escaped non-ASCII names, backups named `x~`: not the archive's names.
        j: { means: "flag", inexactMembers: true },
        L: { means: "flag", inexactMembers: true },
        U: { means: "flag", inexactMembers: true },
        B: { means: "flag", inexactMembers: true },
        l: NO_EXTRACT,
        t: NO_EXTRACT,
        v: NO_EXTRACT,
        z: NO_EXTRACT,
        Z: NO_EXTRACT,
        p: NO_EXTRACT,
        c: NO_EXTRACT,
      },
    },
    // The archive, then the members to extract (names inside it, not paths here).
    operands: ["archive", "value"],
  },
  {
    names: ["7z", "7za", "7zr", "7zz"],
    options: SEVEN_ZIP_OPTIONS,
    // The first operand is the command letter; `x` and `e` extract, `l` and `t` only read; `@LIST` names files.
    subcommands: { x: SEVEN_ZIP_EXTRACT, e: SEVEN_ZIP_EXTRACT },
  },
  {
    names: ["ar", "gcc-ar", "llvm-ar"],
    options: {
      abbreviations: true,
      unknown: "flag",
      permute: true,
      oldStyle: true,
      short: { x: "extract", p: NO_EXTRACT, t: NO_EXTRACT },
      long: { output: "write-dir", plugin: { means: unsure("ar --plugin loads a shared library"), takes: "value" } },
    },
  },
  {
    // `patch [ORIGFILE [PATCHFILE]]`: without ORIGFILE it patches the files the patch's headers name.
    names: ["patch", "gpatch"],
    extracts: true,
    options: {
      unknown: "flag",
      permute: true,
      abbreviations: true,
      short: { d: "chdir", i: "read", o: "write", r: "write", p: "value", B: "value", Y: "value", z: "value", D: "value", F: "value", V: "value", g: "value" },
      long: {
        directory: "chdir",
        input: "read",
        output: "write",
        "reject-file": "write",
        strip: "value",
        prefix: "value",
        "basename-prefix": "value",
        suffix: "value",
        ifdef: "value",
        fuzz: "value",
        "version-control": "value",
        get: "value",
        "quoting-style": "value",
        "reject-format": "value",
        "dry-run": NO_EXTRACT,
      },
    },
    operands: ["path", "read"],
  },
]);

/**
 * Compressors. Each replaces its file operands in place: compressing writes
 * `x.gz` and removes `x`; decompressing writes the name without the suffix
 * (`gunzip x.env.gz` writes x.env, meaning `decompressed`) or, with `-N`,
 * the name stored in the file, which permc does not read (`extract`: any
 * name where it works). `-c` and the listing and testing options write
 * nothing but standard output. An option that says which suffix to strip
 * (`-S`) makes the name written unknown: floored.
 */
import type { Meaning, OptionSpec, ProgramRecord } from "../program-record.js";
import { recordGroup } from "./record-group.js";

/** The suffixes a decompressor strips, and what it puts in their place (`.tgz` → `.tar`), compared without case. */
export const COMPRESSION_SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  [".tgz", ".tar"],
  [".taz", ".tar"],
  [".txz", ".tar"],
  [".tlz", ".tar"],
  [".tbz2", ".tar"],
  [".tbz", ".tar"],
  [".tzst", ".tar"],
  [".gz", ""],
  ["-gz", ""],
  [".z", ""],
  ["-z", ""],
  ["_z", ""],
  [".xz", ""],
  [".lzma", ""],
  [".bz2", ""],
  [".bz", ""],
  [".zst", ""],
  [".zstd", ""],
  [".lz4", ""],
];

/**
 * The suffixes gpg strips when it decrypts or verifies a file it is given without a command or `-o`
 * (`gpg x.env.gpg` writes `x.env`: a review with real runs), `--decrypt-files` too.
 */
export const GPG_SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  [".gpg", ""],
  [".pgp", ""],
  [".asc", ""],
  [".sig", ""],
];

const toOutput: OptionSpec = { means: "flag", operands: ["read"], noExtract: true };
const decompress: OptionSpec = { means: "flag", operands: ["decompressed"] };
const suffix: OptionSpec = { means: { unsure: "the suffix it strips is given, so permc cannot tell the name it writes" }, takes: "value" };
/** gzip's `-N`: the name restored is stored in the file. */
const storedName: Meaning = "extract";

function compressor(
  names: string[],
  operands: Meaning[],
  long: Record<string, OptionSpec | Meaning> = {},
  short: Record<string, OptionSpec | Meaning> = {},
): ProgramRecord {
  return {
    names,
    options: {
      unknown: "flag",
      permute: true,
      abbreviations: true,
      numeric: true,
      short: { c: toOutput, d: decompress, l: toOutput, t: toOutput, k: "flag", f: "flag", q: "flag", v: "flag", z: "flag", ...short },
      long: { stdout: toOutput, "to-stdout": toOutput, decompress, uncompress: decompress, list: toOutput, test: toOutput, ...long },
    },
    operands,
  };
}

const GZIP_SHORT = { N: storedName, n: "flag", S: suffix } as const;
const GZIP_LONG = { name: storedName, "no-name": "flag", suffix } as const;

export const COMPRESSORS = recordGroup((): readonly ProgramRecord[] => [
  compressor(["gzip", "pigz"], ["path"], GZIP_LONG, GZIP_SHORT),
  compressor(["gunzip", "unpigz"], ["decompressed"], GZIP_LONG, GZIP_SHORT),
  compressor(["xz", "lzma", "bzip2", "lzip"], ["path"], { suffix }, { S: suffix }),
  compressor(["unxz", "unlzma", "bunzip2"], ["decompressed"], { suffix }, { S: suffix }),
  compressor(["zstd"], ["path"], { output: "write", "output-dir-flat": "write-dir", "output-dir-mirror": "write-dir" }, { o: "write" }),
  compressor(["unzstd"], ["decompressed"], { output: "write", "output-dir-flat": "write-dir", "output-dir-mirror": "write-dir" }, { o: "write" }),
  // lz4 takes an output name as its second operand (`lz4 -d x.lz4 out`); `-m` makes every operand an input, each
  // decompressed when it ends in `.lz4` (`lz4 -m x.env.lz4` writes `x.env`: a review with real runs).
  compressor(
    ["lz4"],
    ["path", "write"],
    { multiple: { means: "flag", operands: ["decompressed"] } },
    { d: { means: "flag", operands: ["decompressed", "write"] }, m: { means: "flag", operands: ["decompressed"] } },
  ),
  compressor(["unlz4"], ["decompressed", "write"]),
]);

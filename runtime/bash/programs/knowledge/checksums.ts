/**
 * Checksum programs: they read their operands, except with `-c`/`--check`,
 * when each operand (or standard input) is a list of `DIGEST  NAME` lines
 * and they read every file a line names (`echo '0…0  ~/.ssh/id_rsa' |
 * md5sum -c`). Those names are data permc does not read, so they may be any
 * path (`names-input`). The grammars are complete for GNU coreutils 9 and
 * perl's shasum, so an option permc does not list (shasum reads long options
 * in any case: `--CHECK`) is unsure rather than taken for a flag.
 */
import type { Meaning, OptionSpec, ProgramRecord } from "../program-record.js";
import { recordGroup } from "./record-group.js";

/** `-c`: the operands are lists of the files to read. */
const CHECK: Meaning = "names-input";

/** coreutils' md5sum, the sha*sum family, b2sum and cksum (which adds -a, -l and output styles). */
const GNU: { readonly short: Record<string, OptionSpec | Meaning>; readonly long: Record<string, OptionSpec | Meaning> } = {
  short: { a: "value", b: "flag", c: CHECK, l: "value", t: "flag", w: "flag", z: "flag" },
  long: {
    algorithm: "value",
    base64: "flag",
    binary: "flag",
    check: CHECK,
    debug: "flag",
    help: "flag",
    "ignore-missing": "flag",
    length: "value",
    quiet: "flag",
    raw: "flag",
    status: "flag",
    strict: "flag",
    tag: "flag",
    text: "flag",
    untagged: "flag",
    version: "flag",
    warn: "flag",
    zero: "flag",
  },
};

/** perl's shasum (Getopt::Long, bundling). */
const SHASUM: { readonly short: Record<string, OptionSpec | Meaning>; readonly long: Record<string, OptionSpec | Meaning> } = {
  short: { a: "value", b: "flag", c: CHECK, t: "flag", U: "flag", "0": "flag", q: "flag", s: "flag", w: "flag", z: "flag", h: "flag", v: "flag" },
  long: {
    algorithm: "value",
    binary: "flag",
    check: CHECK,
    tag: "flag",
    text: "flag",
    UNIVERSAL: "flag",
    "01": "flag",
    zero: "flag",
    "ignore-missing": "flag",
    quiet: "flag",
    status: "flag",
    strict: "flag",
    warn: "flag",
    help: "flag",
    version: "flag",
  },
};

export const CHECKSUMS = recordGroup((): ProgramRecord[] => [
  {
    names: ["md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum"],
    options: { unknown: "unsure", permute: true, abbreviations: true, ...GNU },
    operands: ["read"],
  },
  { names: ["shasum"], options: { unknown: "unsure", permute: true, abbreviations: true, ...SHASUM }, operands: ["read"] },
]);

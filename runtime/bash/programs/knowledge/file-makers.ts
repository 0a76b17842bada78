/**
 * Programs that write files under names they make: a prefix or a template
 * they are given and a suffix of their own (`split f PREFIX` writes
 * PREFIXaa, PREFIXab…; `mktemp -p DIR` a name in DIR). The prefix names the
 * directory too (`split f ~/.ssh/`), so it meets the write rules as the
 * start of every name it makes (meaning `write-prefix`), and a directory
 * given apart as any name under it (`write-dir`). An option that makes the
 * suffix itself (`--additional-suffix=.env`, `csplit -b '%d.env'`) floors.
 */
import type { ProgramRecord } from "../program-record.js";
import { recordGroup } from "./record-group.js";

const namesFromFormat = (what: string) => ({ unsure: `${what}: the names written end in text permc does not check` }) as const;

export const FILE_MAKERS = recordGroup((): readonly ProgramRecord[] => [
  {
    names: ["split"],
    options: {
      // GNU split reads options anywhere on the line: `split in x --filter=CMD` runs CMD.
      permute: true,
      abbreviations: true,
      short: { a: "value", b: "value", C: "value", l: "value", n: "value", t: "value", d: "flag", x: "flag", e: "flag", u: "flag" },
      long: {
        filter: "shell",
        "suffix-length": "value",
        "additional-suffix": { means: namesFromFormat("split --additional-suffix"), takes: "value" },
        bytes: "value",
        "line-bytes": "value",
        lines: "value",
        number: "value",
        separator: "value",
        "numeric-suffixes": { means: "value", takes: "attached" },
        "hex-suffixes": { means: "value", takes: "attached" },
        "elide-empty-files": "flag",
        unbuffered: "flag",
        verbose: "flag",
        help: "flag",
        version: "flag",
      },
    },
    operands: ["read", "write-prefix"],
  },
  {
    names: ["csplit"],
    options: {
      permute: true,
      abbreviations: true,
      short: { f: "write-prefix", b: { means: namesFromFormat("csplit -b"), takes: "value" }, n: "value", k: "flag", s: "flag", z: "flag" },
      long: {
        prefix: "write-prefix",
        "suffix-format": { means: namesFromFormat("csplit --suffix-format"), takes: "value" },
        digits: "value",
        "keep-files": "flag",
        "suppress-matched": "flag",
        quiet: "flag",
        silent: "flag",
        "elide-empty-files": "flag",
        help: "flag",
        version: "flag",
      },
    },
    // The file, then patterns (`/re/`, `%re%`, `{*}`, line numbers).
    operands: ["read", "value"],
  },
  {
    // With `-p DIR`, `--tmpdir=DIR` (or `-t`, TMPDIR: an assignment permc floors) the template is a name in that
    // directory; else it is a path of its own, its trailing X's replaced by letters and digits.
    names: ["mktemp"],
    options: {
      permute: true,
      abbreviations: true,
      short: { d: "flag", u: "flag", q: "flag", t: "flag", p: "write-dir" },
      long: {
        directory: "flag",
        "dry-run": "flag",
        quiet: "flag",
        suffix: "value",
        tmpdir: { means: "write-dir", takes: "attached" },
        help: "flag",
        version: "flag",
      },
    },
    operands: ["write"],
  },
]);

/**
 * Programs whose arguments are a program of their own: find's expression,
 * fd's exec templates, awk and sed scripts. Their options are data here;
 * the languages are read by analysers/.
 */
import type { ProgramRecord } from "../program-record.js";

export const MINI_LANGUAGES: readonly ProgramRecord[] = [
  { names: ["find", "gfind", "bfs"], analyser: "find" },
  {
    names: ["fd", "fdfind"],
    analyser: "fd",
    options: {
      unknown: "flag",
      permute: true,
      short: { e: "value", d: "value", t: "value", E: "value", c: "value", j: "value", S: "value", o: "value", g: "flag", F: "flag", H: "flag", I: "flag", u: "flag", s: "flag", i: "flag", a: "flag", l: "flag", L: "flag", p: "flag", "0": "flag", q: "flag", h: "flag", V: "flag" },
      long: { extension: "value", "max-depth": "value", "min-depth": "value", "exact-depth": "value", type: "value", exclude: "value", color: "value", threads: "value", size: "value", owner: "value", changed_within: "value", "changed-within": "value", "changed-before": "value", "ignore-file": "read", "base-directory": "chdir", "search-path": "read", "path-separator": "value", "max-results": "value", format: "value", "batch-size": "value" },
    },
    operands: ["value", "read"],
  },
  {
    names: ["awk", "gawk", "mawk", "nawk", "busybox-awk", "original-awk", "goawk"],
    analyser: "awk",
    options: {
      unknown: "unsure",
      abbreviations: true,
      short: {
        F: "value", v: "value", f: "script", e: "value", E: "script", i: "script", l: { code: "an awk extension library" },
        b: "flag", c: "flag", C: "flag", d: { means: "write", takes: "attached" }, D: { means: "value", takes: "attached" }, g: "flag", h: "flag", L: { means: "value", takes: "attached" },
        M: "flag", n: "flag", N: "flag", o: { means: "write", takes: "attached" }, O: "flag", p: { means: "write", takes: "attached" }, P: "flag", r: "flag", s: "flag", S: "flag", t: "flag", V: "flag", W: "value", I: "flag",
      },
      long: {
        "field-separator": "value", assign: "value", file: "script", source: "value", exec: "script", include: "script", load: { code: "an awk extension library" },
        "characters-as-bytes": "flag", traditional: "flag", copyright: "flag", "dump-variables": { means: "write", takes: "attached" }, debug: { means: "value", takes: "attached" },
        "gen-pot": "flag", help: "flag", lint: { means: "value", takes: "attached" }, bignum: "flag", "use-lc-numeric": "flag", "non-decimal-data": "flag",
        "pretty-print": { means: "write", takes: "attached" }, optimize: "flag", profile: { means: "write", takes: "attached" }, posix: "flag", "re-interval": "flag",
        "no-optimize": "flag", sandbox: "flag", "lint-old": "flag", version: "flag", csv: "flag",
      },
    },
    operands: ["value", "read"],
  },
  {
    names: ["sed", "gsed"],
    analyser: "sed",
    options: {
      unknown: "unsure",
      abbreviations: true,
      permute: true,
      short: { n: "flag", e: "value", f: "script", l: "value", i: { means: "value", takes: "attached" }, E: "flag", r: "flag", s: "flag", u: "flag", z: "flag", b: "flag" },
      long: {
        quiet: "flag", silent: "flag", debug: "flag", expression: "value", file: "script", "follow-symlinks": "flag", "in-place": { means: "value", takes: "attached" },
        "line-length": "value", posix: "flag", "regexp-extended": "flag", separate: "flag", sandbox: "flag", unbuffered: "flag", "null-data": "flag",
        "zero-terminated": "flag", binary: "flag", help: "flag", version: "flag",
      },
    },
    operands: ["value", "read"],
  },
];

/**
 * The reference's pure-reader core (as in 40.1.4; pure-readers.ts says what
 * it proves), apart from pure-readers.ts so analyse-program.ts can read it
 * (Analysis.pureReader) without an import cycle.
 */
export const PURE_READER_CORE: ReadonlySet<string> = new Set([
  ":",
  "awk",
  "basename",
  "cat",
  "cd",
  "diff",
  "dirname",
  "echo",
  "egrep",
  "false",
  "fd",
  "fgrep",
  "find",
  "grep",
  "head",
  "ls",
  "pwd",
  "realpath",
  "rg",
  "sed",
  "sort",
  "stat",
  "tail",
  "true",
  "wc",
  "which",
]);

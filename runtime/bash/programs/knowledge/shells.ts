/**
 * Shells: `-c STRING` runs STRING; a script operand runs that file; with
 * neither, the shell runs what is fed on standard input (nothing, when
 * nothing feeds it).
 */
import type { Meaning, OptionGrammar, ProgramRecord } from "../program-record.js";
import { recordGroup } from "./record-group.js";
import { ANY_CODE } from "./implicit-code.js";

const C_STRING: readonly Meaning[] = ["shell", "value"];

/** POSIX sh and bash-like shells share one option grammar; `-o NAME` and `-O NAME` take a value. */
const SHELL_OPTIONS: OptionGrammar = {
  unknown: "flag",
  plus: "flag",
  short: {
    c: { means: "flag", operands: C_STRING },
    s: { means: "flag", operands: ["value"], readsStdin: true },
    i: "flag",
    l: "flag",
    r: "flag",
    e: "flag",
    u: "flag",
    x: "flag",
    v: "flag",
    n: "flag",
    f: "flag",
    a: "flag",
    b: "flag",
    h: "flag",
    k: "flag",
    m: "flag",
    p: "flag",
    t: "flag",
    B: "flag",
    C: "flag",
    E: "flag",
    H: "flag",
    P: "flag",
    T: "flag",
    o: "value",
    O: "value",
  },
  long: {
    command: { means: "flag", operands: C_STRING },
    rcfile: { means: { unsure: "the shell runs an rc file first" } },
    "init-file": { means: { unsure: "the shell runs an init file first" } },
    login: "flag",
    noediting: "flag",
    noprofile: "flag",
    norc: "flag",
    posix: "flag",
    restricted: "flag",
    verbose: "flag",
    version: { means: "flag", operands: ["value"] },
    help: { means: "flag", operands: ["value"] },
    debugger: "flag",
    "dump-strings": "flag",
    "dump-po-strings": "flag",
    pretty_print: "flag",
  },
};

export const SHELLS = recordGroup((): readonly ProgramRecord[] => [
  {
    names: ["bash", "sh", "dash", "zsh", "ksh", "mksh", "pdksh", "ash", "yash", "posh", "rbash", "lksh", "oksh", "loksh", "bosh", "hush", "busybox-sh"],
    options: SHELL_OPTIONS,
    operands: ["script", "value"],
    stdin: "shell",
    // Its start-up files, and whatever its script runs.
    runsImplicitly: ANY_CODE,
    runs: { changed: "a shell runs the source it is given" },
  },
  {
    names: ["fish", "csh", "tcsh", "elvish", "nu", "xonsh", "rc", "es", "ion", "murex", "oil", "osh", "ysh", "pwsh", "powershell"],
    always: { code: "a shell language permc does not parse" },
  },
]);

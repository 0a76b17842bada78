/**
 * Interpreters: code in an argument (`-c`, `-e`), a module or library loaded
 * by name or data URL, a script file, or a program read from standard
 * input. permc reads none of these languages, so inline code and code from
 * standard input floor the command; a script file or a named module is the
 * program the user chose to run.
 */
import type { Code, ProgramRecord } from "../program-record.js";

const code = (language: string): Code => ({ code: language });
const inline = (language: string) => ({ means: code(language), ends: true }) as const;

export const INTERPRETERS: readonly ProgramRecord[] = [
  {
    names: ["python", "python2", "python3", "pypy", "pypy3"],
    options: {
      short: {
        c: inline("Python"), m: { means: "value", ends: true }, W: "value", X: "value", Q: "value",
        b: "flag", B: "flag", d: "flag", E: "flag", h: "flag", i: "flag", I: "flag", O: "flag", P: "flag", q: "flag", R: "flag", s: "flag", S: "flag", u: "flag", v: "flag", V: "flag", x: "flag", "3": "flag",
      },
      long: { "check-hash-based-pycs": "value", help: "flag", "help-env": "flag", "help-xoptions": "flag", "help-all": "flag", version: "flag" },
    },
    operands: ["script", "value"],
    stdin: code("Python"),
  },
  {
    names: ["node", "nodejs"],
    options: {
      unknown: "flag",
      short: {
        e: inline("JavaScript"), p: inline("JavaScript"), r: "module", C: "value", c: "flag", i: "flag", v: "flag", h: "flag",
      },
      long: {
        eval: inline("JavaScript"), print: inline("JavaScript"), require: "module", import: "module",
        loader: "module", "experimental-loader": "module",
        "input-type": "value", conditions: "value", title: "value", "env-file": "read", "env-file-if-exists": "read",
        "inspect-port": "value", "stack-size": "value", "max-old-space-size": "value", "experimental-default-type": "value",
        "watch-path": "value", "test-name-pattern": "value", "test-reporter": "value", "test-reporter-destination": "write",
        "redirect-warnings": "write", "diagnostic-dir": "value", "report-dir": "value", "cpu-prof-dir": "value", "heap-prof-dir": "value",
      },
    },
    operands: ["script", "value"],
    stdin: code("JavaScript"),
  },
  { names: ["deno"], subcommands: { eval: { always: code("JavaScript") }, repl: { always: code("JavaScript") } }, otherSubcommands: { options: { unknown: "flag", permute: true, long: { eval: inline("JavaScript") } }, operands: ["script", "value"] } },
  {
    names: ["bun"],
    options: { unknown: "flag", short: { e: inline("JavaScript"), p: inline("JavaScript"), r: "module" }, long: { eval: inline("JavaScript"), print: inline("JavaScript"), preload: "module", require: "module", import: "module" } },
    subcommands: { x: { options: { unknown: "flag" }, operands: ["argv"] }, exec: { always: { unsure: "bun exec runs a shell script" } } },
    otherSubcommands: { options: { unknown: "flag" } },
  },
  { names: ["bunx"], options: { unknown: "flag" }, operands: ["argv"] },
  {
    names: ["perl"],
    options: {
      short: {
        e: inline("Perl"), E: inline("Perl"),
        M: { means: "module" }, m: { means: "module" }, I: { means: "value" }, x: { means: "chdir", takes: "attached" },
        l: { means: "value", takes: "attached", attachedPattern: /^[0-7]*/ },
        "0": { means: "value", takes: "attached", attachedPattern: /^(?:[0-7]*|x[0-9a-fA-F]*)/ },
        i: { means: "value", takes: "attached" },
        C: { means: "value", takes: "attached", attachedPattern: /^[0-9A-Za-z]*/ },
        d: { means: { code: "a Perl debugger" }, takes: "attached" }, D: { means: "value", takes: "attached" },
        F: { means: "value", takes: "attached" },
        a: "flag", c: "flag", f: "flag", g: "flag", h: "flag", n: "flag", p: "flag", s: "flag", S: "flag", t: "flag", T: "flag", u: "flag", U: "flag", v: "flag", V: "flag", w: "flag", W: "flag", X: "flag",
      },
    },
    operands: ["script", "value"],
    stdin: code("Perl"),
  },
  {
    names: ["ruby", "jruby", "truffleruby"],
    options: {
      short: {
        e: inline("Ruby"), r: "module", I: "value", C: "chdir", E: "value", x: { means: "chdir", takes: "attached" },
        "0": { means: "value", takes: "attached", attachedPattern: /^[0-7]*/ }, F: { means: "value", takes: "attached" }, i: { means: "value", takes: "attached" },
        K: { means: "value", takes: "attached" }, T: { means: "value", takes: "attached" }, W: { means: "value", takes: "attached" },
        a: "flag", c: "flag", d: "flag", h: "flag", l: "flag", n: "flag", p: "flag", s: "flag", S: "flag", U: "flag", v: "flag", w: "flag", y: "flag",
      },
      long: { version: "flag", verbose: "flag", help: "flag", "disable-gems": "flag", jit: "flag", yjit: "flag", "enable": "value", "disable": "value", "external-encoding": "value", "internal-encoding": "value", "dump": "value" },
    },
    operands: ["script", "value"],
    stdin: code("Ruby"),
  },
  { names: ["irb"], always: code("Ruby") },
  {
    names: ["php"],
    options: {
      short: { r: inline("PHP"), B: inline("PHP"), R: inline("PHP"), E: inline("PHP"), F: "script", f: "script", c: "value", d: "value", z: "value", t: "chdir", a: "flag", C: "flag", h: "flag", H: "flag", i: "flag", l: "flag", m: "flag", n: "flag", q: "flag", s: "flag", S: "value", v: "flag", w: "flag", e: "flag" },
      long: { "process-begin": inline("PHP"), "process-code": inline("PHP"), "process-file": "script", "process-end": inline("PHP"), "run": inline("PHP"), ini: "flag", rf: "value", rc: "value", re: "value", rz: "value", ri: "value" },
    },
    operands: ["script", "value"],
    stdin: code("PHP"),
  },
  { names: ["lua", "luajit", "lua5.1", "lua5.2", "lua5.3", "lua5.4"], options: { short: { e: inline("Lua"), l: "value", i: "flag", v: "flag", E: "flag", W: "flag", b: "value", j: "value", O: "value" } }, operands: ["script", "value"], stdin: code("Lua") },
  { names: ["Rscript"], options: { unknown: "flag", short: { e: inline("R") }, long: { file: "script" } }, operands: ["script", "value"], stdin: code("R") },
  { names: ["R"], options: { unknown: "flag", short: { e: inline("R"), f: "script" }, long: { file: "script" } }, stdin: code("R") },
  { names: ["julia"], options: { unknown: "flag", short: { e: inline("Julia"), E: inline("Julia"), L: code("Julia") }, long: { eval: inline("Julia"), print: inline("Julia"), load: code("Julia") } }, operands: ["script", "value"], stdin: code("Julia") },
  { names: ["osascript"], options: { short: { e: inline("AppleScript"), l: "value", s: "value", i: "flag" } }, operands: ["script", "value"], stdin: code("AppleScript") },
  { names: ["tclsh", "wish", "jimsh"], operands: ["script", "value"], stdin: code("Tcl") },
  { names: ["guile", "racket", "sbcl", "clisp", "ecl", "gsi", "chicken", "csi", "scheme", "mit-scheme", "chez", "petite", "gawk-extension"], always: code("Lisp/Scheme") },
  { names: ["ghci", "runghc", "runhaskell", "ocaml", "utop", "swipl", "gst", "scala", "groovy", "jshell", "kotlin", "kotlinc", "clojure", "clj", "erl", "elixir", "iex", "escript", "dart", "crystal", "nim", "v", "zx", "tsx", "ts-node", "esno", "vite-node", "jjs", "rhino", "qjs", "d8", "gjs", "cscript", "wscript"], always: { unsure: "an interpreter whose options permc does not model" } },
  { names: ["bc", "dc"], always: { code: "bc/dc (can run shell commands with !)" } },
  { names: ["jq", "gojq", "jaq", "yq", "gron", "fx"], options: { unknown: "flag", permute: true, short: { f: { means: "read" }, L: "value" }, long: { "from-file": { means: "read" }, arg: "value", argjson: "value", slurpfile: "value", rawfile: "value", args: "flag", jsonargs: "flag", indent: "value" } }, operands: ["value", "read"] },
];

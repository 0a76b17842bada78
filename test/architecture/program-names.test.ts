/**
 * Knowledge about programs is data in their records (issue 37, "one model"):
 * code outside runtime/bash/programs/knowledge/ and
 * runtime/bash/programs/analysers/ reads what a program does from the
 * Analysis the interpreter computes from its record, never by comparing its
 * name with a literal. This test scans runtime/ for a known program name
 * (record-names.ts, LEAF_PROGRAMS) compared (`=== "git"`, `!== "git"`,
 * `case "git":`) or tested for membership (`["cp", "ln"].includes(`,
 * `new Set(["cp", "ln"])`), and names file:line. The split
 * (runtime/bash/split.ts, runtime/bash/split/) does not look a name up in a
 * table of the knowledge either: it imports from programs/knowledge/ only
 * what is keyed by no program's name.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RECORD_NAMES } from "../../runtime/bash/programs/knowledge/record-names.js";
import { LEAF_PROGRAMS } from "../../runtime/bash/programs/knowledge/leaf-programs.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const KNOWLEDGE = ["runtime/bash/programs/knowledge", "runtime/bash/programs/analysers"];

/**
 * Shell builtins and reserved words the shell layer itself interprets, with
 * why their names may be compared there: each is the shell's own grammar, not
 * a program a record describes.
 */
const SHELL_BUILTINS_ALLOWED: Readonly<Record<string, string>> = {
  // split/assigned-variables.ts: which variables a command assigns is the shell's bookkeeping; `builtin read`, `command read` run the builtin.
  read: "assigns the variables it names (split/assigned-variables.ts)",
  mapfile: "assigns the array it names (split/assigned-variables.ts)",
  readarray: "mapfile's other name",
  builtin: "runs the builtin named next: the assigning builtin is found through it",
  command: "runs the command named next: the assigning builtin is found through it",
  // split/two-steps.ts, programs/reference-kind.ts: the shell runs the file or the text in this shell.
  source: "runs a file in the current shell (a two-step when the file was written earlier)",
  ".": "source's other name",
  eval: "runs its words as shell source in the current shell",
  // paths/collect.ts: `time` is a reserved word of bash before it is a program.
  time: "bash's reserved word `time` that times a pipeline",
  // split/path-shadow.ts: what `echo` prints is the shell's own text, read to see what a pipeline feeds.
  echo: "the builtin whose printed words feed a pipe (its -n/-e/-E options skipped)",
  printf: "the builtin whose printed text feeds a pipe; `printf -v` assigns a variable",
  // split/assigned-variables.ts, syntax/plain-words.ts: builtins that assign or unset the shell's variables.
  declare: "assigns variables",
  typeset: "declare's other name",
  local: "assigns function-local variables",
  readonly: "assigns variables",
  export: "assigns exported variables",
  getopts: "assigns the variable it names",
  wait: "`wait -p` assigns a variable",
  let: "evaluates arithmetic that may assign",
  unset: "unsets variables and functions",
  // split/path-shadow.ts, syntax/plain-words.ts: bash runs these without a PATH search, or as part of its grammar.
  exit: "a builtin: never searched on PATH",
  exec: "a builtin: replaces the shell, never searched on PATH",
  coproc: "a reserved word that runs a command in the background",
};

const PROGRAM_NAMES: ReadonlySet<string> = new Set([...Object.values(RECORD_NAMES).flat(), ...LEAF_PROGRAMS]);

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name).split(path.sep).join("/");
    if (KNOWLEDGE.includes(rel)) return [];
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sourceFiles(rel);
    return /\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts") ? [rel] : [];
  });
}

/** An expression that holds a program's name: an identifier or property ending in `name` or `program` (`name`, `a.name`, `cookedName`, `f.plainName`, `program`). */
const NAME = String.raw`[\w.?]*(?:[nN]ame|[pP]rogram)\b\)?`;

/**
 * The string literals a line compares a name with or tests a name for
 * membership in; `switchOnName` says whether a `case` line sits in a
 * `switch` on a name.
 */
export function comparedLiterals(line: string, switchOnName: boolean): string[] {
  const found: string[] = [];
  const compared = new RegExp(String.raw`${NAME}\s*[!=]==?\s*"([^"\\]*)"|"([^"\\]*)"\s*[!=]==?\s*${NAME}`, "g");
  for (const m of line.matchAll(compared)) found.push((m[1] ?? m[2]) as string);
  if (switchOnName) for (const m of line.matchAll(/\bcase\s+"([^"\\]*)"\s*:/g)) found.push(m[1] as string);
  return found;
}

/** Each literal of a set or an array tested for membership (`new Set([…])`, `[…].includes(`), with its line (1-based), over lines. */
export function memberLiterals(text: string): { line: number; name: string }[] {
  const out: { line: number; name: string }[] = [];
  for (const m of text.matchAll(/new Set(?:<[^>]*>)?\(\[([^[\]]*)\]|\[([^[\]]*)\]\s*\)?\s*\.includes\(/g)) {
    const body = (m[1] ?? m[2]) as string;
    const at = (m.index as number) + m[0].indexOf(body);
    const literals = [...body.matchAll(/"([^"\\]*)"/g)];
    // A list of other words that holds a program's name by chance (`"file"` among an argument's keys) is not a list of programs.
    if (literals.filter((l) => PROGRAM_NAMES.has(l[1] as string)).length * 2 <= literals.length) continue;
    for (const l of literals) {
      const before = text.slice(0, at + (l.index as number));
      const lineStart = before.lastIndexOf("\n") + 1;
      if (/^\s*(\/\/|\*|\/\*)/.test(text.slice(lineStart, at + (l.index as number)))) continue;
      out.push({ line: before.split("\n").length, name: l[1] as string });
    }
  }
  return out;
}

/** Each `file:line: name` where a program name is compared or listed outside the knowledge. */
export function programNameComparisons(files: readonly string[], read: (file: string) => string): string[] {
  const out: { file: string; line: number; name: string }[] = [];
  for (const file of files) {
    const text = read(file);
    let switchOnName = false;
    text.split("\n").forEach((line, i) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      const subject = /\bswitch\s*\((.*)\)\s*\{/.exec(line);
      if (subject !== null) switchOnName = new RegExp(`^${NAME}$`).test((subject[1] as string).trim());
      for (const name of comparedLiterals(line, switchOnName)) out.push({ file, line: i + 1, name });
    });
    for (const { line, name } of memberLiterals(text)) out.push({ file, line, name });
  }
  return out
    .filter(({ name }) => PROGRAM_NAMES.has(name) && !Object.hasOwn(SHELL_BUILTINS_ALLOWED, name))
    .sort((x, y) => x.file.localeCompare(y.file) || x.line - y.line)
    .map(({ file, line, name }) => `${file}:${line}: "${name}"`);
}

/**
 * What the split may import from programs/knowledge/, by file and name, with
 * why: none of it is keyed by a program's name. Anything else (a table such
 * as WRITES_LAST_OPERAND, a function such as walkSkips(name, …)) is a fact
 * analyseCommand puts in the Analysis.
 */
const SPLIT_KNOWLEDGE_ALLOWED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "variables.js": {
    ARITHMETIC_VARIABLES: "shell variables bash evaluates as arithmetic: keyed by a variable's name",
    NUMBER_VARIABLES: "shell variables bash keeps as numbers: keyed by a variable's name",
    COMMAND_VARIABLES: "variables whose value a program runs as a command: keyed by a variable's name",
    OPTION_VARIABLES: "variables whose value a program reads as options: keyed by a variable's name",
    isHijackVariable: "variables that change what any program loads (LD_PRELOAD): keyed by a variable's name",
  },
  "record-names.js": {
    RECORD_NAMES: "its `builtins`: bash runs a builtin without a PATH search (split/path-shadow.ts), a fact of the shell about the word as written",
  },
  "dynamic-loader.js": {
    isLoaderFile: "files the dynamic loader reads before every program: keyed by a path",
    isLoaderFileName: "the same files' base names: keyed by a file's name",
    LOADER_DIRECTORIES: "the directories that hold them: keyed by a path",
  },
  "implicit-code.js": {
    GIT_CONFIGURATION_AND_HOOKS: "a kind of files run as code, compared by identity with the kinds an Analysis's runsImplicitly holds",
  },
};

/** Each `file: module name` the split imports from programs/knowledge/ beyond SPLIT_KNOWLEDGE_ALLOWED. */
export function splitKnowledgeImports(files: readonly string[], read: (file: string) => string): string[] {
  const out: string[] = [];
  for (const file of files) {
    for (const m of read(file).matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+"[./]*(?:programs\/)?knowledge\/([\w-]+\.js)"/g)) {
      if (m[1] !== undefined) continue;
      const module = m[3] as string;
      for (const spec of (m[2] as string).split(",")) {
        const name = spec
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0] as string;
        if (name === "" || spec.trim().startsWith("type ")) continue;
        if (!Object.hasOwn(SPLIT_KNOWLEDGE_ALLOWED[module] ?? {}, name)) out.push(`${file}: ${module} ${name}`);
      }
    }
  }
  return out.sort();
}

describe("the split reads what a program does from the Analysis", () => {
  it("runtime/bash/split.ts and runtime/bash/split/ import no table of the knowledge keyed by a program's name", () => {
    const files = ["runtime/bash/split.ts", ...sourceFiles("runtime/bash/split")];
    expect(files.length).toBeGreaterThan(10);
    expect(splitKnowledgeImports(files, (f) => readFileSync(path.join(ROOT, f), "utf8"))).toEqual([]);
  });

  it("finds a planted import of a name-keyed table", () => {
    const planted: Record<string, string> = {
      "runtime/bash/split/x.ts": [
        'import { WRITES_LAST_OPERAND, walkSkips } from "../programs/knowledge/recursive.js";',
        'import { ARITHMETIC_VARIABLES } from "../programs/knowledge/variables.js";',
        'import type { ArchiveFormat } from "../programs/knowledge/extractors.js";',
        'import { type WalkFilter, LEAF_PROGRAMS as LEAVES } from "../programs/knowledge/leaf-programs.js";',
      ].join("\n"),
    };
    expect(splitKnowledgeImports(Object.keys(planted), (f) => planted[f] as string)).toEqual([
      "runtime/bash/split/x.ts: leaf-programs.js LEAF_PROGRAMS",
      "runtime/bash/split/x.ts: recursive.js WRITES_LAST_OPERAND",
      "runtime/bash/split/x.ts: recursive.js walkSkips",
    ]);
  });
});

describe("program names are compared only in the knowledge", () => {
  it("no file of runtime/ outside programs/knowledge/ and programs/analysers/ compares a program name with a literal", () => {
    const files = sourceFiles("runtime");
    expect(files.length).toBeGreaterThan(50);
    expect(programNameComparisons(files, (f) => readFileSync(path.join(ROOT, f), "utf8"))).toEqual([]);
  });

  it("finds a planted comparison, a case and a membership test", () => {
    const planted: Record<string, string> = {
      "runtime/bash/split/x.ts": [
        'if (a.name === "git") f();',
        "switch (cookedName) {",
        '  case "tee":',
        "  const s = new Set([",
        '    "cp",',
        '    "ln"]);',
        'if (["rg", "fd"].includes(a.name)) g();',
        'if ("sed" !== plainName) h();',
        'if (kind === "tree") no();',
        '// a.name === "tar"',
      ].join("\n"),
    };
    expect(programNameComparisons(Object.keys(planted), (f) => planted[f] as string)).toEqual([
      'runtime/bash/split/x.ts:1: "git"',
      'runtime/bash/split/x.ts:3: "tee"',
      'runtime/bash/split/x.ts:5: "cp"',
      'runtime/bash/split/x.ts:6: "ln"',
      'runtime/bash/split/x.ts:7: "rg"',
      'runtime/bash/split/x.ts:7: "fd"',
      'runtime/bash/split/x.ts:8: "sed"',
    ]);
  });

  it("allows shell builtins only, each a name a record holds", () => {
    for (const name of Object.keys(SHELL_BUILTINS_ALLOWED)) expect(PROGRAM_NAMES.has(name), name).toBe(true);
  });
});

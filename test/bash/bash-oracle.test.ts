/**
 * Real bash as the oracle for what runs.
 *
 * A temporary directory holds recorder programs on PATH (`rm`, `git`, `aa`,
 * …): each appends its argv to a log. A generated command runs under
 * bash there (the script on standard input), and every recorded execution must be one permc knows
 * about: some unit's plain spelling is exactly the recorded argv, or permc
 * floors the command (it said it cannot read it). A unit that names a
 * different word list than bash ran is how a denied program slips through
 * (`git pu\⏎sh`, `true\r# ; rm x`, `$'rm\0' x`).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../runtime/bash/syntax/parser.js";
import { splitBash, type BashSplit } from "../../runtime/bash/split.js";
import { decideBash, type UnitCheck } from "../../runtime/bash/decide.js";
import { createGate } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { parser } from "./helpers.js";

const RUNS = Number(process.env.FC_RUNS ?? 80);
const RECORDED = ["rm", "git", "aa", "bb", "curl"];

let p: BashParser;
let dir: string;
let log: string;

beforeAll(async () => {
  p = await parser();
  dir = mkdtempSync(path.join(os.tmpdir(), "permc-bash-oracle-"));
  mkdirSync(path.join(dir, "bin"));
  mkdirSync(path.join(dir, "work"));
  log = path.join(dir, "log");
  for (const name of RECORDED) {
    const file = path.join(dir, "bin", name);
    // One file per run (pipelines run concurrently): the NUL-separated argv.
    writeFileSync(file, `#!/bin/sh\nprintf '%s\\0' "${name}" "$@" > "$PERMC_ORACLE_LOG/$$"\n`);
    chmodSync(file, 0o755);
  }
});

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** The argvs bash really executed (in `cwd`, default the work folder), joined by single spaces. */
function executed(command: string, cwd = path.join(dir, "work")): string[] {
  rmSync(log, { recursive: true, force: true });
  mkdirSync(log);
  // The script goes in on stdin, as bash reads a file: a NUL cannot travel in argv.
  spawnSync("/bin/bash", ["-s"], {
    cwd,
    env: { PATH: path.join(dir, "bin"), HOME: path.join(dir, "work"), PERMC_ORACLE_LOG: log },
    input: command,
    timeout: 5_000,
    stdio: ["pipe", "ignore", "ignore"],
  });
  return readdirSync(log).map((f) => readFileSync(path.join(log, f), "latin1").split("\0").slice(0, -1).join(" "));
}

/** permc said it cannot fully read this command: some unit is floored, or the parse failed. */
function floored(s: BashSplit): boolean {
  return s.failed || s.tooLarge || s.hasError || s.units.some((u) => u.unparseable === true || u.floor?.kind === "opaque");
}

/**
 * Some unit names what bash ran: the same words, or — for a unit whose words
 * hold an expansion permc cannot evaluate (`rm $(rm x)` ran `rm`), which its
 * rules match as any string — the same program.
 */
function known(s: BashSplit, argv: string): boolean {
  const program = (text: string) => text.trim().split(/\s+/)[0];
  return s.units.some((u) => u.text === argv || u.text.replace(/\s+/g, " ") === argv || (/[$`]/.test(u.text) && program(u.text) === program(argv)));
}

const name = fc.constantFrom(...RECORDED, "r\\m", "'rm'", 'g"i"t', "$'\\x72m'", "\\aa", "a''a");
const word = fc.constantFrom(
  "x",
  "push",
  "-rf",
  "'a b'",
  '"c d"',
  "$'e\\tf'",
  "g\\ h",
  "origin",
  "\\$x",
  "'#'",
  "2>&1",
  ">/dev/null",
  "$(rm x)",
  '"$(aa $HOME)"',
  "<<<$(bb)",
  "x=$(git push)",
);
const glue = fc.constantFrom(" ", "  ", "\t", "\\\n", " \\\n ", "\r", "\f", "\v");
const separator = fc.constantFrom("; ", " && ", " || ", " | ", "\n", "\r\n", "\n\\", "\r# ", " # note\n", "\\\n;");
const plainSimple = fc.tuple(name, fc.array(fc.tuple(glue, word), { maxLength: 3 })).map(([n, ws]) => n + ws.map(([g, w]) => g + w).join(""));
/** A command ending in a here-document whose body holds commands bash runs (unquoted delimiter) or does not (quoted, or not at the delimiter). */
const heredocSimple = fc
  .tuple(
    plainSimple,
    fc.constantFrom(" <<'E'", " <<E", ' <<"E"', " <<-E", "<<E >/dev/null"),
    // Lines that start with blanks too: tree-sitter reads no expansion there (misread-tree.ts).
    fc.array(fc.constantFrom("rm x", "$(rm x)", "`aa y`", " $(rm x)", "\t$(aa y) z", " `bb`", "  ${v:-$(rm x)}", "E ", " E", "\tE", "x", ""), { maxLength: 3 }),
  )
  .map(([c, op, lines]) => `${c}${op}\n${lines.map((l) => `${l}\n`).join("")}E`);
const simple = fc.oneof({ weight: 4, arbitrary: plainSimple }, { weight: 1, arbitrary: heredocSimple });
const command = fc.tuple(simple, fc.array(fc.tuple(separator, simple), { maxLength: 4 })).map(([s, rest]) => s + rest.map(([sep, c]) => sep + c).join(""));
/** Commands of plainer words, so that most of what goes into a compound command is read, not floored. */
const tidyWord = fc.constantFrom("x", "push", "-rf", "'a b'", '"c d"', "origin", "2>&1", ">/dev/null", "$(rm x)", '"$(aa $HOME)"', "<<<$(bb)", "--force");
const tidySimple = fc.tuple(fc.constantFrom(...RECORDED, "'rm'"), fc.array(tidyWord, { maxLength: 3 })).map(([n, ws]) => [n, ...ws].join(" "));
const tidyCommand = fc
  .tuple(tidySimple, fc.array(fc.tuple(fc.constantFrom("; ", " && ", " || ", " | ", "\n"), tidySimple), { maxLength: 3 }))
  .map(([first, rest]) => first + rest.map(([sep, c]) => sep + c).join(""));
/**
 * Those commands inside bash's compound commands, on one line or several
 * (every loop ends; nothing runs in the background or in a process
 * substitution, which could outlive the run and log into the next one).
 */
const compound = fc.oneof(
  { weight: 2, arbitrary: tidyCommand },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          "if A; then B; fi",
          "if A\nthen B\nelse B\nfi",
          "while A; do B; break; done",
          "for v in a b; do B; done",
          "for v in a\ndo\n  B\ndone",
          "case x in x) A;; *) B;; esac",
          "case x in\n  x)\n    B\n    ;;\nesac",
          "{ A; }",
          "{\n  A\n  B\n} >/dev/null",
          "( A )",
          "f() { A; }; f",
          "[[ -n $(A) ]] && B",
          "! A",
          "A | while read l; do B; done",
          "x=$(A)\nB",
          "case x in x) A;& y) B;; esac",
          "case x in y|x) A;;& *) B;; esac",
          "select v in a; do B; break; done </dev/null",
          "echo $(( $(A) + 1 )) >/dev/null",
          "arr=($(A) x); B",
          "declare y=$(A); B",
          "export y=$(A) z=1",
          "f() { local y=$(A); B; }; f",
          "eval 'A'; B",
          "trap 'A' EXIT; B",
          "(( y = $(A) + 1 )); B",
          '[ -n "$(A)" ] || B',
          "time A",
          "{ A; } 2>&1 | B",
          "A |& B",
          'B <<< "$(A)"',
          "if ! A; then B; fi",
          "until ! A; do B; break; done",
          // A name read from a variable's text: its subscript runs the substitution in it.
          "y='a[$(A)]'; : \"${!y}\"; B",
          "y='a[$(A)]'; [ -v \"$y\" ] || B",
          "y='a[$(A)]'; [[ -v $y ]] || B",
          "y='$(A)'; z=([$y]=1); B",
        ),
        tidyCommand,
        tidyCommand,
      )
      .map(([template, a, b]) => template.replaceAll("A", a).replaceAll("B", b)),
  },
  { weight: 1, arbitrary: command },
);

/** Every program bash runs for `cmd` is a unit permc reports (or permc floors it); returns whether permc read it, not floored. */
function reportsWhatBashRuns(cmd: string): boolean {
  const s = splitBash(p, cmd, { cwd: path.join(dir, "work"), home: path.join(dir, "work") });
  if (floored(s)) return false;
  for (const argv of executed(cmd)) {
    expect(known(s, argv), `${JSON.stringify(cmd)} ran ${JSON.stringify(argv)}; units ${JSON.stringify(s.units.map((u) => u.text))}`).toBe(true);
  }
  return true;
}

describe("real bash as the oracle", () => {
  it("every program bash runs is a unit permc reports with the same words, or permc floors the command", () => {
    fc.assert(
      fc.property(command, (cmd) => {
        reportsWhatBashRuns(cmd);
      }),
      { numRuns: RUNS },
    );
  });

  // tree-sitter reads no expansion in a here-document body from a line that starts with blanks (misread-tree.ts).
  it.each([
    "aa <<E\n $(rm x)\nE",
    "aa <<E\n\t$(rm x)\nE",
    "aa <<E\nok\n  $(rm x)\nE",
    "aa <<-E\n\t$(rm x)\n\tE",
    "aa <<E\n `rm x`\nE",
    "aa <<E\n\f$(rm x)\nE",
    "aa <<E\n ${v:-$(rm x)}\nE",
    "aa 3<<E >/dev/null\n $(rm x)\nE",
    "v=$(aa <<E\n $(rm x)\nE\n)",
  ])("a here-document whose body runs `rm x` from a line that starts with blanks: %j", (cmd) => {
    expect(executed(cmd)).toContain("rm x");
    reportsWhatBashRuns(cmd);
  });

  it("the same inside compound commands (if, loops, case, groups, functions, [[ ]])", () => {
    let runs = 0;
    let read = 0;
    fc.assert(
      fc.property(compound, (cmd) => {
        runs++;
        if (reportsWhatBashRuns(cmd)) read++;
      }),
      { numRuns: RUNS },
    );
    // Not vacuous: most commands are read, not floored.
    expect(read, `${read} of ${runs} read`).toBeGreaterThan(runs / 4);
  });

  it.each([
    ["git pu\\\nsh origin main", "git push origin main"],
    ["true\n\\rm x", "rm x"],
    ["true\r# ; rm x", "rm x"],
    ["$'rm\\x00zz' x", "rm x"],
    ["r\u0000m x", "rm x"],
    // tree-sitter-bash reads on past the newline after three piped commands (runtime/bash/syntax/misread-tree.ts).
    ["aa x | aa | aa\nrm x 2>&1", "rm x"],
    ["aa && bb | aa | aa\nrm x >/dev/null", "rm x"],
    ["aa | aa | aa\n(rm x) >/dev/null", "rm x"],
    ["aa | aa | aa\nA=1 rm x >/dev/null", "rm x"],
    // Pieces of one word that tree-sitter hangs apart on a redirect or a here-string (runtime/bash/syntax/syntax.ts glueTouchingWords).
    ["git push 2>&1 $'--for'\\ce", "git push --force"],
    ["rm 2>&1 $'e\\tf'\\\n\\$x", "rm e\tf$x"],
    ["aa <<<$'a'\\$b x", "aa x"],
    ["aa >/dev/null x$'-'y z", "aa x-y z"],
    // tree-sitter ends a here-document at a line that only starts with its delimiter (runtime/bash/syntax/misread-tree.ts).
    ["aa <<E\nE; bb\n$(rm x)\nE", "rm x"],
    ["rm <<E >/dev/null\nE; rm <<'E'\n`aa y`\nE", "aa y"],
    // Words after a redirect's target belong to the command `!` negates, or the one before a here-document (runtime/bash/syntax/syntax.ts).
    ["! git push >/dev/null --force", "git push --force"],
    ["! rm >/dev/null\r# rm", "rm rm"],
    ["git push <<E >/dev/null --force\nx\nE", "git push --force"],
    // A variable's text read as a name (`${!x}`, `-v "$x"`): bash evaluates its subscript (runtime/bash/split/assigned-variables.ts).
    ["x='a[$(rm x)]'; echo ${!x}", "rm x"],
    ["x='a[$(rm x)]'; : \"${!x:-d}\"", "rm x"],
    ["x='a[$(rm x)]'; [ -v \"$x\" ]", "rm x"],
    ["x='a[$(rm x)]'; test -v \"$x\"", "rm x"],
    ["for x in 'a[$(rm x)]'; do [[ -v $x ]]; done", "rm x"],
    // An element's subscript in a compound assignment is arithmetic over the variable's text.
    ["k='$(rm x)'; a=([$k]=1)", "rm x"],
    ["k='$(rm x)'; declare -a a=([1]=0 [$k]=1)", "rm x"],
  ])("%j runs %j, and permc reports it", (cmd, argv) => {
    expect(executed(cmd)).toContain(argv);
    const s = splitBash(p, cmd, { cwd: path.join(dir, "work"), home: path.join(dir, "work") });
    expect(known(s, argv) || floored(s)).toBe(true);
  });
});

describe("characters JavaScript's trim() strips but bash reads as a word", () => {
  const deny: (text: string) => UnitCheck = (text) =>
    /^rm(?:\s|$)/.test(text)
      ? { action: "deny", matchedPattern: "rm *", origin: "global", rule: 1 }
      : { action: "allow", matchedPattern: "*", origin: "global", rule: 0 };
  it.each(["\r", "\f", "\v", "\u00a0", "\ufeff", "\u2028", "\u2029", "\u3000"])(
    "%j before `#;rm x` is a word, so bash runs rm and permc does not allow it",
    (lead) => {
      const cmd = `${lead}#;rm x`;
      expect(executed(cmd)).toContain("rm x");
      const s = splitBash(p, cmd, { cwd: path.join(dir, "work"), home: path.join(dir, "work") });
      expect(decideBash(cmd, s, deny).action).not.toBe("allow");
    },
  );
});

describe("random bytes under real bash", () => {
  const byte = fc.constantFrom(
    "r",
    "m",
    "rm",
    " rm ",
    " ",
    "x",
    "\\",
    "'",
    '"',
    "$",
    "(",
    ")",
    "`",
    "{",
    "}",
    ";",
    "&",
    "|",
    "<",
    ">",
    "\n",
    "\r",
    "\t",
    "\u0000",
    "#",
    "*",
    "?",
    "~",
    "=",
    "e",
    "v",
    "a",
    "l",
    "c",
    "-",
    "/",
    "$'",
    "\\\n",
    "eval ",
    "sh -c ",
    "\\r",
  );
  const deny: (text: string) => UnitCheck = (text) =>
    /^rm(?:\s|$)/.test(text)
      ? { action: "deny", matchedPattern: "rm *", origin: "global", rule: 1 }
      : { action: "allow", matchedPattern: "*", origin: "global", rule: 0 };

  it("never throw, and never allow a command under which bash runs the one denied program", () => {
    fc.assert(
      fc.property(
        fc.array(byte, { minLength: 1, maxLength: 24 }).map((a) => a.join("")),
        (cmd) => {
          const s = splitBash(p, cmd, { cwd: path.join(dir, "work"), home: path.join(dir, "work") });
          const d = decideBash(cmd, s, deny);
          if (d.action !== "allow") return;
          const ran = executed(cmd.replaceAll("\u0000", ""));
          expect(
            ran.filter((a) => a === "rm" || a.startsWith("rm ")),
            `${JSON.stringify(cmd)} is allowed but bash ran rm`,
          ).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe("words bash expands (braces, globs) in a command's arguments", () => {
  // Files whose names a glob in the subcommand position can pick up: `git pu?h` runs `git push` here.
  const FILES = ["push", "pull", "ps", "x"];
  const braceOrGlob = fc.constantFrom(
    "{push,x}",
    "pu{s,}h",
    "{,}push",
    "p{u,}sh",
    "{a,p}{u,x}sh",
    "pu?h",
    "p*",
    "[p]ush",
    "pu[r-t]h",
    "{pu,pi}?h",
    "push",
    "x",
    "origin",
    "{,}",
    // git's own commands that are not push (a word git does not have is an alias, which asks).
    "status",
    "{status,x}",
    "s{t,}atus",
  );
  const gitCommand = fc.array(braceOrGlob, { minLength: 1, maxLength: 3 }).map((ws) => `git ${ws.join(" ")}`);

  it("a command under which bash runs a denied `git push` is never allowed", async () => {
    const cwd = path.join(dir, "globs");
    mkdirSync(cwd, { recursive: true });
    for (const f of FILES) writeFileSync(path.join(cwd, f), "");
    const { policy } = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow", "git push *": "deny", "git push": "deny" } })], { home: cwd });
    const gate = createGate(policy!, { cwd, home: cwd });
    const decisions: Array<[string, string]> = [];
    for (const cmd of fc.sample(gitCommand, { numRuns: RUNS * 2, seed: 11 }))
      decisions.push([cmd, (await gate.decide({ tool: "bash", input: { command: cmd } })).action]);
    for (const [cmd, action] of decisions) {
      if (action !== "allow") continue;
      const ran = executed(cmd, cwd).filter((argv) => argv === "git push" || argv.startsWith("git push "));
      expect(ran, `${JSON.stringify(cmd)} is allowed but bash ran ${JSON.stringify(ran)}`).toEqual([]);
    }
    // The sample reaches both sides: some commands run git push here, some do not.
    expect(decisions.some(([, a]) => a === "allow")).toBe(true);
    expect(decisions.some(([, a]) => a !== "allow")).toBe(true);
  });

  it.each([
    ["git {push,x} origin", "deny"],
    ["git pu{s,}h", "deny"],
    ["git p{u,}sh x", "deny"],
    ["git pu?h origin", "ask"],
    ["git {pull,fetch} origin", "allow"],
    ["git add *.ts", "allow"],
  ])("%j is decided for every expansion: %s", async (cmd, action) => {
    const { policy } = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow", "git push *": "deny", "git push": "deny" } })], { home: "/home/t" });
    const d = await createGate(policy!, { cwd: "/tmp/proj", home: "/home/t" }).decide({ tool: "bash", input: { command: cmd } });
    expect(d.action).toBe(action);
  });
});

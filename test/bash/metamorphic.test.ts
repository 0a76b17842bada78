/**
 * Metamorphic and fuzz properties (fast-check):
 * - wrapping a command in a construct that still runs it never weakens the decision;
 * - any input string splits without throwing, and is never allowed when the
 *   rules would not allow the whole string.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../runtime/bash/split.js";
import { decideBash, matchValue } from "../../runtime/bash/decide.js";
import { DENY_RM, RANK, checkerFor, decide, parser, split } from "./helpers.js";
import type { RuleMap } from "./helpers.js";

/** FC_RUNS=20000 explores harder. */
const RUNS = Number(process.env.FC_RUNS ?? 300);

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

/** The vector files' rule maps, plus the hostile suite's. */
const MAPS: ReadonlyArray<readonly [string, RuleMap]> = [
  ["deny-rm", DENY_RM],
  ["permissive", { rules: { "*": "allow" } }],
  [
    "allowlist",
    {
      universal: "ask",
      rules: {
        "*": "ask",
        "ls *": "allow",
        "cat *": "allow",
        "echo *": "allow",
        pwd: "allow",
        "cd *": "allow",
        "grep *": "allow",
        "find *": "allow",
        "git status*": "allow",
        "git diff *": "allow",
        "git log *": "allow",
        "rm *": "deny",
        "rm -rf *": { action: "deny", reason: "recursive deletes are not allowed" },
        "git push *": "deny",
        "curl *": "ask",
      },
    },
  ],
  [
    "denylist",
    {
      rules: {
        "*": "allow",
        "rm *": "deny",
        "git push*": "deny",
        "curl *": "ask",
        "bash *": "allow",
        "sh *": "allow",
        "env *": "allow",
        "sudo *": { action: "deny", reason: "no root" },
        "timeout *": "ask",
        "find *": "allow",
        "*rm -rf*": "deny",
      },
    },
  ],
  ["default-only", {}],
  ["universal-allow", { universal: "allow" }],
];

const word = fc.constantFrom(
  "x",
  "-rf",
  "build",
  "/",
  "'a b'",
  '"$X"',
  "$(pwd)",
  "`date`",
  "push",
  "origin",
  "-c",
  "'rm -rf y'",
  "{}",
  "\\;",
  "../up",
  "~/f",
  "-n",
  "1",
  "--",
  "*.ts",
  "a\\ b",
);
const name = fc.constantFrom(
  "ls",
  "rm",
  "git",
  "echo",
  "cat",
  "sudo",
  "bash",
  "sh",
  "find",
  "xargs",
  "env",
  "timeout",
  "curl",
  "\\rm",
  "'rm'",
  "/bin/rm",
  "python3",
  "eval",
  "cd",
  "grep",
  "true",
);
const simple = fc.tuple(name, fc.array(word, { maxLength: 4 })).map(([n, ws]) => [n, ...ws].join(" "));
const operator = fc.constantFrom(" && ", " || ", "; ", " | ", "\n", " & ");
const chain = fc.tuple(simple, fc.array(fc.tuple(operator, simple), { maxLength: 3 })).map(([first, rest]) => first + rest.map(([o, s]) => o + s).join(""));
const construct = fc
  .tuple(
    chain,
    fc.constantFrom(
      (c: string) => `{ ${c}; }`,
      (c: string) => `while true; do ${c}; done`,
      (c: string) => `f() { ${c}; }`,
      (c: string) => `cat <<EOF\n$(${c})\nEOF`,
      (c: string) => `cat <<EOF && ${c}\nx\nEOF`,
      (c: string) => `${c} # note`,
      (c: string) => `# note\n${c}`,
      (c: string) => `echo "${c}"`,
      (c: string) => `bash -c '${c}'`,
      (c: string) => `! ${c}`,
    ),
  )
  .map(([c, f]) => f(c));
const fragment = fc.stringMatching(/^[a-z \t\n;&|()<>$`'"\\{}#=*-]{0,30}$/);
const command = fc.oneof(
  { weight: 4, arbitrary: chain },
  { weight: 2, arbitrary: construct },
  { weight: 1, arbitrary: fc.tuple(chain, fragment).map(([c, f]) => c + f) },
);

const WRAPS: ReadonlyArray<readonly [string, (c: string) => string]> = [
  ["cd x && …", (c) => `cd x && ${c}`],
  ["X=1 …", (c) => `X=1 ${c}`],
  ["$(…)", (c) => `$(${c})`],
  ["( … )", (c) => `( ${c} )`],
  ["if true; then …; fi", (c) => `if true; then ${c}; fi`],
  ["sudo …", (c) => `sudo ${c}`],
  ["… | cat", (c) => `${c} | cat`],
];

describe("metamorphic: wrapping never weakens", () => {
  // For a command bash can parse, wrapping it never weakens the decision. If
  // the wrapped text no longer parses (`sudo f() { …; }` is not bash), bash
  // runs nothing, and permc still never allows it.
  it.each(WRAPS)("wrapping in %s never weakens the decision", (_label, wrap) => {
    fc.assert(
      fc.property(command, fc.constantFrom(...MAPS), (c, [, map]) => {
        fc.pre(!split(p, c).hasError);
        const before = decide(p, c, map);
        const wrapped = wrap(c);
        const after = decide(p, wrapped, map);
        const label = `${JSON.stringify(c)} → ${JSON.stringify(wrapped)}`;
        if (split(p, wrapped).hasError) expect(after.action, label).not.toBe("allow");
        else expect(RANK[after.action], label).toBeGreaterThanOrEqual(RANK[before.action]);
      }),
      { numRuns: RUNS },
    );
  });
});

const shellish = fc.stringMatching(/^[a-z \t\n;&|()<>$`'"\\{}[\]#=*?!~\-/.0-9]{0,60}$/);
const anyString = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  shellish,
  fc.tuple(fc.constantFrom("rm ", "rm", "sudo ", "git push "), shellish).map(([a, b]) => a + b),
);

describe("fuzz: random input", () => {
  it("never throws, and never allows what the rules would not allow as a whole", () => {
    fc.assert(
      fc.property(anyString, fc.constantFrom(...MAPS), (input, [, map]) => {
        const s = splitBash(p, input, { cwd: "/home/user/project", home: "/home/user" });
        expect(s.failed).toBe(false);
        const check = checkerFor(map);
        const d = decideBash(input, s, check);
        if (check(matchValue(input.trim())).action !== "allow") {
          expect(d.action, JSON.stringify(input)).not.toBe("allow");
        }
      }),
      { numRuns: RUNS * 7 },
    );
  });

  it("a parser that throws gives a failed split and an unparseable ask", () => {
    const broken = {
      parse(): never {
        throw new Error("boom");
      },
    };
    // A case statement is outside the plain fragment, so it reaches the parser; `ls` does only with the fast path off.
    for (const [command, opts] of [
      ["case a in a) ls;; esac", {}],
      ["ls", { plainFastPath: false }],
    ] as const) {
      const s = splitBash(broken, command, opts);
      expect(s.failed).toBe(true);
      const d = decideBash(command, s, checkerFor({ rules: { "*": "allow" } }));
      expect(d).toMatchObject({ action: "ask", matchedPattern: "<unparseable-bash-command>", origin: "builtin" });
    }
  });

  it("a parser that returns no tree gives a failed split", () => {
    // A plain command needs no parser (plain-syntax.ts); anything else, or any text with the fast path off, does.
    expect(splitBash({ parse: () => null }, "case a in a) ls;; esac").failed).toBe(true);
    expect(splitBash({ parse: () => null }, "ls", { plainFastPath: false }).failed).toBe(true);
  });
});

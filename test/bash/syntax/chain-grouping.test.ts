/**
 * Pipelines and `&&`/`||` lists grouped as bash groups them
 * (`regroupChains` in runtime/bash/syntax/syntax.ts): tree-sitter-bash reads
 * `a | b | c && d` as `a | (b | c && d)`, which put `d` in a pipeline's
 * subshell, so a `cd` there did not carry on (`ls | ls | ls && cd /etc; cat
 * passwd` was allowed under `/etc/*`) and a shell there seemed to read the
 * pipe; and a `cd` timed by the `time` keyword carries on too. Real bash is
 * the oracle for where the commands after a chain run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { treeMisreadsText } from "../../../runtime/bash/syntax/misread-tree.js";
import { copyTree, regroupChains, type SyntaxNode } from "../../../runtime/bash/syntax/syntax.js";
import { createGate, type Gate } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";
import { DENY_RM, decide, parser } from "../helpers.js";

const RUNS = Number(process.env.FC_RUNS ?? 60);

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

/** The tree's chains, compactly: `list(pipeline(a | b) && c)`; commands by their text. */
function shape(node: SyntaxNode, src: string): string {
  if (node.type === "command" || node.children.length === 0) return node.isNamed ? src.slice(node.startIndex, node.endIndex) : node.type;
  return `${node.type}(${node.children.map((c) => shape(c, src)).join(" ")})`;
}

function regrouped(src: string): { shape: string; unsure: boolean } {
  const tree = p.parse(src)!;
  try {
    const root = copyTree(tree);
    const unsure = regroupChains(root);
    return { shape: shape(root, src), unsure };
  } finally {
    tree.delete();
  }
}

describe("chains as bash groups them", () => {
  it.each([
    ["a | b | c && d", "program(list(pipeline(a | b | c) && d))"],
    ["a | b | c | d && e", "program(list(pipeline(a | b | c | d) && e))"],
    ["a | b | c || d", "program(list(pipeline(a | b | c) || d))"],
    ["a | b | c && d && e", "program(list(list(pipeline(a | b | c) && d) && e))"],
    ["a |& b | c && d", "program(list(pipeline(a |& b | c) && d))"],
    ["a | b | c && d | e | f && g", "program(list(list(pipeline(a | b | c) && pipeline(d | e | f)) && g))"],
    ["a | b | c | d || e && f", "program(list(list(pipeline(a | b | c | d) || e) && f))"],
    ["x; a | b | c &&\nd", "program(x ; list(pipeline(a | b | c) && d))"],
    ["if a | b | c && d; then e; fi", "program(if_statement(if list(pipeline(a | b | c) && d) ; then e ; fi))"],
    ["echo $(a | b | c && d)", "program(echo $(a | b | c && d))"],
    // Already bash's grouping: unchanged.
    ["a | b && c | d | e", "program(list(pipeline(a | b) && pipeline(c | d | e)))"],
    ["a | b | c; d", "program(pipeline(a | b | c) ; d)"],
    ["a | b | { c && d; }", "program(pipeline(a | b | compound_statement({ list(c && d) ; })))"],
  ])("%j", (src, expected) => {
    expect(regrouped(src)).toEqual({ shape: expected, unsure: false });
  });

  /** The shape bash gives a sequence of one-word commands: statements split at `;`, `&` and newlines, then pipes inside `&&`/`||` from the left. */
  function bashShape(words: readonly string[], operators: readonly string[]): string {
    const statements: string[] = [];
    let items: string[] = [words[0] as string];
    const flush = (): void => {
      // items: w op w op w … with op in | |& && ||
      let joined = "";
      let piped: string[] = [items[0] as string];
      const close = (joiner: string | null): void => {
        const p = piped.length === 1 ? (piped[0] as string) : `pipeline(${piped.join(" ")})`;
        joined = joined === "" ? p : `list(${joined} ${joiner} ${p})`;
      };
      let joiner: string | null = null;
      for (let i = 1; i < items.length; i += 2) {
        const op = items[i] as string;
        if (op === "|" || op === "|&") piped.push(op, items[i + 1] as string);
        else {
          close(joiner);
          joiner = op;
          piped = [items[i + 1] as string];
        }
      }
      close(joiner);
      statements.push(joined);
    };
    for (let k = 0; k < operators.length; k++) {
      const op = (operators[k] as string).trim();
      if (op === ";" || op === "&" || op === "") {
        flush();
        if (op !== "") statements.push(op);
        items = [words[k + 1] as string];
      } else items.push(op, words[k + 1] as string);
    }
    flush();
    return `program(${statements.join(" ")})`;
  }

  it("any chain of commands and operators: bash's grouping (or a tree the split reads as an error)", () => {
    const chainOf = fc
      .integer({ min: 1, max: 7 })
      .chain((n) =>
        fc.tuple(
          fc.array(fc.constantFrom("a", "b", "c", "d"), { minLength: n + 1, maxLength: n + 1 }),
          fc.array(fc.constantFrom(" | ", " |& ", " && ", " || ", "; ", " & ", "\n"), { minLength: n, maxLength: n }),
        ),
      );
    let compared = 0;
    fc.assert(
      fc.property(chainOf, ([words, operators]) => {
        const src = words.map((w, i) => w + (operators[i] ?? "")).join("");
        const tree = p.parse(src)!;
        try {
          const root = copyTree(tree);
          // A tree tree-sitter misreads otherwise (a newline read past after three piped commands) is asked, not read.
          if (tree.rootNode.hasError || treeMisreadsText(root, src)) return;
          const unsure = regroupChains(root);
          expect(unsure, src).toBe(false);
          expect(shape(root, src), JSON.stringify(src)).toBe(bashShape(words, operators));
          compared++;
        } finally {
          tree.delete();
        }
      }),
      { numRuns: RUNS * 20 },
    );
    expect(compared).toBeGreaterThan(RUNS * 10);
  });

  it("inside a command substitution too", () => {
    const tree = p.parse("echo $(a | b | c && d)")!;
    const root = copyTree(tree);
    tree.delete();
    regroupChains(root);
    const find = (n: SyntaxNode): SyntaxNode | undefined => (n.type === "command_substitution" ? n : n.children.map(find).find((x) => x !== undefined));
    const inner = find(root)!.children.find((c) => c.isNamed)!;
    expect(shape(inner, "echo $(a | b | c && d)")).toBe("list(pipeline(a | b | c) && d)");
  });

  it("a misgrouped chain with a comment in it is not rebuilt, and is reported", () => {
    expect(regrouped("a | b | c && # note\nd").unsure).toBe(true);
  });

  it("a shell after a three-command pipeline reads the agent's input, not the pipe", () => {
    expect(decide(p, "ls | ls | ls && bash", DENY_RM).action).toBe("allow");
    expect(decide(p, "ls | ls | bash", DENY_RM).action).toBe("ask");
  });
});

describe("real bash: where the commands after a chain run", () => {
  const dir = realpathSync(tempDir("chains"));
  mkdirSync(path.join(dir, "sub"));
  writeFileSync(path.join(dir, "sub", "secret"), "s\n");
  const out = path.join(dir, "pwd.txt");
  let gate: Gate;
  beforeAll(async () => {
    const { policy } = await compileAndLoad([piJson({ "*": "allow", bash: "allow", path: { "*": "allow", [`${dir}/sub/*`]: "deny" } })], { home: dir });
    gate = createGate(policy!, { cwd: dir, home: dir });
  });

  /**
   * The directory bash is in after `chain` (its commands read empty input); "" when bash never got there: a syntax
   * error, or a run that did not end (`f() { true | f() { …; }; f; }; f` recurses for ever).
   */
  function bashDirectoryAfter(chain: string): string {
    rmSync(out, { force: true });
    spawnSync("/bin/bash", ["-c", `${chain}; pwd > "$1"`, "bash", out], { cwd: dir, input: "", stdio: ["pipe", "ignore", "ignore"], timeout: 5_000 });
    return existsSync(out) ? readFileSync(out, "utf8").trim() : "";
  }

  const element = fc.constantFrom("true", "false", "cat", "ls >/dev/null");
  const operator = fc.constantFrom(" | ", " |& ", " && ", " || ");
  const chain = fc
    .tuple(element, fc.array(fc.tuple(operator, element), { minLength: 2, maxLength: 4 }), fc.constantFrom(" && ", " || ", " | "))
    .map(([first, rest, last]) => `${first}${rest.map(([o, e]) => o + e).join("")}${last}cd sub`);

  it("where bash ends up in sub/, a read of sub/secret there is never allowed", async () => {
    const samples = fc.sample(chain, { numRuns: RUNS, seed: 20261202 });
    let inSub = 0;
    for (const c of samples) {
      if (bashDirectoryAfter(c) !== path.join(dir, "sub")) continue;
      inSub++;
      const d = await gate.decide({ tool: "bash", input: { command: `${c}; cat secret` } });
      expect(d.action, c).not.toBe("allow");
    }
    // The sample holds chains whose cd carries on (else the property says nothing).
    expect(inSub).toBeGreaterThan(RUNS / 5);
  });

  /** `cd sub` inside bash's constructs, nested: some run it in the shell itself, some in a subshell. */
  const wrapped: fc.Arbitrary<string> = fc.letrec((tie) => ({
    command: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom("cd sub", "command cd sub", "builtin cd sub", "time cd sub", "pushd sub >/dev/null", "cd sub 2>/dev/null", "cd -- sub"),
      fc
        .tuple(
          tie("command") as fc.Arbitrary<string>,
          fc.constantFrom(
            (c: string) => `{ ${c}; }`,
            (c: string) => `( ${c} )`,
            (c: string) => `if true; then ${c}; fi`,
            (c: string) => `if false; then :; else ${c}; fi`,
            (c: string) => `for i in 1; do ${c}; done`,
            (c: string) => `while true; do ${c}; break; done`,
            (c: string) => `f() { ${c}; }; f`,
            (c: string) => `${c} &`,
            (c: string) => `${c} | cat`,
            (c: string) => `true | ${c}`,
            (c: string) => `true && ${c}`,
            (c: string) => `false || ${c}`,
            (c: string) => `! ${c}`,
            (c: string) => `x=$(${c})`,
            (c: string) => `true | true | true && ${c}`,
            (c: string) => `${c} >/dev/null`,
            (c: string) => `case a in a) ${c};; esac`,
            (c: string) => `time ${c}`,
            (c: string) => `coproc ${c}`,
            (c: string) => `until false; do ${c}; break; done`,
            (c: string) => `for ((i = 0; i < 1; i++)); do ${c}; done`,
            (c: string) => `[[ -d sub ]] && ${c}`,
            (c: string) => `{ ${c}; } 2>/dev/null`,
            (c: string) => `${c}
`,
          ),
        )
        .map(([c, wrap]) => wrap(c)),
    ),
  })).command;

  it("a cd in any construct: where bash ends up in sub/, a read of sub/secret there is never allowed", async () => {
    let inSub = 0;
    for (const c of fc.sample(wrapped, { numRuns: RUNS * 2, seed: 7 })) {
      if (bashDirectoryAfter(c) !== path.join(dir, "sub")) continue;
      inSub++;
      const d = await gate.decide({ tool: "bash", input: { command: `${c}; cat secret` } });
      expect(d.action, c).not.toBe("allow");
    }
    expect(inSub).toBeGreaterThan(RUNS / 5);
  });

  /**
   * The read next to the cd, inside the same construct, in the ways a read may
   * run there (in the background, negated, timed). Found by the hunt (npm run
   * hunt): `cd ~/.ssh; cat id_rsa &` and `if true; then ! cd ~/.ssh; cat id_rsa; fi`
   * were allowed. Bash is the oracle: wherever it prints sub/secret's content,
   * permc must not allow the command.
   */
  const reads = fc.constantFrom(
    "cat secret",
    "cat secret &",
    "cat secret & wait",
    "(cat secret)",
    "cat secret | cat",
    "! cat secret",
    "time cat secret 2>/dev/null",
  );
  const cds = fc.constantFrom("cd sub", "! cd sub", "cd sub &", "cd sub || true", "time cd sub 2>/dev/null", "! ! cd sub");
  const inside = fc.tuple(cds, reads, wrapped).map(([cd, read, outer]) => outer.replace(/\bcd sub\b|pushd sub >\/dev\/null|cd -- sub/, `${cd}; ${read}; wait`));

  it("a read next to a cd, in any construct: where bash prints sub/secret, the command is never allowed", async () => {
    let read = 0;
    for (const c of fc.sample(inside, { numRuns: RUNS * 2, seed: 11 })) {
      const r = spawnSync("/bin/bash", ["-c", c], { cwd: dir, input: "", encoding: "utf8", timeout: 5_000 });
      if (!(r.stdout ?? "").includes("s\n")) continue;
      read++;
      expect((await gate.decide({ tool: "bash", input: { command: c } })).action, c).not.toBe("allow");
    }
    expect(read).toBeGreaterThan(RUNS / 5);
  });

  // `time` is a reserved word: it times the command in the shell itself, so a `cd` it times carries on.
  it.each([
    "time cd sub",
    "time -p cd sub",
    "time -- cd sub",
    "time -p -- cd sub",
    "time time cd sub",
    "time command cd sub",
    "time ! cd sub",
    "time ! ! pushd sub",
  ])("%j: bash ends in sub/, and a read of sub/secret after it is not allowed", async (prefix) => {
    expect(bashDirectoryAfter(prefix)).toBe(path.join(dir, "sub"));
    expect((await gate.decide({ tool: "bash", input: { command: `${prefix}; cat secret` } })).action).toBe("deny");
  });

  it.each(["ls | ls | ls && cd sub; cat secret", "true | true | true && cd sub\ncat secret", "cat | cat | cat || cd sub; cat secret"])(
    "%j",
    async (command) => {
      expect((await gate.decide({ tool: "bash", input: { command } })).action).toBe("deny");
    },
  );
});

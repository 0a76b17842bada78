/**
 * The tree plain-syntax.ts builds without tree-sitter must be the tree the
 * tree-sitter path gives (copy, glue, reattach), node for node, and
 * tree-sitter must see no error in the text: then every later step of the
 * split reads the same tree and decides the same. Checked on generated
 * commands that mix the fragment's words and operators with characters,
 * words and operators outside it, so both acceptance and refusal are tried.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { getBashParser, type BashParser } from "../../runtime/bash/parser.js";
import { plainTree } from "../../runtime/bash/plain-syntax.js";
import { splitBash } from "../../runtime/bash/split.js";
import { copyTree, glueTouchingWords, reattachRedirectWords, type SyntaxNode } from "../../runtime/bash/syntax.js";

let parser: BashParser;
beforeAll(async () => {
  parser = await getBashParser();
});

function show(n: SyntaxNode): string {
  const head = `${n.type}${n.isNamed ? "" : "!"}@${n.startIndex}-${n.endIndex}`;
  return n.children.length === 0 ? head : `(${head} ${n.children.map(show).join(" ")})`;
}

/** The tree-sitter path's tree and whether tree-sitter saw an error. */
function treeSitterTree(src: string): { tree: string; hasError: boolean } {
  const tree = parser.parse(src);
  if (tree === null) throw new Error("no tree");
  try {
    const root = copyTree(tree);
    glueTouchingWords(root);
    reattachRedirectWords(root);
    return { tree: show(root), hasError: tree.rootNode.hasError };
  } finally {
    tree.delete();
  }
}

const plainChars = "abcxyzABZ0189_./:@%+,=-".split("");
const otherChars = ["'", '"', "$", "`", "\\", "*", "?", "[", "]", "{", "}", "~", "#", "!", "<", ">", "(", ")", "&", "\n", "\r", "é", "^"];
const word = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: fc.constantFrom(...plainChars), minLength: 1, maxLength: 6 }) },
  { weight: 2, arbitrary: fc.constantFrom("git", "rm", "-rf", "10", "-1", "08", "1a", "0x1F", "a=b", "x=", "=", "-", "--", "%1", "1.5") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "if",
      "then",
      "for",
      "in",
      "do",
      "done",
      "time",
      "export",
      "declare",
      "local",
      "unset",
      "test",
      "[",
      "[[",
      "!",
      "{",
      "coproc",
      "case",
      "esac",
      "function",
      "select",
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...plainChars, ...otherChars), minLength: 1, maxLength: 4 }) },
);
const blank = fc.constantFrom(" ", "  ", "\t", " \t");
const operator = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(" && ", " || ", " | ", "; ", ";", "|", "&&", " |& ", " ; ") },
  { weight: 1, arbitrary: fc.constantFrom(" & ", ";;", " ;& ", " &&& ", " ||| ", " | | ", "\n", " >x ", " 2>&1 ", " <y ", "&") },
);
const command = fc
  .array(word, { minLength: 1, maxLength: 5 })
  .chain((ws) => fc.array(blank, { minLength: ws.length, maxLength: ws.length }).map((bs) => ws.map((w, i) => (i === 0 ? w : bs[i] + w)).join("")));
const line = fc
  .tuple(fc.constantFrom("", " ", "\t "), command, fc.array(fc.tuple(operator, command), { maxLength: 6 }), fc.constantFrom("", " ", ";", "; ", " &&", "|"))
  .map(([lead, first, rest, tail]) => lead + first + rest.map(([op, c]) => op + c).join("") + tail);

/** Mostly inside the fragment: plain words and the fragment's operators. */
const plainWord = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: fc.constantFrom(..."abgitxyz".split("")), minLength: 1, maxLength: 5 }) },
  { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...plainChars), minLength: 1, maxLength: 8 }) },
);
const plainName = fc.string({ unit: fc.constantFrom(..."abgitxyz_./-".split("")), minLength: 1, maxLength: 5 });
const plainCommand = fc.tuple(plainName, fc.array(plainWord, { maxLength: 4 })).map(([name, ws]) => [name, ...ws].join(" "));
const plainLine = fc
  .tuple(
    plainCommand,
    fc.array(fc.tuple(fc.constantFrom(" && ", " || ", " | ", "; ", "|", "&&", " |& ", "||"), plainCommand), { maxLength: 5 }),
    fc.constantFrom("", ";", " ; "),
  )
  .map(([first, rest, tail]) => first + rest.map(([op, c]) => op + c).join("") + tail);

/** The fast tree, when there is one, is the tree-sitter path's; returns whether there was one. */
function agrees(src: string): boolean {
  const plain = plainTree(src);
  if (plain === null) return false;
  const expected = treeSitterTree(src);
  expect(expected.hasError, src).toBe(false);
  expect(show(plain), src).toBe(expected.tree);
  return true;
}

describe("plain commands without tree-sitter", () => {
  it("builds exactly the tree-sitter path's tree, for text tree-sitter reads without error (near the fragment)", () => {
    let accepted = 0;
    let runs = 0;
    fc.assert(
      fc.property(plainLine, (src) => {
        runs++;
        if (agrees(src)) accepted++;
      }),
      { numRuns: Number(process.env.PLAIN_RUNS ?? 3000) },
    );
    // Not vacuous: most generated commands are inside the fragment.
    expect(accepted).toBeGreaterThan(runs / 3);
  });

  it("builds exactly the tree-sitter path's tree, for text tree-sitter reads without error (mixed with everything outside)", () => {
    fc.assert(
      fc.property(line, (src) => {
        agrees(src);
      }),
      { numRuns: Number(process.env.PLAIN_RUNS ?? 4000) },
    );
  });

  it.each([
    ["cd /srv/app && git push -q | tee log.txt"],
    ["git status"],
    ["a; b;  "],
    ["  npm run build -- --filter=p1 |& tee -a b.log"],
    ["echo 1 -1 08 x1"],
    ["a && b || c; d | e | f"],
  ])("accepts %j", (src) => {
    const plain = plainTree(src);
    expect(plain).not.toBeNull();
    expect(show(plain as SyntaxNode)).toBe(treeSitterTree(src).tree);
  });

  it.each([
    ["echo 'a'"],
    ["echo $x"],
    ["a > b"],
    ["a &"],
    ["a\nb"],
    ["x=1 a"],
    ["for x in a; do b; done"],
    ["export A"],
    ["time a"],
    ["a ;; b"],
    ["a #c"],
    ["ls *.ts"],
    ["cat ~/.ssh/id_rsa"],
    ["echo é"],
    ["; a"],
    ["a |"],
    ["a &&"],
    ["1a b"],
    ["echo 0x1F"],
    ["a\\ b"],
  ])("leaves %j to tree-sitter", (src) => {
    expect(plainTree(src)).toBeNull();
  });

  it("gives the same split as the tree-sitter path (units and paths)", () => {
    for (const src of ["cd /srv/app && git push -q | tee log.txt", "rm -rf build; sudo rm x", "env A=1 rm x | sh", "bash -c ls"]) {
      expect(plainTree(src)).not.toBeNull();
      const fast = splitBash(parser, src, { cwd: "/home/u/p", home: "/home/u", probeBareNames: false });
      // A payload (`bash -c ls`) re-enters the same path, so compare against a split with the fast path off.
      const slow = splitBash(parser, src, { cwd: "/home/u/p", home: "/home/u", probeBareNames: false, plainFastPath: false });
      expect(fast).toEqual(slow);
    }
  });
});

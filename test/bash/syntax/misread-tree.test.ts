/**
 * Trees tree-sitter-bash gets wrong without an error (runtime/bash/syntax/misread-tree.ts):
 * each misread text is checked against tree-sitter's own tree, and so are
 * multi-line commands bash reads as tree-sitter does, which must not count
 * as misread (they would be asked for no reason). The split then treats a
 * misread tree as one with an error.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { treeMisreadsText } from "../../../runtime/bash/syntax/misread-tree.js";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../../runtime/bash/split.js";
import { copyTree } from "../../../runtime/bash/syntax/syntax.js";
import { parser } from "../helpers.js";

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

function misread(src: string): boolean {
  const tree = p.parse(src);
  if (tree === null) throw new Error("no tree");
  try {
    expect(tree.rootNode.hasError, `tree-sitter saw no error in ${JSON.stringify(src)}`).toBe(false);
    return treeMisreadsText(copyTree(tree), src);
  } finally {
    tree.delete();
  }
}

describe("trees tree-sitter misreads without an error", () => {
  it.each([
    // Read on past the newline after three piped commands: the next line's command became an argument.
    ["echo a | cat | cat\nrm -rf x 2>&1"],
    ["a|b|c\nd >x"],
    ["a && b | c | d\ne >x"],
    ["a | b | c\n(rm x) >y"],
    ["a | b | c\nx=1 rm y >z"],
    ["a | b | c | d\ne >x"],
    ["a|b|c\n\nd >x"],
    // Text dropped from the tree: bash joins `-rf\⏎2` into `-rf2`.
    ["rm -rf\\\n2>&1"],
    // A dash word before `>` read as the redirect's descriptor.
    ["cat -n1>x"],
    ["rm -2>&1"],
    ["rm a -x2>y"],
    // A here-document's operator token that swallowed the word before it.
    ["rm -rf<<E\nE"],
    ["rm -rf<<E >/dev/null\nE"],
    // A here-document tree-sitter ends at a line that is not exactly its delimiter.
    ["cat <<E\nE; echo hi\n$(rm -rf ~)\nE"],
    ["cat <<E\n E\nrm x\nE"],
    ["cat <<'EOF'\nx\nEOF "],
    ["echo \"$(cat <<'EOF'\nx\nEOF)\""],
    // The delimiter word carries a CR, the end line does not: bash reads on.
    ["cat <<EOF\r\nx\nEOF\nrm y"],
    // `time` before a compound command: read as a command named `time` with arguments.
    ["time { cd /etc; }; cat passwd"],
    ["time if true; then cd /etc; fi"],
    ["time -p while true; do cd /etc; break; done"],
    ["time -- for x in a; do cd $x; done"],
    ["time time until false; do :; done"],
    // `!` before a compound command: the same.
    ["! { cd /etc; }; cat passwd"],
    ["! while true; do cd /etc; break; done"],
    ["! if true; then cd /etc; fi"],
    ["! ! cd /etc"],
    // A command named by a reserved word bash would stop at (`}` here): not read either.
    ["'time' { x; }"],
  ])("%j", (src) => {
    expect(misread(src)).toBe(true);
  });

  it.each([
    ["a\nb"],
    ["a |\n b"],
    ["a &&\n\n b"],
    ["a ||\n b"],
    ["a | # why\n b"],
    ["a b # c\nd"],
    ["a \\\n b \\\n  c"],
    ["a\\\n b"],
    ["a | b | c\nd"],
    ["a | b | c >y\nd >x"],
    ["cat <<EOF >o\nx\nEOF\nrm y"],
    ["for x in a b; do\n  echo $x\ndone"],
    ["if a; then\n  b\nelif c; then\n  d\nelse\n  e\nfi"],
    ["while read l; do\n  echo $l\ndone < f"],
    ["{\n  a\n  b\n} > out"],
    ["(\n  a\n)"],
    ["f() {\n  a\n}"],
    ["! a"],
    ["echo a\r"],
    ["cat 2>&1 >x 1>y"],
    ["exec {fd}>x"],
    ["rm x<<E\nE"],
    ["cat <<-E\n\tx\n\t\tE\nls"],
    ["cat <<\\E\nx\nE"],
    ["cat <<'EOF'\nx\nEOF"],
    ["cat <<EOF\r\nx\r\nEOF\r\n"],
    ["cat <<<x >y 2>&1 &>z"],
    ["a=1 b+=2 c"],
    ["git commit -m \"$(cat <<'EOF'\nfix: a\n\nbody\nEOF\n)\""],
    ["time npm test"],
    ["time -p cd /etc"],
    ["time ( cd /etc )"],
    ["x=1 time if"],
    ["echo time {"],
    ["! ( cd /etc )"],
    ["! cd /etc"],
    ["\\if x"],
    ["'then' x"],
    ["echo { } if then fi"],
  ])("%j is read as bash reads it", (src) => {
    expect(misread(src)).toBe(false);
  });

  it("a misread tree makes the split one with an error", () => {
    // The last: words after a redirect with no simple command to take them (runtime/bash/syntax/syntax.ts reattachRedirectWords).
    for (const src of ["echo a | cat | cat\nrm -rf x 2>&1", "cat -n1>x", "{ git push; } >/dev/null --force"]) {
      expect(splitBash(p, src, { cwd: "/home/u/p", home: "/home/u" }).hasError, src).toBe(true);
    }
    expect(splitBash(p, "echo a | cat | cat\nrm -rf x", { cwd: "/home/u/p", home: "/home/u" }).hasError).toBe(false);
  });
});

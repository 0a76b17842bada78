/**
 * The expansions of the plain fragment (plain-syntax.ts): `$NAME` and
 * `${NAME}` of an ordinary variable, read without tree-sitter into the
 * `simple_expansion` and `expansion` nodes the tree-sitter path gives, and
 * `$(…)` of statements of the fragment (read by plain-syntax.ts).
 *
 * Only a name of letters, digits and `_` that starts with a letter or `_`
 * (and is not `_` alone, a special parameter) is inside: positional and
 * special parameters (`$1`, `$@`, `$?`, `$$`, `$_`), operators inside braces
 * (`${A:-x}`, `${#A}`, `${A[0]}`), `$((…))`, backticks, `$'…'` and `$"…"`
 * take the tree-sitter path. What a variable holds is the analysis's question
 * (runtime/bash/words.ts), not the syntax's: this only builds the tree.
 */
import { type PlainCursor, continuesName, startsName } from "./plain-cursor.js";
import { SyntaxNode } from "./syntax.js";

export const DOLLAR = 0x24;
const OPEN_BRACE = 0x7b;
const OPEN_PAREN = 0x28;
const CLOSE_BRACE = 0x7d;
const UNDERSCORE = 0x5f;

/** The end of the variable name starting at `at`, or -1 when none starts there or it is the special `_`. */
function nameEnd(cur: PlainCursor, at: number): number {
  if (!startsName(cur.code(at))) return -1;
  let j = at + 1;
  while (continuesName(cur.code(j))) j++;
  return j === at + 1 && cur.code(at) === UNDERSCORE ? -1 : j;
}

/**
 * The expansion whose `$` is at the cursor, the cursor moved past it; null
 * when it is outside the fragment. `tokenStart` is where tree-sitter starts
 * the `$` (or `${`) token and the node: inside a double-quoted string, blanks
 * just before it belong to that token (plain-words.ts), elsewhere it is the
 * `$` itself.
 */
export function expansionAt(cur: PlainCursor, tokenStart: number): SyntaxNode | null {
  const dollar = cur.at;
  if (cur.code(dollar + 1) === OPEN_PAREN) {
    // `$((…))` is arithmetic, left to tree-sitter.
    if (cur.code(dollar + 2) === OPEN_PAREN || cur.readSubstitution === null) return null;
    return cur.readSubstitution(tokenStart);
  }
  if (cur.code(dollar + 1) === OPEN_BRACE) {
    const end = nameEnd(cur, dollar + 2);
    if (end === -1 || cur.code(end) !== CLOSE_BRACE) return null;
    cur.at = end + 1;
    const node = new SyntaxNode("expansion", true, tokenStart, end + 1);
    node.children = [
      new SyntaxNode("${", false, tokenStart, dollar + 2),
      new SyntaxNode("variable_name", true, dollar + 2, end),
      new SyntaxNode("}", false, end, end + 1),
    ];
    return node;
  }
  const end = nameEnd(cur, dollar + 1);
  if (end === -1) return null;
  cur.at = end;
  const node = new SyntaxNode("simple_expansion", true, tokenStart, end);
  node.children = [new SyntaxNode("$", false, tokenStart, dollar + 1), new SyntaxNode("variable_name", true, dollar + 1, end)];
  return node;
}

/**
 * The expansions of the plain fragment (plain-syntax.ts): `$NAME` and
 * `${NAME}` of an ordinary variable, a special parameter (`$?`, `"$@"`,
 * `$#`, `$$`, `$!`, `$*`, `$-`, `$_`) or a one-digit positional one (`$1`,
 * `${10}`), read without tree-sitter into the `simple_expansion` and
 * `expansion` nodes the tree-sitter path gives, and `$(…)` of statements of
 * the fragment (read by plain-syntax.ts).
 *
 * tree-sitter-bash reads a `$` and a digit on to the end of a name (`$1a` is
 * the variable `1a`, `$12` the variable `12`, where bash reads `$1` and then
 * literal text), and a `$` after a special parameter as a lone token: a
 * parameter touching such text is left to it. Operators inside braces
 * (`${A:-x}`, `${#A}`, `${A[0]}`), `$((…))`, backticks, `$'…'` and `$"…"`
 * take the tree-sitter path too. What a variable holds is the analysis's
 * question (runtime/bash/words.ts), not the syntax's: this only builds the tree.
 */
import { type PlainCursor, continuesName, startsName } from "./plain-cursor.js";
import { SyntaxNode } from "./syntax.js";

export const DOLLAR = 0x24;
const OPEN_BRACE = 0x7b;
const OPEN_PAREN = 0x28;
const CLOSE_BRACE = 0x7d;
const UNDERSCORE = 0x5f;

/** The special parameters tree-sitter gives a `special_variable_name` after `$` (`_` alone is one too: see nameEnd). */
const SPECIAL_PARAMETER = new Uint8Array(128);
for (const ch of "?@#$!*-") SPECIAL_PARAMETER[ch.charCodeAt(0)] = 1;
/** The special parameters read the same inside `${…}` (`${#}` and `${!}` are operators there, `${$}` and `${-}` rare). */
const BRACED_SPECIAL_PARAMETER = new Uint8Array(128);
for (const ch of "?@*") BRACED_SPECIAL_PARAMETER[ch.charCodeAt(0)] = 1;

function isDigitCode(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/**
 * A special or one-digit positional parameter after the `$` at `dollar`: the
 * node type of its name, or null when there is none or what follows would
 * make tree-sitter read it otherwise (a name character after a digit, or
 * another parameter's character: `$1a`, `$$$`, `$?$`).
 */
function parameterAt(cur: PlainCursor, dollar: number): "special_variable_name" | "variable_name" | null {
  const c = cur.code(dollar + 1);
  const next = cur.code(dollar + 2);
  if (continuesName(next) || next === DOLLAR || (next >= 0 && next < 128 && SPECIAL_PARAMETER[next] === 1)) return null;
  if (isDigitCode(c)) return "variable_name";
  if (c === UNDERSCORE) return "special_variable_name";
  return c >= 0 && c < 128 && SPECIAL_PARAMETER[c] === 1 ? "special_variable_name" : null;
}

/** The end of a `${…}` parameter name starting at `at` (an ordinary name, digits, or `?`, `@`, `*`, `_`) and its node type, or null. */
function bracedNameAt(cur: PlainCursor, at: number): { end: number; type: "special_variable_name" | "variable_name" } | null {
  const c = cur.code(at);
  if (isDigitCode(c)) {
    let j = at + 1;
    while (isDigitCode(cur.code(j))) j++;
    return { end: j, type: "variable_name" };
  }
  if (c >= 0 && c < 128 && BRACED_SPECIAL_PARAMETER[c] === 1) return { end: at + 1, type: "special_variable_name" };
  const end = nameEnd(cur, at);
  if (end !== -1) return { end, type: "variable_name" };
  return c === UNDERSCORE ? { end: at + 1, type: "special_variable_name" } : null;
}

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
    const name = bracedNameAt(cur, dollar + 2);
    if (name === null || cur.code(name.end) !== CLOSE_BRACE) return null;
    const { end } = name;
    cur.at = end + 1;
    const node = new SyntaxNode("expansion", true, tokenStart, end + 1);
    node.children = [
      new SyntaxNode("${", false, tokenStart, dollar + 2),
      new SyntaxNode(name.type, true, dollar + 2, end),
      new SyntaxNode("}", false, end, end + 1),
    ];
    return node;
  }
  let end = nameEnd(cur, dollar + 1);
  let type: "special_variable_name" | "variable_name" | null = "variable_name";
  if (end === -1) {
    type = parameterAt(cur, dollar);
    if (type === null) return null;
    end = dollar + 2;
  }
  cur.at = end;
  const node = new SyntaxNode("simple_expansion", true, tokenStart, end);
  node.children = [new SyntaxNode("$", false, tokenStart, dollar + 1), new SyntaxNode(type, true, dollar + 1, end)];
  return node;
}

/**
 * The test commands of the plain fragment (plain-syntax.ts): `[ -f FILE ]`
 * and `[[ -f FILE ]]`, a file or string test of one operand, read without
 * tree-sitter into the `test_command` node the tree-sitter path gives (`[`,
 * a `unary_expression` of the operator and the operand word, `]`; `[[` and
 * `]]` likewise): `[ -d node_modules ] || npm ci`.
 *
 * Only a one-letter operator of the list below with one word of the
 * fragment is inside, blanks around both; `!`, two operands, `-a`/`-o`,
 * `&&`/`||` inside `[[ … ]]`, and an operand tree-sitter reads otherwise (one starting with
 * `~`, `=`, `!`, `(` or `-`, or with a first literal piece starting with
 * punctuation before a quote or a variable) take the tree-sitter path, and so does `[-f x ]` or
 * `[ -f x]`, which tree-sitter reads as a test and bash does not.
 */
import { type PlainCursor, isBlank } from "./plain-cursor.js";
import { wordAt } from "./plain-words.js";
import { SyntaxNode } from "./syntax.js";

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const DASH = 0x2d;
/** Unary test operators: file tests and string emptiness. */
const UNARY_OPERATORS = "bcdefghknprstuwxzGLNOS";
/**
 * How an operand may start: a letter, digit or `_`, a quote, a variable, or a
 * path (`/`, `.`, `./`, `../`) going on with a letter, digit or `_`. Other
 * punctuation first is read as expression syntax in a test (`-1` is a
 * negation, `+a` and `%` are arithmetic, `/` alone is an error).
 */
const OPERAND_START = /^(?:[A-Za-z0-9_'"$]|\/[A-Za-z0-9_]|\.[A-Za-z0-9_]|\.\/[A-Za-z0-9_]|\.\.\/)/;
/** A literal first piece of several that starts with one of these is read as an operator and more (`/''a` is a division). */
const ALPHANUMERIC = /^[A-Za-z0-9_]/;

/** Whether a test command starts at the cursor: `[` or `[[`, and a blank. */
export function startsTest(cur: PlainCursor): boolean {
  const brackets = cur.code(cur.at + 1) === OPEN_BRACKET ? 2 : 1;
  return cur.code(cur.at) === OPEN_BRACKET && isBlank(cur.code(cur.at + brackets));
}

/** The test command at the cursor, the cursor moved past its `]` or `]]`; null when it is outside the fragment. */
export function testAt(cur: PlainCursor): SyntaxNode | null {
  const start = cur.at;
  // `[[ -f x ]]` is the same tree as `[ -f x ]` with two brackets each side.
  const brackets = cur.code(cur.at + 1) === OPEN_BRACKET ? 2 : 1;
  cur.at += brackets;
  cur.skipBlanks();
  const operatorStart = cur.at;
  if (cur.code(operatorStart) !== DASH || !UNARY_OPERATORS.includes(String.fromCharCode(cur.code(operatorStart + 1)))) return null;
  if (!isBlank(cur.code(operatorStart + 2))) return null;
  cur.at = operatorStart + 2;
  cur.skipBlanks();
  if (!OPERAND_START.test(cur.src.slice(cur.at, cur.at + 3))) return null;
  const operand = wordAt(cur, false);
  if (operand === null || !isBlank(cur.code(cur.at))) return null;
  const first = operand.type === "concatenation" ? operand.children[0] : undefined;
  if (first !== undefined && first.type === "word" && !ALPHANUMERIC.test(cur.src.slice(first.startIndex, first.endIndex))) return null;
  cur.skipBlanks();
  if (cur.code(cur.at) !== CLOSE_BRACKET || (brackets === 2 && cur.code(cur.at + 1) !== CLOSE_BRACKET)) return null;
  cur.at += brackets;
  const expression = new SyntaxNode("unary_expression", true, operatorStart, operand.endIndex);
  expression.children = [new SyntaxNode("test_operator", true, operatorStart, operatorStart + 2), operand];
  const node = new SyntaxNode("test_command", true, start, cur.at);
  const open = brackets === 2 ? "[[" : "[";
  const close = brackets === 2 ? "]]" : "]";
  node.children = [new SyntaxNode(open, false, start, start + brackets), expression, new SyntaxNode(close, false, cur.at - brackets, cur.at)];
  return node;
}

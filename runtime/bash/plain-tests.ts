/**
 * The test commands of the plain fragment (plain-syntax.ts): `[ -f FILE ]`,
 * a file or string test of one operand, read without tree-sitter into the
 * `test_command` node the tree-sitter path gives (`[`, a
 * `unary_expression` of the operator and the operand word, `]`):
 * `[ -d node_modules ] || npm ci`.
 *
 * Only a one-letter operator of the list below with one word of the
 * fragment is inside, blanks around both; `!`, two operands, `-a`/`-o`,
 * `[[ … ]]`, and an operand tree-sitter reads otherwise (one starting with
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

/** Whether a test command starts at the cursor: `[` and a blank. */
export function startsTest(cur: PlainCursor): boolean {
  return cur.code(cur.at) === OPEN_BRACKET && isBlank(cur.code(cur.at + 1));
}

/** The test command at the cursor, the cursor moved past its `]`; null when it is outside the fragment. */
export function testAt(cur: PlainCursor): SyntaxNode | null {
  const start = cur.at;
  cur.at++;
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
  if (cur.code(cur.at) !== CLOSE_BRACKET) return null;
  cur.at++;
  const expression = new SyntaxNode("unary_expression", true, operatorStart, operand.endIndex);
  expression.children = [new SyntaxNode("test_operator", true, operatorStart, operatorStart + 2), operand];
  const node = new SyntaxNode("test_command", true, start, cur.at);
  node.children = [new SyntaxNode("[", false, start, start + 1), expression, new SyntaxNode("]", false, cur.at - 1, cur.at)];
  return node;
}

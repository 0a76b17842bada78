/**
 * The test commands of the plain fragment (plain-syntax.ts): `[ -f FILE ]`
 * and `[[ -f FILE ]]`, a file or string test of one operand, read without
 * tree-sitter into the `test_command` node the tree-sitter path gives (`[`,
 * a `unary_expression` of the operator and the operand word, `]`; `[[` and
 * `]]` likewise): `[ -d node_modules ] || npm ci`; and `[ A OP B ]` or
 * `[[ A OP B ]]`, two operands compared (`binaryTestAt` below).
 *
 * Only a one-letter operator of the list below with one word of the
 * fragment is inside, blanks around both; `!`, `-a`/`-o`,
 * `&&`/`||` inside `[[ … ]]`, and an operand tree-sitter reads otherwise (one starting with
 * `~`, `=`, `!`, `(` or `-`, or with a first literal piece starting with
 * punctuation before a quote or a variable) take the tree-sitter path, and so does `[-f x ]` or
 * `[ -f x]`, which tree-sitter reads as a test and bash does not.
 */
import { type PlainCursor, isBlank } from "./plain-cursor.js";
import { holdsEscapeOrBrace, wordAt } from "./plain-words.js";
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
  if (!(cur.code(operatorStart) === DASH && UNARY_OPERATORS.includes(String.fromCharCode(cur.code(operatorStart + 1))) && isBlank(cur.code(operatorStart + 2))))
    return binaryTestAt(cur, start, brackets);
  cur.at = operatorStart + 2;
  cur.skipBlanks();
  if (!OPERAND_START.test(cur.src.slice(cur.at, cur.at + 3))) return null;
  const operand = wordAt(cur, false);
  if (operand === null || !isBlank(cur.code(cur.at)) || holdsEscapeOrBrace(cur, operand)) return null;
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

/**
 * Binary operators of the fragment: `=` (an anonymous token in the tree),
 * `==` and `!=` (anonymous too), and the arithmetic and file comparisons (a
 * `test_operator`). Not `=~`, whose right side is a regex, nor `<` and `>`,
 * which are redirects in `[ … ]`, nor `=` inside `[[ … ]]`, whose right
 * side tree-sitter reads as a `regex` in some spellings (`x.y`, `' '`).
 */
const BINARY_OPERATORS: ReadonlySet<string> = new Set(["=", "==", "!=", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef"]);
/**
 * Operators whose right side tree-sitter reads as a pattern: an unquoted
 * word there is typed by its spelling (`y`, `a_b` and `a-b` are an
 * `extglob_pattern`, `yes` a `word`), so only a quoted string, a plain
 * variable or one of the spellings below is inside.
 */
function takesPattern(operator: string): boolean {
  return operator === "==" || operator === "!=";
}
/** Right sides of a pattern operator read alike in every spelling. */
const PATTERN_OPERAND_TYPES: ReadonlySet<string> = new Set(["string", "raw_string", "simple_expansion"]);
/**
 * Unquoted right sides of `==`/`!=` in `[[ … ]]` whose type is known, as
 * tree-sitter-bash 0.25's scanner gives it (checked by the property test):
 * two or more letters (`yes`, `main`) and a suffix glob (`*.ts`,
 * `*.test.ts`) are a `word`; letters and a final star (`darwin*`) an
 * `extglob_pattern`. One letter, digits, `_`, `-`, `/` or a star elsewhere
 * are typed otherwise and stay with tree-sitter, and so does a word starting
 * with `e`, which the scanner reads apart while it looks for `esac` (`es` is
 * a pattern, `echo` a word).
 */
const UNQUOTED_PATTERNS: ReadonlyArray<readonly [RegExp, "word" | "extglob_pattern"]> = [
  [/^[A-Za-df-z][A-Za-z]+$/, "word"],
  [/^\*\.[A-Za-z0-9.]*$/, "word"],
  [/^[A-Za-df-z][A-Za-z]*\*$/, "extglob_pattern"],
];

/** A right side of `==`/`!=` in `[[ … ]]` spelt as one of UNQUOTED_PATTERNS, the cursor moved past it; null otherwise (the cursor unmoved). */
function unquotedPatternAt(cur: PlainCursor): SyntaxNode | null {
  const start = cur.at;
  let end = start;
  while (end < cur.src.length && !isBlank(cur.code(end))) end++;
  const text = cur.src.slice(start, end);
  const known = UNQUOTED_PATTERNS.find(([spelling]) => spelling.test(text));
  if (known === undefined) return null;
  cur.at = end;
  return new SyntaxNode(known[1], true, start, end);
}
/** A literal operand: a name-like word, or digits (tree-sitter's `number`). */
const NAME_OPERAND = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DIGITS_OPERAND = /^[0-9]+$/;

/**
 * `[ "$a" = "b" ]`, `[ "$n" -gt 0 ]`, `[[ "$a" == "b" ]]`: a test of two
 * operands, each a quoted string, a plain variable, a name-like word or
 * digits (a pattern operator's right side: see takesPattern), the cursor
 * moved past `]` or `]]`; null when it is outside the fragment.
 */
function binaryTestAt(cur: PlainCursor, start: number, brackets: number): SyntaxNode | null {
  const left = binaryOperand(cur);
  if (left === null) return null;
  cur.skipBlanks();
  const operatorStart = cur.at;
  while (cur.at < cur.src.length && !isBlank(cur.code(cur.at))) cur.at++;
  const operator = cur.src.slice(operatorStart, cur.at);
  if (!BINARY_OPERATORS.has(operator) || (operator === "=" && brackets === 2) || !isBlank(cur.code(cur.at))) return null;
  cur.skipBlanks();
  const right = takesPattern(operator) ? patternOperand(cur, brackets) : binaryOperand(cur);
  if (right === null) return null;
  cur.skipBlanks();
  if (cur.code(cur.at) !== CLOSE_BRACKET || (brackets === 2 && cur.code(cur.at + 1) !== CLOSE_BRACKET)) return null;
  cur.at += brackets;
  const operatorNode =
    operator[0] === "-"
      ? new SyntaxNode("test_operator", true, operatorStart, operatorStart + operator.length)
      : new SyntaxNode(operator, false, operatorStart, operatorStart + operator.length);
  const expression = new SyntaxNode("binary_expression", true, left.startIndex, right.endIndex);
  expression.children = [left, operatorNode, right];
  const node = new SyntaxNode("test_command", true, start, cur.at);
  node.children = [
    new SyntaxNode(brackets === 2 ? "[[" : "[", false, start, start + brackets),
    expression,
    new SyntaxNode(brackets === 2 ? "]]" : "]", false, cur.at - brackets, cur.at),
  ];
  return node;
}

/** The right side of `==`/`!=`: quoted, a plain variable, or (in `[[ … ]]`) an unquoted spelling of known type; null otherwise. */
function patternOperand(cur: PlainCursor, brackets: number): SyntaxNode | null {
  const unquoted = brackets === 2 ? unquotedPatternAt(cur) : null;
  if (unquoted !== null) return isBlank(cur.code(cur.at)) ? unquoted : null;
  const word = binaryOperand(cur);
  return word !== null && PATTERN_OPERAND_TYPES.has(word.type) ? word : null;
}

/** One operand of a binary test, followed by a blank; null when it is outside the fragment (a reserved word, `1a`, a concatenation…). */
function binaryOperand(cur: PlainCursor): SyntaxNode | null {
  const word = wordAt(cur, false);
  if (word === null || !isBlank(cur.code(cur.at)) || holdsEscapeOrBrace(cur, word)) return null;
  if (word.type === "string" || word.type === "raw_string" || word.type === "simple_expansion" || word.type === "expansion") return word;
  const text = cur.src.slice(word.startIndex, word.endIndex);
  if (word.type === "number") return DIGITS_OPERAND.test(text) ? word : null;
  return word.type === "word" && NAME_OPERAND.test(text) ? word : null;
}

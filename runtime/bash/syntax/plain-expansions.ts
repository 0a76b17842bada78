/**
 * The expansions of the plain fragment (plain-syntax.ts): `$NAME` and
 * `${NAME}` of an ordinary variable, a special parameter (`$?`, `"$@"`,
 * `$#`, `$$`, `$!`, `$*`, `$-`, `$_`) or a one-digit positional one (`$1`,
 * `${10}`), read without tree-sitter into the `simple_expansion` and
 * `expansion` nodes the tree-sitter path gives, and `$(…)` of statements of
 * the fragment (read by plain-substitutions.ts).
 *
 * tree-sitter-bash reads a `$` and a digit on to the end of a name (`$1a` is
 * the variable `1a`, `$12` the variable `12`, where bash reads `$1` and then
 * literal text), and a `$` after a special parameter as a lone token: a
 * parameter touching such text is left to it. Inside braces, a length
 * (`${#A}`) and a default of a literal word (`${A:-x}`, bracedAt) are read;
 * other operators (`${A%x}`, `${A[0]}`, `${!A}`), arithmetic other than
 * `$((A OP B OP …))` of `+ - * / %` (arithmeticAt), backticks, `$'…'` and `$"…"` take the
 * tree-sitter path too. What a variable holds is the analysis's
 * question (runtime/bash/words/words.ts), not the syntax's: this only builds the tree.
 */
import { type PlainCursor, continuesName, isDigit, startsName } from "./plain-cursor.js";
import { SyntaxNode } from "./syntax.js";

export const DOLLAR = 0x24;
const OPEN_BRACE = 0x7b;
const OPEN_PAREN = 0x28;
const CLOSE_BRACE = 0x7d;
const UNDERSCORE = 0x5f;
const HASH = 0x23;
const COLON = 0x3a;

/** The operators of `${NAME-WORD}`, `${NAME=WORD}`, `${NAME?WORD}`, `${NAME+WORD}` (also after a `:`). */
const VALUE_OPERATOR = new Uint8Array(128);
for (const ch of "-=?+") VALUE_OPERATOR[ch.charCodeAt(0)] = 1;
/** What the WORD of `${NAME:-WORD}` may hold: literal characters tree-sitter keeps in one `word`. */
const VALUE_CHAR = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:,%@+-") VALUE_CHAR[ch.charCodeAt(0)] = 1;
/** After name characters at the start of such a WORD, these make tree-sitter read them as a `variable_name` of their own. */
const SPLITS_A_NAME = new Uint8Array(128);
for (const ch of "%@+-=") SPLITS_A_NAME[ch.charCodeAt(0)] = 1;

function isValueChar(c: number): boolean {
  return c >= 0 && c < 128 && VALUE_CHAR[c] === 1;
}

/** The special parameters tree-sitter gives a `special_variable_name` after `$` (`_` alone is one too: see nameEnd). */
const SPECIAL_PARAMETER = new Uint8Array(128);
for (const ch of "?@#$!*-") SPECIAL_PARAMETER[ch.charCodeAt(0)] = 1;
/** The special parameters read the same inside `${…}` (`${#}` and `${!}` are operators there, `${$}` and `${-}` rare). */
const BRACED_SPECIAL_PARAMETER = new Uint8Array(128);
for (const ch of "?@*") BRACED_SPECIAL_PARAMETER[ch.charCodeAt(0)] = 1;

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
  if (isDigit(c)) return "variable_name";
  if (c === UNDERSCORE) return "special_variable_name";
  return c >= 0 && c < 128 && SPECIAL_PARAMETER[c] === 1 ? "special_variable_name" : null;
}

/** The end of a `${…}` parameter name starting at `at` (an ordinary name, digits, or `?`, `@`, `*`, `_`) and its node type, or null. */
function bracedNameAt(cur: PlainCursor, at: number): { end: number; type: "special_variable_name" | "variable_name" } | null {
  const c = cur.code(at);
  if (isDigit(c)) {
    let j = at + 1;
    while (isDigit(cur.code(j))) j++;
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
    if (cur.code(dollar + 2) === OPEN_PAREN) return arithmeticAt(cur, dollar, tokenStart);
    if (cur.readSubstitution === null) return null;
    return cur.readSubstitution(tokenStart);
  }
  if (cur.code(dollar + 1) === OPEN_BRACE) return bracedAt(cur, dollar, tokenStart);
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

/**
 * `${NAME}`, its length `${#NAME}`, or `${NAME:-WORD}` and the other
 * defaults, assignments, errors and alternatives (`-`, `=`, `?`, `+`, each
 * with or without `:`) of a literal WORD, the `$` at `dollar`; null when it
 * is outside the fragment. tree-sitter reads a WORD that starts with name
 * characters followed by `%`, `@`, `+`, `-` or `=` as a name and a word
 * (`${A:-a-b}`, `${A:=1+}`):
 * such words, and any other character, are left to it.
 */
function bracedAt(cur: PlainCursor, dollar: number, tokenStart: number): SyntaxNode | null {
  const length = cur.code(dollar + 2) === HASH;
  const nameStart = length ? dollar + 3 : dollar + 2;
  const name = bracedNameAt(cur, nameStart);
  if (name === null || (length && name.type !== "variable_name")) return null;
  const children = [new SyntaxNode("${", false, tokenStart, dollar + 2)];
  if (length) children.push(new SyntaxNode("#", false, dollar + 2, dollar + 3));
  children.push(new SyntaxNode(name.type, true, nameStart, name.end));
  let j = name.end;
  if (!length && cur.code(j) !== CLOSE_BRACE) {
    const operatorLength = cur.code(j) === COLON ? 2 : 1;
    const operator = cur.code(j + operatorLength - 1);
    if (operator < 0 || operator >= 128 || VALUE_OPERATOR[operator] !== 1) return null;
    children.push(new SyntaxNode(cur.src.slice(j, j + operatorLength), false, j, j + operatorLength));
    j += operatorLength;
    const valueStart = j;
    while (j < cur.end && isValueChar(cur.code(j))) j++;
    if (j > valueStart) {
      let nameEndInValue = valueStart;
      while (continuesName(cur.code(nameEndInValue))) nameEndInValue++;
      const after = cur.code(nameEndInValue);
      if (nameEndInValue > valueStart && after >= 0 && after < 128 && SPLITS_A_NAME[after] === 1) return null;
      children.push(new SyntaxNode("word", true, valueStart, j));
    }
  }
  if (cur.code(j) !== CLOSE_BRACE) return null;
  children.push(new SyntaxNode("}", false, j, j + 1));
  cur.at = j + 1;
  const node = new SyntaxNode("expansion", true, tokenStart, j + 1);
  node.children = children;
  return node;
}

/** Binding strength of the operators the fragment reads: `*`, `/` and `%` before `+` and `-` (all left-associative). */
const PRECEDENCE = new Uint8Array(128);
for (const ch of "+-") PRECEDENCE[ch.charCodeAt(0)] = 1;
for (const ch of "*/%") PRECEDENCE[ch.charCodeAt(0)] = 2;
const SPACE = 0x20;
const CLOSE_PAREN = 0x29;
const PERCENT = 0x25;

/**
 * `$((A))`, `$((A OP B))`, `$((A OP B OP C …))`: operands joined by `+`,
 * `-`, `*`, `/` or `%`, each a name, a number (`0` or digits not starting
 * with `0`) or a plain `$NAME`/`${NAME}`, spaces around them; the `$` at
 * `dollar`. The nesting is tree-sitter's (and bash's): `*`, `/` and `%` bind
 * before `+` and `-`, and operators of one strength group from the left
 * (`a - b * c - d` is `(a - (b * c)) - d`). Null for anything else (`**`,
 * unary and postfix operators, `08`, `0x1F`, parentheses, assignments,
 * comparisons): left to tree-sitter. What the expression evaluates is the
 * analysis's question (split/assigned-variables.ts), as in any arithmetic.
 */
function arithmeticAt(cur: PlainCursor, dollar: number, tokenStart: number): SyntaxNode | null {
  cur.at = dollar + 3;
  skipSpaces(cur);
  const expression = operationAt(cur, 1);
  if (expression === null) return null;
  if (cur.code(cur.at) !== CLOSE_PAREN || cur.code(cur.at + 1) !== CLOSE_PAREN) return null;
  cur.at += 2;
  const node = new SyntaxNode("arithmetic_expansion", true, tokenStart, cur.at);
  node.children = [new SyntaxNode("$((", false, tokenStart, dollar + 3), expression, new SyntaxNode("))", false, cur.at - 2, cur.at)];
  return node;
}

/**
 * Operands joined by operators at least as strong as `strength`, the spaces
 * after them read: a loop per strength, so a long sum nests no deeper in the
 * reader than two calls.
 */
function operationAt(cur: PlainCursor, strength: number): SyntaxNode | null {
  const first = strength === 2 ? arithmeticOperandAt(cur) : operationAt(cur, 2);
  if (first === null) return null;
  let left: SyntaxNode = first;
  if (strength === 2) skipSpaces(cur);
  for (;;) {
    const c = cur.code(cur.at);
    if (c < 0 || c >= 128 || PRECEDENCE[c] !== strength) return left;
    const operator = new SyntaxNode(String.fromCharCode(c), false, cur.at, cur.at + 1);
    cur.at++;
    skipSpaces(cur);
    const right = strength === 2 ? arithmeticOperandAt(cur) : operationAt(cur, 2);
    if (right === null) return null;
    if (strength === 2) skipSpaces(cur);
    const joined = new SyntaxNode("binary_expression", true, left.startIndex, right.endIndex);
    joined.children = [left, operator, right];
    left = joined;
  }
}

function skipSpaces(cur: PlainCursor): void {
  while (cur.code(cur.at) === SPACE) cur.at++;
}

/** A name, a number or a plain variable inside `$((…))`, the cursor moved past it; null otherwise. */
function arithmeticOperandAt(cur: PlainCursor): SyntaxNode | null {
  const start = cur.at;
  const c = cur.code(start);
  if (c === DOLLAR) {
    const next = cur.code(start + 1);
    if (next === OPEN_PAREN) return null;
    if (next !== OPEN_BRACE && !startsName(next)) return null;
    const expansion = expansionAt(cur, start);
    // Only `$NAME` and `${NAME}` of an ordinary name.
    if (expansion === null || expansion.children.length > 3 || (expansion.children[1] as SyntaxNode).type !== "variable_name") return null;
    return isDigit(cur.code(start + (next === OPEN_BRACE ? 2 : 1))) ? null : expansion;
  }
  if (isDigit(c)) {
    let j = start + 1;
    while (isDigit(cur.code(j))) j++;
    if (c === 0x30 && j > start + 1) return null;
    // tree-sitter reads digits touching a `%` as a name (`$((10%i))`).
    if (continuesName(cur.code(j)) || cur.code(j) === PERCENT) return null;
    cur.at = j;
    return new SyntaxNode("number", true, start, j);
  }
  const end = nameEnd(cur, start);
  if (end === -1) return null;
  cur.at = end;
  return new SyntaxNode("variable_name", true, start, end);
}

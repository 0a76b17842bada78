/**
 * The compound commands of the plain fragment (plain-syntax.ts): `for NAME
 * in WORDS; do …; done`, `while …; do …; done`, `until …`, `if …;
 * then …; [elif …; then …;] [else …;] fi`, `{ …; }` and `( … )`, and
 * function definitions (`f() { …; }`, `function f { …; }`), read into the
 * nodes tree-sitter gives them. Their statements are read by the statement reader, which
 * these readers reach through `StatementReader` (as the word readers reach
 * `$(…)` through the cursor): plain-pipelines.ts and plain-reader.ts import
 * this file, not the other way round.
 */
import { NEWLINE, type PlainCursor, continuesName, startsName } from "./plain-cursor.js";
import { wordAt } from "./plain-words.js";
import { SyntaxNode } from "./syntax.js";

const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const OPEN_BRACE = 0x7b;

/** What ends a run of statements (besides the end of the text): a `$(`'s `)`, or reserved words. */
export const PAREN = 0;
export const DONE = 1;
export const THEN = 2;
export const IF_BODY = 3;
export const DO = 4;
export const BRACE = 5;
export type Closer = typeof PAREN | typeof DONE | typeof THEN | typeof IF_BODY | typeof DO | typeof BRACE;
export const CLOSING_WORDS: Readonly<Record<Closer, readonly string[]>> = {
  [PAREN]: [],
  [DONE]: ["done"],
  [THEN]: ["then"],
  [IF_BODY]: ["elif", "else", "fi"],
  [DO]: ["do"],
  [BRACE]: ["}"],
};

export interface StatementReader {
  readonly cur: PlainCursor;
  /** Statements up to one of `closer`'s words (not read), or null when there are none, they do not end there, or nesting is too deep. */
  statementsUntil(closer: Closer): SyntaxNode[] | null;
  /** Statements up to a `)` (not read), inside which a word ends at a `)`; null as for statementsUntil. */
  statementsUntilParen(): SyntaxNode[] | null;
}

type CompoundReader = (r: StatementReader) => SyntaxNode | null;

/** The reader of the compound command starting at the cursor, or null when none does. */
export function compoundReaderAt(cur: PlainCursor): CompoundReader | null {
  if (startsReservedWord(cur, "for")) return forAt;
  if (startsReservedWord(cur, "if")) return ifAt;
  if (startsReservedWord(cur, "while")) return whileAt;
  if (startsReservedWord(cur, "until")) return untilAt;
  if (startsReservedWord(cur, "function") || startsFunctionName(cur)) return functionAt;
  const c = cur.code(cur.at);
  const next = cur.code(cur.at + 1);
  // `((` is arithmetic; `{x}` and `{a,b}` are words (a group's `{` is a reserved word: a blank or a newline follows).
  if (c === OPEN_PAREN && next !== OPEN_PAREN) return subshellAt;
  if (c === OPEN_BRACE && (next === 0x20 || next === 0x09 || next === NEWLINE)) return groupAt;
  return null;
}

/** A name and `()` at the cursor (`f()`, `f ()`): a function definition, not a command. */
function startsFunctionName(cur: PlainCursor): boolean {
  if (!startsName(cur.code(cur.at))) return false;
  let at = cur.at;
  while (continuesName(cur.code(at))) at++;
  while (cur.code(at) === 0x20 || cur.code(at) === 0x09) at++;
  return cur.code(at) === OPEN_PAREN;
}

/**
 * `NAME() BODY`, `function NAME() BODY` or `function NAME BODY`, the body a
 * `{ …; }` group or a `( … )` subshell on the same line, the name a shell
 * name. tree-sitter hangs redirects written after the body on the
 * definition itself (plain-pipelines.ts leaves those to it).
 */
function functionAt(r: StatementReader): SyntaxNode | null {
  const { cur } = r;
  const start = cur.at;
  const children: SyntaxNode[] = [];
  const keywordForm = startsReservedWord(cur, "function");
  if (keywordForm) {
    children.push(keyword(cur, "function"));
    if (!blanksThen(cur)) return null;
  }
  const nameStart = cur.at;
  if (!startsName(cur.code(cur.at))) return null;
  while (continuesName(cur.code(cur.at))) cur.at++;
  children.push(new SyntaxNode("word", true, nameStart, cur.at));
  const gap = blanksThen(cur);
  if (cur.code(cur.at) === OPEN_PAREN) {
    if (cur.code(cur.at + 1) !== CLOSE_PAREN) return null;
    children.push(keyword(cur, "("), keyword(cur, ")"));
    cur.skipBlanks();
  } else if (!keywordForm || !gap) return null;
  const c = cur.code(cur.at);
  const next = cur.code(cur.at + 1);
  const body =
    c === OPEN_BRACE && (next === 0x20 || next === 0x09 || next === NEWLINE) ? groupAt(r) : c === OPEN_PAREN && next !== OPEN_PAREN ? subshellAt(r) : null;
  if (body === null) return null;
  children.push(body);
  const node = new SyntaxNode("function_definition", true, start, body.endIndex);
  node.children = children;
  return node;
}

/** Whether the reserved word `word` stands at the cursor, as a whole word. */
export function startsReservedWord(cur: PlainCursor, word: string): boolean {
  if (!cur.src.startsWith(word, cur.at)) return false;
  const next = cur.code(cur.at + word.length);
  return next === -1 || next === 0x20 || next === 0x09 || next === NEWLINE || next === 0x3b || next === CLOSE_PAREN;
}

/** A reserved word's token at the cursor, the cursor moved past it. */
function keyword(cur: PlainCursor, word: string): SyntaxNode {
  cur.at += word.length;
  return new SyntaxNode(word, false, cur.at - word.length, cur.at);
}

/** Moves past one or more blanks; false when there is none here. */
function blanksThen(cur: PlainCursor): boolean {
  const save = cur.at;
  cur.skipBlanks();
  return cur.at > save;
}

/**
 * `if LIST; then LIST; [elif LIST; then LIST;]… [else LIST;] fi` of
 * statements of the fragment. tree-sitter ends an `elif` or `else` clause
 * after the newline that ends its last statement (after the last of
 * several), or after its `;`.
 */
function ifAt(r: StatementReader): SyntaxNode | null {
  const { cur } = r;
  const start = cur.at;
  const children = [keyword(cur, "if")];
  if (!testThenBody(r, children)) return null;
  while (startsReservedWord(cur, "elif")) {
    const clauseStart = cur.at;
    const clause = [keyword(cur, "elif")];
    if (!testThenBody(r, clause)) return null;
    const node = clauseNode(cur, "elif_clause", clauseStart, clause);
    if (node === null) return null;
    children.push(node);
  }
  if (startsReservedWord(cur, "else")) {
    const clauseStart = cur.at;
    const clause = [keyword(cur, "else")];
    const otherwise = r.statementsUntil(IF_BODY);
    if (otherwise === null || !startsReservedWord(cur, "fi")) return null;
    clause.push(...otherwise);
    const node = clauseNode(cur, "else_clause", clauseStart, clause);
    if (node === null) return null;
    children.push(node);
  }
  if (!startsReservedWord(cur, "fi")) return null;
  children.push(keyword(cur, "fi"));
  return compoundNode(cur, "if_statement", start, children);
}

/** `LIST then LIST` after `if` or `elif`, pushed onto `into`; false when it is not there. */
function testThenBody(r: StatementReader, into: SyntaxNode[]): boolean {
  const test = r.statementsUntil(THEN);
  if (test === null || !startsReservedWord(r.cur, "then")) return false;
  into.push(...test, keyword(r.cur, "then"));
  const body = r.statementsUntil(IF_BODY);
  if (body === null) return false;
  into.push(...body);
  return true;
}

/** An `elif`/`else` clause ending at the cursor's closing word: after its last `;`, or after the last newline before that word. */
function clauseNode(cur: PlainCursor, type: string, start: number, children: SyntaxNode[]): SyntaxNode | null {
  const last = children[children.length - 1] as SyntaxNode;
  let end = last.endIndex;
  if (last.type !== ";") {
    const newline = cur.src.lastIndexOf("\n", cur.at - 1);
    if (newline < last.endIndex) return null;
    end = newline + 1;
  }
  const node = new SyntaxNode(type, true, start, end);
  node.children = children;
  return node;
}

/** `for NAME in WORDS; do STATEMENTS; done` (or with newlines for the `;`); its words are words of the fragment. */
function forAt(r: StatementReader): SyntaxNode | null {
  const { cur } = r;
  const start = cur.at;
  const children = [keyword(cur, "for")];
  if (!blanksThen(cur)) return null;
  const nameStart = cur.at;
  if (!startsName(cur.code(cur.at))) return null;
  while (continuesName(cur.code(cur.at))) cur.at++;
  children.push(new SyntaxNode("variable_name", true, nameStart, cur.at));
  if (!blanksThen(cur) || !startsReservedWord(cur, "in")) return null;
  children.push(keyword(cur, "in"));
  for (;;) {
    const gap = blanksThen(cur);
    const c = cur.code(cur.at);
    if (c === 0x3b || c === NEWLINE) break;
    if (!gap) return null;
    const word = wordAt(cur, false);
    if (word === null) return null;
    children.push(word);
  }
  if (children.length === 3) return null;
  if (cur.code(cur.at) === 0x3b) children.push(keyword(cur, ";"));
  cur.skipBlanksAndNewlines();
  return loopWithBody(r, "for_statement", start, children);
}

function whileAt(r: StatementReader): SyntaxNode | null {
  return conditionLoopAt(r, "while");
}

function untilAt(r: StatementReader): SyntaxNode | null {
  return conditionLoopAt(r, "until");
}

/**
 * `while LIST; do STATEMENTS; done` and `until …`: tree-sitter gives both
 * the type `while_statement`, the condition's statements (and the `;`
 * after them) as its own children.
 */
function conditionLoopAt(r: StatementReader, word: "while" | "until"): SyntaxNode | null {
  const { cur } = r;
  const start = cur.at;
  const children = [keyword(cur, word)];
  const condition = r.statementsUntil(DO);
  if (condition === null) return null;
  children.push(...condition);
  return loopWithBody(r, "while_statement", start, children);
}

/** The loop whose `children` so far started at `start`, with its `do … done` body read at the cursor. */
function loopWithBody(r: StatementReader, type: string, start: number, children: SyntaxNode[]): SyntaxNode | null {
  const group = doGroupAt(r);
  if (group === null) return null;
  children.push(group);
  return compoundNode(r.cur, type, start, children);
}

/** A compound command's node, ending at the cursor, which then moves past the blanks after it. */
function compoundNode(cur: PlainCursor, type: string, start: number, children: SyntaxNode[]): SyntaxNode {
  const node = new SyntaxNode(type, true, start, cur.at);
  node.children = children;
  cur.skipBlanks();
  return node;
}

/** `( STATEMENTS )`, a subshell: its statements end at the `)`, as a `$(`'s do. */
function subshellAt(r: StatementReader): SyntaxNode | null {
  const { cur } = r;
  const start = cur.at;
  const children = [keyword(cur, "(")];
  const statements = r.statementsUntilParen();
  if (statements === null) return null;
  children.push(...statements, keyword(cur, ")"));
  return compoundNode(cur, "subshell", start, children);
}

/** `{ STATEMENTS; }`, a group: its `}` is a reserved word, after a `;` or a newline. */
function groupAt(r: StatementReader): SyntaxNode | null {
  const { cur } = r;
  const start = cur.at;
  const children = [keyword(cur, "{")];
  const statements = r.statementsUntil(BRACE);
  if (statements === null) return null;
  children.push(...statements, keyword(cur, "}"));
  return compoundNode(cur, "compound_statement", start, children);
}

/** `do STATEMENTS; done` at the cursor, a loop's body (not empty). */
function doGroupAt(r: StatementReader): SyntaxNode | null {
  const { cur } = r;
  if (!startsReservedWord(cur, "do")) return null;
  const doStart = cur.at;
  const open = keyword(cur, "do");
  const body = r.statementsUntil(DONE);
  if (body === null) return null;
  const group = new SyntaxNode("do_group", true, doStart, cur.at + 4);
  group.children = [open, ...body, keyword(cur, "done")];
  return group;
}

/**
 * Comments in the plain fragment (plain-syntax.ts): a `#` that starts a word
 * runs to the end of its line, filling a line (`# build⏎npm run build`) or
 * ending one (`npm test # then lint`). tree-sitter gives each its own
 * `comment` node beside the statements, so the statement reader
 * (plain-statements.ts) puts them among the statements it reads.
 */
import { NEWLINE, type PlainCursor, isBlank } from "./plain-cursor.js";
import { SyntaxNode } from "./syntax.js";

const HASH = 0x23;
const BACKSLASH = 0x5c;

/** A `#` that starts a word, after a blank or a newline no `\` quotes (`a\ #` is one word): a comment to the end of its line. */
export function startsComment(cur: PlainCursor): boolean {
  if (cur.code(cur.at) !== HASH) return false;
  if (cur.at === 0) return true;
  if (!isBlank(cur.code(cur.at - 1)) && cur.code(cur.at - 1) !== NEWLINE) return false;
  let backslashes = 0;
  while (cur.code(cur.at - 2 - backslashes) === BACKSLASH) backslashes++;
  return backslashes % 2 === 0;
}

/** The comment at the cursor, up to its newline (not read); null when it holds a control character (a CR is read otherwise). */
export function commentAt(cur: PlainCursor): SyntaxNode | null {
  const start = cur.at;
  for (let c = cur.code(cur.at); c !== NEWLINE && c !== -1; c = cur.code(++cur.at)) {
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return null;
  }
  return new SyntaxNode("comment", true, start, cur.at);
}

/** Comments that fill lines where a statement may start, and the blank lines after them; false when one is outside the fragment. */
export function commentLinesInto(cur: PlainCursor, statements: SyntaxNode[]): boolean {
  while (startsComment(cur)) {
    const comment = commentAt(cur);
    if (comment === null) return false;
    statements.push(comment);
    cur.skipBlanksAndNewlines();
  }
  return true;
}

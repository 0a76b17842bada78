/**
 * The variable assignments before a command's name in the plain fragment
 * (plain-syntax.ts): `NODE_ENV=test npm test`, read without tree-sitter into
 * the `variable_assignment` nodes the tree-sitter path gives. The value is a
 * word of the fragment (plain-words.ts) or nothing (`A= cmd`); arrays
 * (`A=(x)`), `+=`, subscripts and values outside the fragment take the
 * tree-sitter path, and so do assignments with no command after them (a
 * `variable_assignments` statement). `export NAME=VALUE NAME…` is a
 * `declaration_command` of such assignments and names (without options or
 * redirects).
 */
import { type PlainCursor, continuesName, isBlank, startsName } from "./plain-cursor.js";
import { holdsEscapeOrBrace, startsWord, wordAt } from "./plain-words.js";
import { SyntaxNode } from "./syntax.js";

const EXPORT = "export";

const EQUALS = 0x3d;

/** The offset of the `=` when an assignment starts at the cursor, else -1. */
export function assignmentEquals(cur: PlainCursor): number {
  let j = cur.at;
  if (!startsName(cur.code(j))) return -1;
  j++;
  while (continuesName(cur.code(j))) j++;
  // tree-sitter reads `_=x` after `&&` as a command's name: the special `_` is left to it.
  if (j === cur.at + 1 && cur.code(cur.at) === 0x5f) return -1;
  return cur.code(j) === EQUALS ? j : -1;
}

/** The assignment at the cursor (its `=` at `equals`), the cursor moved past its value; null when it is outside the fragment. */
export function assignmentAt(cur: PlainCursor, equals: number): SyntaxNode | null {
  const start = cur.at;
  const children = [new SyntaxNode("variable_name", true, start, equals), new SyntaxNode("=", false, equals, equals + 1)];
  cur.at = equals + 1;
  const next = cur.code(cur.at);
  if (startsWord(next)) {
    const value = wordAt(cur, false);
    if (value === null || holdsEscapeOrBrace(cur, value)) return null;
    children.push(value);
  } else if (!isBlank(next)) {
    return null;
  }
  const node = new SyntaxNode("variable_assignment", true, start, cur.at);
  node.children = children;
  return node;
}

/** Whether `export` and a blank stand at the cursor. */
export function startsExport(cur: PlainCursor): boolean {
  return cur.src.startsWith(EXPORT, cur.at) && isBlank(cur.code(cur.at + EXPORT.length));
}

/**
 * `export A=1 B`, its `export` at the cursor: assignments and names up to
 * where `endsCommand` says the command ends; null for anything else (an
 * option, a redirect, a word that is neither).
 */
export function exportAt(cur: PlainCursor, endsCommand: () => boolean): SyntaxNode | null {
  const start = cur.at;
  const children = [new SyntaxNode(EXPORT, false, start, start + EXPORT.length)];
  cur.at += EXPORT.length;
  for (;;) {
    const next = cur.nextItem(endsCommand);
    if (next === "end") break;
    if (next === "glued") return null;
    const equals = assignmentEquals(cur);
    if (equals !== -1) {
      const assignment = assignmentAt(cur, equals);
      if (assignment === null) return null;
      children.push(assignment);
      continue;
    }
    const nameStart = cur.at;
    if (!startsName(cur.code(cur.at))) return null;
    while (continuesName(cur.code(cur.at))) cur.at++;
    // A name runs on into a word (`A-b`, `A$x`): not a plain name.
    if (!isBlank(cur.code(cur.at)) && !endsCommand()) return null;
    children.push(new SyntaxNode("variable_name", true, nameStart, cur.at));
  }
  if (children.length === 1) return null;
  const node = new SyntaxNode("declaration_command", true, start, (children[children.length - 1] as SyntaxNode).endIndex);
  node.children = children;
  return node;
}

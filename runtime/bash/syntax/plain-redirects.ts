/**
 * The file redirects of the plain fragment (plain-syntax.ts), read without
 * tree-sitter into the `file_redirect` nodes the tree-sitter path gives.
 *
 * The fragment takes `>`, `>>`, `<`, `&>`, a descriptor 1-9 before `>` or
 * `>>` (`2>/dev/null`), and `>&` to a one-digit descriptor (`2>&1`), each
 * with a plain or quoted target or a process substitution (`done < <(find
 * . -name x)`), with or without a blank before it. `<(…)` and `>(…)` alone
 * are not redirects but words (startsProcessSubstitution).
 * Everything else that starts like a redirect — `>|`, `<<`, `<<<`, `<>`,
 * `<&`, `&>>`, `>&-`, `>&file`, a descriptor of two digits, `0`, or
 * before `<` (tree-sitter reads `0>x` and `1<x` as the argument `0` or `1`
 * and a redirect) — is outside it.
 */
import { type PlainCursor, isBlank, isDigit } from "./plain-cursor.js";
import { startsWord, wordAt } from "./plain-words.js";
import { SyntaxNode } from "./syntax.js";

const GREATER = 0x3e;
const LESS = 0x3c;
const AMPERSAND = 0x26;

/**
 * A redirect read but not yet closed: tree-sitter's node runs on over the
 * words written after its target (`>out a b`), up to the next redirect or
 * the end of the command, so its end is known only then.
 */
export interface OpenRedirect {
  readonly start: number;
  end: number;
  readonly children: SyntaxNode[];
}

const OPEN_PAREN = 0x28;

/** Whether a process substitution starts at `at`: `<(` or `>(`, a word of its own, not a redirect. */
export function startsProcessSubstitution(cur: PlainCursor, at: number): boolean {
  const c = cur.code(at);
  return (c === LESS || c === GREATER) && cur.code(at + 1) === OPEN_PAREN;
}

/** Whether a redirect starts at `at` (the caller has seen a blank before it and no process substitution starts there). */
export function startsRedirect(cur: PlainCursor, at: number): boolean {
  const c = cur.code(at);
  if (c === GREATER || c === LESS) return true;
  return (c === AMPERSAND || isDescriptor(c)) && cur.code(at + 1) === GREATER;
}

/** A descriptor tree-sitter reads before `>`: one digit, not `0`. */
function isDescriptor(c: number): boolean {
  return c >= 0x31 && c <= 0x39;
}

/** The redirect at the cursor, the cursor moved past its target; null when it is outside the fragment. */
export function redirectAt(cur: PlainCursor): OpenRedirect | null {
  const start = cur.at;
  const children: SyntaxNode[] = [];
  if (isDescriptor(cur.code(cur.at))) {
    children.push(new SyntaxNode("file_descriptor", true, cur.at, cur.at + 1));
    cur.at++;
  }
  const op = operatorAt(cur, children.length > 0);
  if (op === null) return null;
  children.push(new SyntaxNode(op, false, cur.at, cur.at + op.length));
  cur.at += op.length;
  // `>|`, `>>>`, `<<`, `<>`, `<&`, `&>>`, `>(` glued to the operator, a redirect at the end: not a target.
  const next = cur.code(cur.at);
  if (!isBlank(next) && !startsWord(next)) return null;
  cur.skipBlanks();
  const target =
    op === ">&"
      ? descriptorAt(cur)
      : startsProcessSubstitution(cur, cur.at) && (op === "<" || op === ">")
        ? (cur.readProcessSubstitution?.() ?? null)
        : wordAt(cur, false);
  if (target === null) return null;
  children.push(target);
  return { start, end: cur.at, children };
}

/** The closed `file_redirect` node. */
export function fileRedirect(open: OpenRedirect): SyntaxNode {
  const node = new SyntaxNode("file_redirect", true, open.start, open.end);
  node.children = open.children;
  return node;
}

function operatorAt(cur: PlainCursor, afterDescriptor: boolean): ">" | ">>" | ">&" | "<" | "&>" | null {
  const c = cur.code(cur.at);
  const d = cur.code(cur.at + 1);
  if (c === GREATER) {
    if (d === GREATER) return ">>";
    return d === AMPERSAND ? ">&" : ">";
  }
  if (afterDescriptor) return null;
  if (c === LESS) return "<";
  return c === AMPERSAND && d === GREATER ? "&>" : null;
}

/** `>&`'s target: one digit, a whole word (`>&-` closes, `>&12` and `>&file` are outside the fragment). */
function descriptorAt(cur: PlainCursor): SyntaxNode | null {
  if (!isDigit(cur.code(cur.at)) || startsWord(cur.code(cur.at + 1))) return null;
  cur.at++;
  return new SyntaxNode("number", true, cur.at - 1, cur.at);
}

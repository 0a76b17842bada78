/**
 * `$(…)`, `<(…)` and `>(…)` in the plain fragment (plain-syntax.ts): an
 * opener, statements of the fragment, and `)`. The word readers reach these
 * through the cursor (`PlainCursor.readSubstitution`,
 * `readProcessSubstitution`), the command reader directly.
 */
import type { PlainReader } from "./plain-reader.js";
import { SyntaxNode } from "./syntax.js";

/**
 * `$(…)` holding statements of the fragment, its `$` at the cursor and its
 * node starting at `tokenStart` (plain-expansions.ts); null when it is
 * empty or holds anything outside the fragment.
 */
export function substitutionAt(r: PlainReader, tokenStart: number): SyntaxNode | null {
  return parenthesised(r, "command_substitution", "$(", tokenStart);
}

/**
 * `<(…)` or `>(…)` holding statements of the fragment, at the cursor, as
 * `$(…)` is read (a word of its own: `diff <(sort a) <(sort b)`, or a
 * redirect's target: `done < <(find . -name x)`); null when it is empty or
 * holds anything outside the fragment.
 */
export function processSubstitutionAt(r: PlainReader): SyntaxNode | null {
  const { cur } = r;
  return parenthesised(r, "process_substitution", cur.src.slice(cur.at, cur.at + 2), cur.at);
}

/**
 * A two-character opener at the cursor (`$(`, `<(`, `>(`), statements, and
 * `)`: a node of `type` starting at `nodeStart`, its opener's token from
 * there to the `(`; null when the statements are empty or outside the fragment.
 */
function parenthesised(r: PlainReader, type: string, opener: string, nodeStart: number): SyntaxNode | null {
  const { cur } = r;
  const openerEnd = cur.at + 2;
  cur.at = openerEnd;
  const statements = r.statementsUntilParen();
  if (statements === null) return null;
  cur.at++;
  const node = new SyntaxNode(type, true, nodeStart, cur.at);
  node.children = [new SyntaxNode(opener, false, nodeStart, openerEnd), ...statements, new SyntaxNode(")", false, cur.at - 1, cur.at)];
  return node;
}

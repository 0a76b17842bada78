/**
 * One statement of the plain fragment (plain-syntax.ts): commands piped
 * with `|` and `|&` into pipelines, pipelines joined by `&&` and `||` into
 * lists, and a compound command or a command with redirects closing what
 * came before it into a `redirected_statement`, as tree-sitter nests them.
 * The commands are read by plain-command.ts and plain-compounds.ts.
 */
import { startsExport } from "./plain-assignments.js";
import { commandAt, declarationAt, wholeTest } from "./plain-command.js";
import { compoundReaderAt } from "./plain-compounds.js";
import { isBlank } from "./plain-cursor.js";
import { startsHeredoc } from "./plain-heredocs.js";
import { operatorAt } from "./plain-operators.js";
import type { PlainReader } from "./plain-reader.js";
import { type OpenRedirect, fileRedirect, redirectAt, startsRedirect } from "./plain-redirects.js";
import { startsTest } from "./plain-tests.js";
import { SyntaxNode } from "./syntax.js";

/**
 * Pipelines joined by `&&` / `||`, nested to the left. tree-sitter-bash
 * hangs a command's redirects on everything before them in the statement
 * (`a && b >x` is `(a && b) >x`, `a | b >x | c` is `((a | b) >x) | c`);
 * the tree-sitter path binds them to the pipeline since the last `&&` or
 * `||` (list-redirects.ts: `a && (b >x)`), so a `redirected_statement`
 * closes the pipeline read so far.
 */
export function statementAt(r: PlainReader): SyntaxNode | null {
  const { cur } = r;
  let head: SyntaxNode | null = null;
  let joiner: SyntaxNode | null = null;
  let parts: SyntaxNode[] = [];
  /** Commands piped together since the last `&&` / `||`, the ones inside a redirected statement included. */
  let piped = 0;
  /** Whether the statement so far holds a redirected statement. */
  let redirected = false;
  r.longestPipeline = 0;
  for (;;) {
    const compound = compoundAt(r);
    const command = compound !== undefined ? compound : startsTest(cur) ? wholeTest(r) : startsExport(cur) ? declarationAt(r) : commandAt(r);
    if (command === null) return null;
    r.endsWithCompound = compound !== undefined;
    parts.push(command);
    piped++;
    if (piped > r.longestPipeline) r.longestPipeline = piped;
    const redirects = r.redirects;
    if (redirects !== null) {
      redirected = true;
      const inner = joined(null, null, parts);
      const statement = new SyntaxNode("redirected_statement", true, inner.startIndex, (redirects[redirects.length - 1] as SyntaxNode).endIndex);
      statement.children = [inner, ...redirects];
      parts = [statement];
    }
    cur.skipBlanks();
    const op = operatorAt(cur, cur.at);
    if (op === "|" || op === "|&") {
      parts.push(new SyntaxNode(op, false, cur.at, cur.at + op.length));
    } else if (op === "&&" || op === "||") {
      // tree-sitter-bash nests `a | b | c && d` as `a | (b | c && d)`, which the tree-sitter path regroups as
      // bash does (syntax.ts regroupChains) into the tree `joined` builds. With a redirect in the statement
      // (`a | b | c >x | d && e`: `a | ((b | c >x) | d && e)`) the regrouped tree keeps the redirect on `b | c`,
      // not on what came before it: three piped commands before `&&` / `||` are then left to tree-sitter.
      if (piped > 2 && redirected) return null;
      piped = 0;
      head = joined(head, joiner, parts);
      joiner = new SyntaxNode(op, false, cur.at, cur.at + 2);
      parts = [];
    } else {
      return joined(head, joiner, parts);
    }
    cur.at += op.length;
    cur.skipBlanks();
  }
}

/**
 * A compound command of the fragment at the cursor (`for`, `while`, `until`, `if`), then its file redirects in
 * `redirects` (`done < list.txt`); null when it is outside the fragment, undefined when none starts here.
 */
function compoundAt(r: PlainReader): SyntaxNode | null | undefined {
  const { cur } = r;
  const read = compoundReaderAt(cur);
  if (read === null) return undefined;
  const compound = read(r);
  r.redirects = null;
  if (compound === null) return null;
  // tree-sitter hangs a function definition's redirects on the definition (`f() { …; } > out`), not on a statement.
  if (compound.type === "function_definition" && !r.endsCommand()) return null;
  let open: OpenRedirect[] | null = null;
  // The reader moved past the blanks after the compound's last word: a redirect needs one of them, and a word is an error.
  while (!r.endsCommand()) {
    if (!isBlank(cur.code(cur.at - 1)) || !startsRedirect(cur, cur.at) || startsHeredoc(cur, cur.at)) return null;
    const redirect = redirectAt(cur);
    if (redirect === null) return null;
    (open ??= []).push(redirect);
    const save = cur.at;
    cur.skipBlanks();
    if (!r.endsCommand() && cur.at === save) return null;
  }
  r.redirects = open === null ? null : open.map(fileRedirect);
  return compound;
}

/** `parts` as one pipeline (or the lone command), joined to `head` by `joiner` when there is a head. */
function joined(head: SyntaxNode | null, joiner: SyntaxNode | null, parts: SyntaxNode[]): SyntaxNode {
  let right = parts[0] as SyntaxNode;
  if (parts.length > 1) {
    right = new SyntaxNode("pipeline", true, right.startIndex, (parts[parts.length - 1] as SyntaxNode).endIndex);
    right.children = parts;
  }
  if (head === null || joiner === null) return right;
  const list = new SyntaxNode("list", true, head.startIndex, right.endIndex);
  list.children = [head, joiner, right];
  return list;
}

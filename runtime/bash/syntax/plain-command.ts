/**
 * One command of the plain fragment (plain-syntax.ts) that is not a compound
 * command: a simple command (assignments, a name, its words and redirects, a
 * here-document last), a statement of assignments alone, a test, or
 * `export` of assignments and names. Each leaves the redirects after it in
 * `PlainReader.redirects`, which the pipeline reader (plain-pipelines.ts)
 * hangs on the statement read so far.
 */
import { assignmentAt, assignmentEquals, exportAt } from "./plain-assignments.js";
import { isDigit } from "./plain-cursor.js";
import { heredocAt, startsHeredoc } from "./plain-heredocs.js";
import { operatorAt } from "./plain-operators.js";
import type { PlainReader } from "./plain-reader.js";
import { type OpenRedirect, fileRedirect, redirectAt, startsProcessSubstitution, startsRedirect } from "./plain-redirects.js";
import { processSubstitutionAt } from "./plain-substitutions.js";
import { testAt } from "./plain-tests.js";
import { wordAt } from "./plain-words.js";
import { SyntaxNode } from "./syntax.js";

/** A test command (plain-tests.ts) with nothing after its `]` but the statement's end or an operator (a redirect is left to tree-sitter). */
export function wholeTest(r: PlainReader): SyntaxNode | null {
  const { cur } = r;
  const test = testAt(cur);
  // Set after: a `$(…)` in the operand read commands of its own.
  r.redirects = null;
  if (test === null) return null;
  const save = cur.at;
  cur.skipBlanks();
  const ends = r.endsCommand();
  cur.at = save;
  return ends ? test : null;
}

/** `export A=1 B` (plain-assignments.ts), nothing after it but the statement's end or an operator. */
export function declarationAt(r: PlainReader): SyntaxNode | null {
  const declaration = exportAt(r.cur, r.endsCommand);
  // Set after: a `$(…)` in a value read commands of its own.
  r.redirects = null;
  return declaration;
}

/**
 * A command's words, then its redirects in `redirects`. The words written
 * after a redirect's target are the command's arguments
 * (`reattachRedirectWords`), but the nodes keep tree-sitter's offsets: the
 * command ends at its last word before the first redirect, and a redirect
 * runs on over the words after its target.
 */
export function commandAt(r: PlainReader): SyntaxNode | null {
  const { cur } = r;
  r.redirects = null;
  const start = cur.at;
  let assignments: SyntaxNode[] | null = null;
  for (let equals = assignmentEquals(cur); equals !== -1; equals = assignmentEquals(cur)) {
    const assignment = assignmentAt(cur, equals);
    if (assignment === null) return null;
    (assignments ??= []).push(assignment);
    if (r.endsCommand()) return assignmentsOnly(r, assignments);
    const save = cur.at;
    cur.skipBlanks();
    if (cur.at === save) return null;
    if (r.endsCommand()) {
      cur.at = save;
      return assignmentsOnly(r, assignments);
    }
  }
  return namedCommandAt(r, start, assignments);
}

/** The name at the cursor and the words and redirects after it: a command starting at `start` with `assignments` before its name. */
function namedCommandAt(r: PlainReader, start: number, assignments: SyntaxNode[] | null): SyntaxNode | null {
  const { cur } = r;
  const name = wordAt(cur, true);
  if (name === null) return null;
  // After an assignment tree-sitter reads a name holding `:` as a broken assignment (`A=1 a:b` has an error).
  if (assignments !== null && cur.src.slice(name.startIndex, name.endIndex).includes(":")) return null;
  const words: SyntaxNode[] = [name];
  let end = name.endIndex;
  let open: OpenRedirect[] | null = null;
  /** A here-document ends the command: its body is on the lines after it. */
  let heredoc: SyntaxNode | null = null;
  for (;;) {
    // A word ends at a blank, an operator or the end; anything else is outside the fragment.
    const next = cur.nextItem(r.endsCommand);
    if (next === "end") break;
    if (next === "glued") return null;
    if (startsHeredoc(cur, cur.at)) {
      // tree-sitter-bash drops a lone `-` written just before a here-document too (`cat - <<EOF`): leave it to that path.
      if (isLoneDash(r, words[words.length - 1] as SyntaxNode)) return null;
      // …and misreads an escaped `-` after an expansion or a quote before one (`a $x\- <<'EOF'`): a command with an escape is left to it.
      if (cur.src.slice(start, cur.at).includes("\\")) return null;
      heredoc = heredocAt(cur);
      if (heredoc === null) return null;
      break;
    }
    if (startsProcessSubstitution(cur, cur.at)) {
      const word = processSubstitutionAt(r);
      if (word === null) return null;
      words.push(word);
      if (open === null) end = word.endIndex;
      else (open[open.length - 1] as OpenRedirect).end = word.endIndex;
      continue;
    }
    if (startsRedirect(cur, cur.at)) {
      // tree-sitter-bash drops a lone `-` written just before a descriptor's redirect (`cat - 2>err` has no `-`): leave it to that path.
      if (isDigit(cur.code(cur.at)) && isLoneDash(r, words[words.length - 1] as SyntaxNode)) return null;
      const redirect = redirectAt(cur);
      if (redirect === null) return null;
      (open ??= []).push(redirect);
      continue;
    }
    const word = wordAt(cur, false);
    if (word === null) return null;
    words.push(word);
    if (open === null) end = word.endIndex;
    else (open[open.length - 1] as OpenRedirect).end = word.endIndex;
  }
  const command = new SyntaxNode("command", true, start, end);
  command.children = assignments === null ? words : [...assignments, ...words];
  // Set last: a `$(…)` among the words read commands of its own.
  r.redirects = open === null ? null : open.map(fileRedirect);
  if (heredoc !== null) (r.redirects ??= []).push(heredoc);
  return command;
}

/**
 * A statement of assignments alone (`A=1`, `A=$(git rev-parse HEAD) B=2`):
 * the one `variable_assignment`, or several in `variable_assignments`; null
 * when several end at a newline, a comment or a `)`, where tree-sitter reads
 * on into the next line (`A=1 B=2⏎x` is one command to it).
 */
function assignmentsOnly(r: PlainReader, assignments: SyntaxNode[]): SyntaxNode | null {
  const { cur } = r;
  // Set here: a `$(…)` in a value read commands of its own.
  r.redirects = null;
  if (assignments.length === 1) return assignments[0] as SyntaxNode;
  const save = cur.at;
  cur.skipBlanks();
  const endsThere = cur.at === cur.end || operatorAt(cur, cur.at) !== null;
  cur.at = save;
  if (!endsThere) return null;
  const node = new SyntaxNode(
    "variable_assignments",
    true,
    (assignments[0] as SyntaxNode).startIndex,
    (assignments[assignments.length - 1] as SyntaxNode).endIndex,
  );
  node.children = assignments;
  return node;
}

function isLoneDash(r: PlainReader, word: SyntaxNode): boolean {
  return word.type === "word" && word.endIndex - word.startIndex === 1 && r.cur.src.charCodeAt(word.startIndex) === 0x2d;
}

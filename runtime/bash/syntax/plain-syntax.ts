/**
 * The syntax tree of a plain command, built without tree-sitter.
 *
 * Most commands an agent runs are plain: statements on one or more lines,
 * each of words joined by `;`, `&&`, `||`, `|` and `|&`, a word being literal
 * characters and escapes, single-quoted strings, double-quoted strings, plain
 * variables and parameters (`$HOME`, `${X}`, `$?`, `"$@"`, `$1`; plain-words.ts,
 * plain-expansions.ts), braces around literal text (`{}`, `*.{ts,js}`),
 * `$(…)` of such statements and `<(…)`/`>(…)` as arguments or a redirect's
 * target (`diff <(sort a) <(sort b)`, `done < <(git ls-files)`), with variable assignments before a command's
 * name and `export A=1 B` (plain-assignments.ts), file redirects after it (plain-redirects.ts)
 * and a here-document last (plain-heredocs.ts), tests of one or two
 * operands (`[ -f x ]`, `[[ -f x ]]`, `[ "$a" = b ]`, `[[ $f == *.ts ]]`,
 * plain-tests.ts), and `for NAME in WORDS; do …; done`,
 * `while …; do …; done` and `until` loops, `if …; then …; [elif …;
 * then …;] [else …;] fi`, `{ …; }` groups and `( … )` subshells of such
 * statements, and functions defined with such a body (plain-compounds.ts), ended by `;`, `&` or a newline, piped,
 * joined and redirected as a command is (`… | while read f; do …; done < list.txt`):
 * `git commit -m "fix: x" && NODE_ENV=test npm test 2>&1 | tail -20`. For
 * those the tree is fully determined by the text, so permc builds the very
 * tree `copyTree` + `glueTouchingWords` + `reattachRedirectWords` would give
 * (same node types, namedness, offsets and nesting), skipping the wasm parse
 * and the copy, which cost about as much as the analysis itself, and — in a
 * one-call process such as a hook — loading the grammar's wasm at all.
 *
 * Invariant: for every text this accepts, the tree equals the tree-sitter
 * path's, and that tree has no error (neither one tree-sitter reports nor a
 * misreading misread-tree.ts finds; test/bash/syntax/plain-syntax.test.ts checks
 * both with fast-check over generated commands, near misses included).
 * Comments (`# build⏎npm run build # then test`) and statements of
 * assignments alone (`A=$(git rev-parse HEAD); echo $A`) are inside too.
 * Anything outside the fragment — another compound command (`case`,
 * `((…))`, a function with another body or redirects) or test, words or a here-document after a compound, another expansion or substitution, an escape tree-sitter misreads, `;` or `&` after `&`, a brace other than around literal text, a bracket, a `#` glued to `;` or `&`, another here-document, a redirect
 * before the command name or glued to a word, a reserved word, a non-ASCII
 * character outside a here-document's body, a word starting with a digit
 * that is not a number, a newline inside a statement or after three piped
 * commands, three piped commands before `&&`/`||` in a statement with a
 * redirect — returns null and takes the tree-sitter path.
 */
import { assignmentAt, assignmentEquals, exportAt, startsExport } from "./plain-assignments.js";
import { NEWLINE, PlainCursor, isDigit } from "./plain-cursor.js";
import { CLOSING_WORDS, type Closer, PAREN, type StatementReader, compoundReaderAt, startsReservedWord } from "./plain-compounds.js";
import { heredocAt, startsHeredoc } from "./plain-heredocs.js";
import { startsTest, testAt } from "./plain-tests.js";
import { type OpenRedirect, fileRedirect, redirectAt, startsProcessSubstitution, startsRedirect } from "./plain-redirects.js";
import { wordAt } from "./plain-words.js";
import { SyntaxNode } from "./syntax.js";

const CLOSE_PAREN = 0x29;
const HASH = 0x23;
const BACKSLASH = 0x5c;

/** `$(` nested deeper than this is left to tree-sitter (and the split's own limits): the reader recurses once per level. */
export const MAX_PLAIN_NESTING = 32;

/** The tree of `src` when it is a plain command, else null (the caller parses it with tree-sitter). */
export function plainTree(src: string): SyntaxNode | null {
  const cur = new PlainCursor(src);
  const n = src.length;
  cur.skipBlanksAndNewlines();
  if (cur.at === n) return null;
  const program = new SyntaxNode("program", true, cur.at, n);
  /** The redirects after the last command read (commandAt), or null. */
  let redirects: SyntaxNode[] | null = null;
  /** The most commands piped together in the last statement read (statementAt). */
  let longestPipeline = 0;
  /** The last statement read (statementAt) ends with a compound command (and maybe its redirects). */
  let endsWithCompound = false;
  /** How many `$(` and `(` are open: inside one, a word ends at a `)`. */
  let depth = 0;
  /** What ends the statements being read, innermost last: the `)` of a `$(` or a subshell, or a closing word (`done`, `fi`, `}`, …). */
  const closers: Closer[] = [];
  cur.readSubstitution = substitutionAt;
  cur.readProcessSubstitution = processSubstitutionAt;
  const reader: StatementReader = { cur, statementsUntil, statementsUntilParen };
  const statements = statementsAt();
  if (statements === null) return null;
  program.children = statements;
  return program;

  /**
   * Statements up to the end of the text, or of the open `$(` (its `)` not
   * read), with the comments among them: tree-sitter gives a comment its own
   * node beside the statements, whether it fills a line or ends one.
   */
  function statementsAt(): SyntaxNode[] | null {
    const statements: SyntaxNode[] = [];
    let read = false;
    for (;;) {
      if (!commentLinesInto(statements)) return null;
      // Comments alone, with no statement, are left to tree-sitter.
      if (atEnd()) {
        if (!read) return null;
        break;
      }
      const statement = statementAt();
      if (statement === null) return null;
      statements.push(statement);
      read = true;
      // `done done`, `fi fi`: tree-sitter wants a `;` or a newline after a compound command before a closing word.
      if (endsWithCompound && closers.length > 0 && closers[closers.length - 1] !== PAREN && atEnd()) return null;
      if (startsComment()) {
        const comment = commentAt();
        if (comment === null) return null;
        statements.push(comment);
      }
      if (atEnd()) break;
      // A newline ends a statement as `;` does, but tree-sitter gives it no node.
      if (cur.code(cur.at) === NEWLINE) {
        // tree-sitter reads on past a newline after three piped commands (misread-tree.ts): left to it, which asks.
        if (longestPipeline >= 3) return null;
      } else {
        // `;` ends a statement, `&` too, running it in the background: tree-sitter gives each a node.
        const end = operatorAt(cur.at);
        if (end !== ";" && end !== "&") return null;
        statements.push(new SyntaxNode(end, false, cur.at, cur.at + 1));
        cur.at++;
      }
      cur.skipBlanksAndNewlines();
    }
    return statements;
  }

  /** A `#` that starts a word, after a blank or a newline no `\` quotes (`a\ #` is one word): a comment to the end of its line. */
  function startsComment(): boolean {
    if (cur.code(cur.at) !== HASH) return false;
    if (cur.at === 0) return true;
    if (!isBlankBefore(cur.at) && cur.code(cur.at - 1) !== NEWLINE) return false;
    let backslashes = 0;
    while (cur.code(cur.at - 2 - backslashes) === BACKSLASH) backslashes++;
    return backslashes % 2 === 0;
  }

  /** The comment at the cursor, up to its newline (not read); null when it holds a control character (a CR is read otherwise). */
  function commentAt(): SyntaxNode | null {
    const start = cur.at;
    for (let c = cur.code(cur.at); c !== NEWLINE && c !== -1; c = cur.code(++cur.at)) {
      if ((c < 0x20 && c !== 0x09) || c === 0x7f) return null;
    }
    return new SyntaxNode("comment", true, start, cur.at);
  }

  /** Comments that fill lines where a statement may start, and the blank lines after them; false when one is outside the fragment. */
  function commentLinesInto(statements: SyntaxNode[]): boolean {
    while (startsComment()) {
      const comment = commentAt();
      if (comment === null) return false;
      statements.push(comment);
      cur.skipBlanksAndNewlines();
    }
    return true;
  }

  function atEnd(): boolean {
    const closer = closers[closers.length - 1];
    if (closer === undefined) return cur.at === n;
    return closer === PAREN ? cur.code(cur.at) === CLOSE_PAREN : CLOSING_WORDS[closer].some(closes);
  }

  /** Statements up to one of `closer`'s words, or null when there are none or they do not end there. */
  function statementsUntil(closer: Closer): SyntaxNode[] | null {
    if (closers.length >= MAX_PLAIN_NESTING) return null;
    cur.skipBlanksAndNewlines();
    closers.push(closer);
    const empty = atEnd();
    const outerPipeline = longestPipeline;
    const statements = empty ? null : statementsAt();
    longestPipeline = outerPipeline;
    closers.pop();
    return statements !== null && CLOSING_WORDS[closer].some(closes) ? statements : null;
  }

  /** Statements up to a `)` (not read), inside which a word ends at a `)`; null when there are none or they do not end there. */
  function statementsUntilParen(): SyntaxNode[] | null {
    cur.skipBlanksAndNewlines();
    if (cur.code(cur.at) === CLOSE_PAREN || closers.length >= MAX_PLAIN_NESTING) return null;
    // The statement around this one is still being read: keep what it has counted.
    const outerPipeline = longestPipeline;
    depth++;
    closers.push(PAREN);
    const statements = statementsAt();
    closers.pop();
    depth--;
    longestPipeline = outerPipeline;
    return statements !== null && cur.code(cur.at) === CLOSE_PAREN ? statements : null;
  }

  function closes(word: string): boolean {
    return startsReservedWord(cur, word);
  }

  /**
   * `$(…)` holding statements of the fragment, its `$` at the cursor and its
   * node starting at `tokenStart` (plain-expansions.ts); null when it is
   * empty or holds anything outside the fragment.
   */
  function substitutionAt(tokenStart: number): SyntaxNode | null {
    return parenthesised("command_substitution", "$(", tokenStart);
  }

  /**
   * `<(…)` or `>(…)` holding statements of the fragment, at the cursor, as
   * `$(…)` is read (a word of its own: `diff <(sort a) <(sort b)`, or a
   * redirect's target: `done < <(find . -name x)`); null when it is empty or
   * holds anything outside the fragment.
   */
  function processSubstitutionAt(): SyntaxNode | null {
    return parenthesised("process_substitution", src.slice(cur.at, cur.at + 2), cur.at);
  }

  /**
   * A two-character opener at the cursor (`$(`, `<(`, `>(`), statements, and
   * `)`: a node of `type` starting at `nodeStart`, its opener's token from
   * there to the `(`; null when the statements are empty or outside the fragment.
   */
  function parenthesised(type: string, opener: string, nodeStart: number): SyntaxNode | null {
    const openerEnd = cur.at + 2;
    cur.at = openerEnd;
    const statements = statementsUntilParen();
    if (statements === null) return null;
    cur.at++;
    const node = new SyntaxNode(type, true, nodeStart, cur.at);
    node.children = [new SyntaxNode(opener, false, nodeStart, openerEnd), ...statements, new SyntaxNode(")", false, cur.at - 1, cur.at)];
    return node;
  }

  /**
   * Pipelines joined by `&&` / `||`, nested to the left. tree-sitter-bash
   * hangs a command's redirects on everything before them in the statement
   * (`a && b >x` is `(a && b) >x`, `a | b >x | c` is `((a | b) >x) | c`),
   * so a `redirected_statement` closes the statement read so far and starts
   * the next pipeline.
   */
  function statementAt(): SyntaxNode | null {
    let head: SyntaxNode | null = null;
    let joiner: SyntaxNode | null = null;
    let parts: SyntaxNode[] = [];
    /** Commands piped together since the last `&&` / `||`, the ones inside a redirected statement included. */
    let piped = 0;
    /** Whether the statement so far holds a redirected statement. */
    let redirected = false;
    longestPipeline = 0;
    for (;;) {
      const compound = compoundAt();
      const command = compound !== undefined ? compound : startsTest(cur) ? wholeTest() : startsExport(cur) ? declarationAt() : commandAt();
      if (command === null) return null;
      endsWithCompound = compound !== undefined;
      parts.push(command);
      piped++;
      if (piped > longestPipeline) longestPipeline = piped;
      if (redirects !== null) {
        redirected = true;
        const inner = joined(head, joiner, parts);
        const statement = new SyntaxNode("redirected_statement", true, inner.startIndex, (redirects[redirects.length - 1] as SyntaxNode).endIndex);
        statement.children = [inner, ...redirects];
        head = joiner = null;
        parts = [statement];
      }
      cur.skipBlanks();
      const op = operatorAt(cur.at);
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
  function compoundAt(): SyntaxNode | null | undefined {
    const read = compoundReaderAt(cur);
    if (read === null) return undefined;
    const compound = read(reader);
    redirects = null;
    if (compound === null) return null;
    // tree-sitter hangs a function definition's redirects on the definition (`f() { …; } > out`), not on a statement.
    if (compound.type === "function_definition" && !endsCommand()) return null;
    let open: OpenRedirect[] | null = null;
    // The reader moved past the blanks after the compound's last word: a redirect needs one of them, and a word is an error.
    while (!endsCommand()) {
      if (!isBlankBefore(cur.at) || !startsRedirect(cur, cur.at) || startsHeredoc(cur, cur.at)) return null;
      const redirect = redirectAt(cur);
      if (redirect === null) return null;
      (open ??= []).push(redirect);
      const save = cur.at;
      cur.skipBlanks();
      if (!endsCommand() && cur.at === save) return null;
    }
    redirects = open === null ? null : open.map(fileRedirect);
    return compound;
  }

  function isBlankBefore(at: number): boolean {
    const c = cur.code(at - 1);
    return c === 0x20 || c === 0x09;
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

  /**
   * A command's words, then its redirects in `redirects`. The words written
   * after a redirect's target are the command's arguments
   * (`reattachRedirectWords`), but the nodes keep tree-sitter's offsets: the
   * command ends at its last word before the first redirect, and a redirect
   * runs on over the words after its target.
   */
  /** A test command (plain-tests.ts) with nothing after its `]` but the statement's end or an operator (a redirect is left to tree-sitter). */
  function wholeTest(): SyntaxNode | null {
    const test = testAt(cur);
    // Set after: a `$(…)` in the operand read commands of its own.
    redirects = null;
    if (test === null) return null;
    const save = cur.at;
    cur.skipBlanks();
    const atEnd = endsCommand();
    cur.at = save;
    return atEnd ? test : null;
  }

  /** `export A=1 B` (plain-assignments.ts), nothing after it but the statement's end or an operator. */
  function declarationAt(): SyntaxNode | null {
    const declaration = exportAt(cur, endsCommand);
    // Set after: a `$(…)` in a value read commands of its own.
    redirects = null;
    return declaration;
  }

  /** Whether a command ends at the cursor: the end, an operator, a newline, a comment, or the `)` of an open `$(`. */
  function endsCommand(): boolean {
    return cur.at === n || operatorAt(cur.at) !== null || cur.code(cur.at) === NEWLINE || startsComment() || (depth > 0 && cur.code(cur.at) === CLOSE_PAREN);
  }

  function commandAt(): SyntaxNode | null {
    redirects = null;
    const start = cur.at;
    let assignments: SyntaxNode[] | null = null;
    for (let equals = assignmentEquals(cur); equals !== -1; equals = assignmentEquals(cur)) {
      const assignment = assignmentAt(cur, equals);
      if (assignment === null) return null;
      (assignments ??= []).push(assignment);
      if (endsCommand()) return assignmentsOnly(assignments);
      const save = cur.at;
      cur.skipBlanks();
      if (cur.at === save) return null;
      if (endsCommand()) {
        cur.at = save;
        return assignmentsOnly(assignments);
      }
    }
    const name = wordAt(cur, true);
    if (name === null) return null;
    // After an assignment tree-sitter reads a name holding `:` as a broken assignment (`A=1 a:b` has an error).
    if (assignments !== null && src.slice(name.startIndex, name.endIndex).includes(":")) return null;
    const words: SyntaxNode[] = [name];
    let end = name.endIndex;
    let open: OpenRedirect[] | null = null;
    /** A here-document ends the command: its body is on the lines after it. */
    let heredoc: SyntaxNode | null = null;
    for (;;) {
      // A word ends at a blank, an operator or the end; anything else is outside the fragment.
      const next = cur.nextItem(endsCommand);
      if (next === "end") break;
      if (next === "glued") return null;
      if (startsHeredoc(cur, cur.at)) {
        // tree-sitter-bash drops a lone `-` written just before a here-document too (`cat - <<EOF`): leave it to that path.
        if (isLoneDash(words[words.length - 1] as SyntaxNode)) return null;
        // …and misreads an escaped `-` after an expansion or a quote before one (`a $x\- <<'EOF'`): a command with an escape is left to it.
        if (src.slice(start, cur.at).includes("\\")) return null;
        heredoc = heredocAt(cur);
        if (heredoc === null) return null;
        break;
      }
      if (startsProcessSubstitution(cur, cur.at)) {
        const word = processSubstitutionAt();
        if (word === null) return null;
        words.push(word);
        if (open === null) end = word.endIndex;
        else (open[open.length - 1] as OpenRedirect).end = word.endIndex;
        continue;
      }
      if (startsRedirect(cur, cur.at)) {
        // tree-sitter-bash drops a lone `-` written just before a descriptor's redirect (`cat - 2>err` has no `-`): leave it to that path.
        if (isDigit(cur.code(cur.at)) && isLoneDash(words[words.length - 1] as SyntaxNode)) return null;
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
    redirects = open === null ? null : open.map(fileRedirect);
    if (heredoc !== null) (redirects ??= []).push(heredoc);
    return command;
  }

  /**
   * A statement of assignments alone (`A=1`, `A=$(git rev-parse HEAD) B=2`):
   * the one `variable_assignment`, or several in `variable_assignments`; null
   * when several end at a newline, a comment or a `)`, where tree-sitter reads
   * on into the next line (`A=1 B=2⏎x` is one command to it).
   */
  function assignmentsOnly(assignments: SyntaxNode[]): SyntaxNode | null {
    // Set here: a `$(…)` in a value read commands of its own.
    redirects = null;
    if (assignments.length === 1) return assignments[0] as SyntaxNode;
    const save = cur.at;
    cur.skipBlanks();
    const endsThere = cur.at === n || operatorAt(cur.at) !== null;
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

  function isLoneDash(word: SyntaxNode): boolean {
    return word.type === "word" && word.endIndex - word.startIndex === 1 && src.charCodeAt(word.startIndex) === 0x2d;
  }

  /** The operator at `at`, if it is one of the fragment's (`;;`, `&>`, `|&&` and the like are not). */
  function operatorAt(at: number): "&&" | "||" | "|" | "|&" | ";" | "&" | null {
    const c = cur.code(at);
    const d = cur.code(at + 1);
    if (c === 0x3b) return d === 0x3b || d === 0x26 ? null : ";"; // `;;`, `;&` are case terminators
    if (c === 0x26) {
      if (d !== 0x26) return d === 0x3e ? null : "&";
      const e = cur.code(at + 2);
      return e !== 0x26 && e !== 0x3e ? "&&" : null;
    }
    if (c === 0x7c) {
      if (d === 0x7c) return "||";
      if (d === 0x26) return "|&";
      return "|";
    }
    return null;
  }
}

/**
 * The syntax tree of a plain command, built without tree-sitter.
 *
 * Most commands an agent runs are plain: statements on one or more lines
 * (plain-statements.ts), each of commands (plain-command.ts) joined by `;`,
 * `&&`, `||`, `|` and `|&` (plain-operators.ts, plain-pipelines.ts), a word being literal
 * characters and escapes, single-quoted strings, double-quoted strings, plain
 * variables and parameters (`$HOME`, `${X}`, `$?`, `"$@"`, `$1`; plain-words.ts,
 * plain-expansions.ts), braces around literal text (`{}`, `*.{ts,js}`),
 * `$(…)` of such statements and `<(…)`/`>(…)` as arguments or a redirect's
 * target (`diff <(sort a) <(sort b)`, `done < <(git ls-files)`;
 * plain-substitutions.ts), with variable assignments before a command's
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
 * Comments (`# build⏎npm run build # then test`; plain-comments.ts) and statements of
 * assignments alone (`A=$(git rev-parse HEAD); echo $A`) are inside too.
 * Anything outside the fragment — another compound command (`case`,
 * `((…))`, a function with another body or redirects) or test, words or a here-document after a compound, another expansion or substitution, an escape tree-sitter misreads, `;` or `&` after `&`, a brace other than around literal text, a bracket, a `#` glued to `;` or `&`, another here-document, a redirect
 * before the command name or glued to a word, a reserved word, a non-ASCII
 * character outside a here-document's body, a word starting with a digit
 * that is not a number, a newline inside a statement or after three piped
 * commands, three piped commands before `&&`/`||` in a statement with a
 * redirect — returns null and takes the tree-sitter path.
 *
 * The readers share one `PlainReader` (plain-reader.ts): the cursor, and
 * what a reader leaves for its caller (the redirects after a command, the
 * longest pipeline of a statement, what ends the statements being read).
 */
import { StatementListReader, statementsAt } from "./plain-statements.js";
import { SyntaxNode } from "./syntax.js";

export { MAX_PLAIN_NESTING } from "./plain-statements.js";

/** The tree of `src` when it is a plain command, else null (the caller parses it with tree-sitter). */
export function plainTree(src: string): SyntaxNode | null {
  const reader = new StatementListReader(src);
  const { cur } = reader;
  cur.skipBlanksAndNewlines();
  if (cur.at === cur.end) return null;
  const program = new SyntaxNode("program", true, cur.at, cur.end);
  const statements = statementsAt(reader);
  if (statements === null) return null;
  program.children = statements;
  return program;
}

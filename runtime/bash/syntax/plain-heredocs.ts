/**
 * The here-documents of the plain fragment (plain-syntax.ts), read without
 * tree-sitter into the `heredoc_redirect` node the tree-sitter path gives:
 * `<<'EOF'` (or `<<"EOF"`, or `<<EOF` over a body with nothing to expand),
 * the last redirect of its command and followed on its line by file
 * redirects alone, the body on the lines after it, up to a line that is
 * exactly the delimiter:
 *
 *     git commit -m "$(cat <<'EOF'
 *     fix: the thing
 *     EOF
 *     )"
 *
 * tree-sitter starts the body node at its first character that is not a
 * blank or a newline, and ends a here-document at a line that is the
 * delimiter with blanks around it (bash does not); a body with such a line,
 * or a line that starts with the delimiter, is left to tree-sitter, and so
 * are `<<-`, a delimiter that is not a plain word, and a body holding a CR
 * or a NUL (bash-reading.ts reads those again) or, unquoted, `$`, a
 * backtick or `\` (expansions in the body).
 */
import { NEWLINE, type PlainCursor, isBlank } from "./plain-cursor.js";
import { fileRedirect, redirectAt, startsRedirect } from "./plain-redirects.js";
import { SyntaxNode } from "./syntax.js";

const LESS = 0x3c;
const DASH = 0x2d;
const SINGLE_QUOTE = 0x27;
const DOUBLE_QUOTE = 0x22;
const DELIMITER = /^[A-Za-z0-9_]+$/;
/** What a body may not hold: a CR or NUL anywhere; `$`, backtick or `\` when the delimiter is unquoted. */
const REFUSED_IN_ANY_BODY = /[\r\0]/;
const REFUSED_IN_UNQUOTED_BODY = /[\r\0$`\\]/;

/** Whether a here-document starts at `at` (`<<`, not `<<<` or `<<-`). */
export function startsHeredoc(cur: PlainCursor, at: number): boolean {
  return cur.code(at) === LESS && cur.code(at + 1) === LESS && cur.code(at + 2) !== LESS && cur.code(at + 2) !== DASH;
}

/** The here-document at the cursor, the cursor moved to the end of its delimiter line; null when it is outside the fragment. */
export function heredocAt(cur: PlainCursor): SyntaxNode | null {
  const start = cur.at;
  cur.at += 2;
  cur.skipBlanks();
  const startToken = cur.at;
  const first = cur.code(startToken);
  const quoted = first === SINGLE_QUOTE || first === DOUBLE_QUOTE;
  /** The closing quote, or -2 (no character) for an unquoted delimiter. */
  const quote = quoted ? first : -2;
  let j = quoted ? startToken + 1 : startToken;
  while (j < cur.end && !isBlank(cur.code(j)) && cur.code(j) !== NEWLINE && cur.code(j) !== quote) j++;
  const delimiter = cur.src.slice(quoted ? startToken + 1 : startToken, j);
  if (!DELIMITER.test(delimiter)) return null;
  if (quoted) {
    if (cur.code(j) !== quote) return null;
    j++;
  }
  const startEnd = j;
  cur.at = j;
  // File redirects may follow on its line (`cat <<EOF >notes.md`); tree-sitter hangs them on the here-document.
  const redirects: SyntaxNode[] = [];
  for (;;) {
    const save = cur.at;
    cur.skipBlanks();
    if (cur.code(cur.at) === NEWLINE) break;
    if (cur.at === save || !startsRedirect(cur, cur.at)) return null;
    const redirect = redirectAt(cur);
    if (redirect === null) return null;
    redirects.push(fileRedirect(redirect));
  }
  const bodyFrom = cur.at + 1;
  // The delimiter line: the first line that is exactly the delimiter, followed by a newline or the end.
  let line = bodyFrom;
  let endLine = -1;
  while (line < cur.end) {
    let lineEnd = cur.src.indexOf("\n", line);
    if (lineEnd === -1) lineEnd = cur.end;
    const text = cur.src.slice(line, lineEnd);
    if (text === delimiter) {
      endLine = line;
      break;
    }
    if (text.trimStart().startsWith(delimiter)) return null;
    line = lineEnd + 1;
  }
  if (endLine === -1) return null;
  if ((quoted ? REFUSED_IN_ANY_BODY : REFUSED_IN_UNQUOTED_BODY).test(cur.src.slice(bodyFrom, endLine))) return null;
  let bodyStart = bodyFrom;
  while (bodyStart < endLine && (isBlank(cur.code(bodyStart)) || cur.code(bodyStart) === NEWLINE)) bodyStart++;
  const end = endLine + delimiter.length;
  cur.at = end;
  const node = new SyntaxNode("heredoc_redirect", true, start, end);
  node.children = [
    new SyntaxNode("<<", false, start, start + 2),
    new SyntaxNode("heredoc_start", true, startToken, startEnd),
    ...redirects,
    new SyntaxNode("heredoc_body", true, bodyStart, endLine),
    new SyntaxNode("heredoc_end", true, endLine, end),
  ];
  return node;
}

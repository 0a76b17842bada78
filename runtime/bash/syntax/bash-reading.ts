/**
 * Read the text as bash reads it, before trusting tree-sitter's tokens.
 *
 * tree-sitter-bash and bash disagree on a few characters, and each
 * disagreement is a way to hide a command:
 * - NUL: bash drops NUL bytes from its input (`r\0m x` runs `rm`); the
 *   grammar keeps them inside a word.
 * - Line continuation: bash deletes backslash-newline everywhere except in
 *   single quotes, `$'…'`, comments and quoted-delimiter heredoc bodies, so
 *   `git pu\⏎sh` is `git push`; the grammar reads the pair as a blank and
 *   sees two words.
 * - A newline followed by a backslash: the grammar glues `⏎\curl` onto the
 *   previous command as one word; for bash the newline ends the command.
 * - CR, FF and VT are ordinary word characters for bash (its blanks are space
 *   and tab), so `true\r# ; rm x` runs `rm`; the grammar takes them as blanks
 *   and reads a comment.
 *
 * `bashReading` returns the text rewritten so that tree-sitter tokenises it
 * as bash does: NULs dropped, joining continuations deleted, a blank put
 * after a newline the grammar would glue, and CR/FF/VT outside quotes
 * replaced by private-use stand-ins that are word characters for the
 * grammar (`standInsToOriginal` maps them back for display). The caller
 * analyses this reading in addition to the text as written, so a command
 * hidden by any of these tricks becomes a unit of its own.
 */
import type { BashParser } from "./parser.js";
import { copyTree, type SyntaxNode } from "./syntax.js";

/** Private-use stand-ins for CR, FF and VT outside quotes: word characters to the grammar. */
const STAND_INS: ReadonlyMap<string, string> = new Map([
  ["\r", "\uE00D"],
  ["\f", "\uE00C"],
  ["\v", "\uE00B"],
]);
const ORIGINALS: ReadonlyMap<string, string> = new Map([...STAND_INS].map(([o, s]) => [s, o]));

/** Rewrites never need more rounds than this; more means the text is built to confuse. */
const MAX_ROUNDS = 4;

export interface Reading {
  /** The text as bash tokenises it (equal to the input when nothing differs). */
  readonly text: string;
  /** False when the rewrite did not settle: the caller must floor the command. */
  readonly settled: boolean;
}

/** Node types whose text bash takes literally (no continuation, no blanks). */
const LITERAL_TYPES = new Set(["raw_string", "ansi_c_string", "comment"]);
/**
 * Node types inside which CR/FF/VT need no stand-in: quotes and comments keep
 * them as text, and a heredoc (operator line, body, delimiter line) is left
 * alone because tree-sitter ignores a CR at a line end when it matches the
 * delimiter, as bash does when the delimiter carries the same CR (a CRLF
 * heredoc). Where the two differ, tree-sitter ends the heredoc earlier than
 * bash and sees more commands, never fewer.
 */
const QUOTED_TYPES = new Set(["raw_string", "ansi_c_string", "comment", "string", "translated_string", "heredoc_redirect", "heredoc_body"]);

export function bashReading(parser: BashParser, source: string): Reading {
  let text = source.includes("\u0000") ? source.replaceAll("\u0000", "") : source;
  if (!needsTree(text)) return { text, settled: true };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const root = parse(parser, text);
    if (root === null) return { text, settled: false };
    const edits = findEdits(text, root);
    if (edits.length === 0) return { text, settled: true };
    text = applyEdits(text, edits);
  }
  return { text, settled: false };
}

/** Stand-ins back to the characters they replace (for unit texts shown to people). */
export function standInsToOriginal(text: string): string {
  if (!/[\uE00B-\uE00D]/.test(text)) return text;
  let out = "";
  for (const ch of text) out += ORIGINALS.get(ch) ?? ch;
  return out;
}

/** Cheap test: only these characters can make the readings differ. */
function needsTree(text: string): boolean {
  return /\\\r?\n|\n\\|[\r\f\v]/.test(text);
}

function parse(parser: BashParser, text: string): SyntaxNode | null {
  const tree = parser.parse(text);
  if (tree === null) return null;
  try {
    return copyTree(tree);
  } finally {
    tree.delete();
  }
}

interface Edit {
  readonly at: number;
  /** Characters removed at `at`. */
  readonly remove: number;
  readonly insert: string;
}

function findEdits(text: string, root: SyntaxNode): Edit[] {
  const edits: Edit[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === "\\") {
      if (text[i + 1] !== "\n") {
        // `\` CR is an escaped word character, and the LF after it ends the command (bash joins only `\` LF):
        // `: \␍␊rm -f victim` runs rm. The grammar joins the lines; the CR's stand-in keeps them apart.
        if (text[i + 1] === "\r" && !quotedAt(root, i)) edits.push({ at: i + 1, remove: 1, insert: STAND_INS.get("\r") as string });
        i++; // an escaped character is never a continuation or a blank
        continue;
      }
      const inside = innermostType(root, i);
      if (!LITERAL_TYPES.has(inside) && !quotedHeredoc(root, i, text)) {
        edits.push({ at: i, remove: 2, insert: "" });
      }
      i += 1;
      continue;
    }
    if (ch === "\n" && text[i + 1] === "\\" && innermostType(root, i) === "word") {
      // The grammar glued the next line onto this word; bash ends the command here.
      edits.push({ at: i + 1, remove: 0, insert: " " });
      continue;
    }
    const standIn = STAND_INS.get(ch);
    if (standIn !== undefined && !quotedAt(root, i) && !(ch === "\r" && endsHeredocDelimiter(root, i, text))) {
      edits.push({ at: i, remove: 1, insert: standIn });
    }
  }
  return edits;
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = "";
  let cursor = 0;
  for (const e of edits) {
    out += text.slice(cursor, e.at) + e.insert;
    cursor = e.at + e.remove;
  }
  return out + text.slice(cursor);
}

/** Type of the innermost node whose range holds offset `at` (the program when none does). */
function innermostType(root: SyntaxNode, at: number): string {
  let node = root;
  for (;;) {
    let deeper: SyntaxNode | null = null;
    for (const c of node.children) {
      if (c.startIndex <= at && at < c.endIndex) {
        deeper = c;
        break;
      }
    }
    if (deeper === null) return node.type;
    node = deeper;
  }
}

/**
 * Offset `at` is text bash keeps as it is: inside quotes, a comment or a here-document's body or delimiter lines,
 * and not inside code they hold (`"$(… )"`, a substitution in an unquoted body), nor on a here-document's operator
 * line after its delimiter word (`:<<E ␍#;rm -f victim`: bash reads `␍#` as a word and runs rm). A CR touching the
 * delimiter word is the delimiter's (a CRLF here-document), as before.
 */
function quotedAt(root: SyntaxNode, at: number): boolean {
  let node = root;
  let quoted = false;
  for (;;) {
    if (CODE_TYPES.has(node.type)) quoted = false;
    else if (node.type === "heredoc_redirect") {
      const start = node.children.find((c) => c.type === "heredoc_start");
      // Past the delimiter word (and the CR touching it) and before the body: the operator line's code.
      quoted = start === undefined || at <= start.endIndex || inBodyOrEnd(node, at);
    } else if (QUOTED_TYPES.has(node.type)) quoted = true;
    const deeper = node.children.find((c) => c.startIndex <= at && at < c.endIndex);
    if (deeper === undefined) return quoted;
    node = deeper;
  }
}

/** Node types whose text is code even inside quotes or a here-document's body. */
const CODE_TYPES = new Set(["command_substitution", "process_substitution"]);

/** `at` lies in the body or the closing delimiter line of here-document `node`. */
function inBodyOrEnd(node: SyntaxNode, at: number): boolean {
  return node.children.some((c) => (c.type === "heredoc_body" || c.type === "heredoc_end") && c.startIndex <= at && at < c.endIndex);
}

/**
 * A CR right after a heredoc's closing delimiter, ending its line: the
 * grammar ends the delimiter before the CR, bash reads the CR as part of the
 * delimiter line (which matches when the opening delimiter carried the same
 * CR, a CRLF heredoc). Either way nothing runs there.
 */
function endsHeredocDelimiter(root: SyntaxNode, at: number, text: string): boolean {
  if (at + 1 < text.length && text[at + 1] !== "\n") return false;
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.startIndex > at || n.endIndex < at) continue;
    if (n.type === "heredoc_end" && n.endIndex === at) return true;
    for (const c of n.children) stack.push(c);
  }
  return false;
}

/** Offset `at` lies in the body of a heredoc whose delimiter is quoted (a literal body). */
function quotedHeredoc(root: SyntaxNode, at: number, text: string): boolean {
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.startIndex > at || n.endIndex <= at) continue;
    if (n.type === "heredoc_redirect") {
      const start = n.children.find((c) => c.type === "heredoc_start");
      const body = n.children.find((c) => c.type === "heredoc_body");
      if (body !== undefined && body.startIndex <= at && at < body.endIndex) {
        return start !== undefined && /['"\\]/.test(text.slice(start.startIndex, start.endIndex));
      }
    }
    for (const c of n.children) stack.push(c);
  }
  return false;
}

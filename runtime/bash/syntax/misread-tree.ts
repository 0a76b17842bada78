/**
 * Trees tree-sitter-bash gets wrong without reporting an error, found by
 * what lies between a node's children. In the nodes that hold a command
 * line or a list of them, that text is only blanks, line continuations and
 * (where bash allows one) newlines; anything else was read by bash but
 * dropped by the tree. (CR, FF and VT are word characters to bash that
 * tree-sitter takes as blanks; bash-reading.ts reads the command again with
 * stand-ins for them, so they count as blanks here.) Three misreadings:
 *
 * - `rm -rf\⏎2>&1`: bash joins the lines (`rm -rf2 >&1`); tree-sitter
 *   reads `2>&1` as a redirect and drops `-rf` from the tree altogether, so
 *   `cat ~/.ssh/id_ed2551\⏎9>x` would name no file at all.
 * - `a | b | c⏎d >x`: after a pipeline of three commands tree-sitter reads
 *   on past the newline, and `d` becomes an argument of `c`, so
 *   `echo a | cat | cat⏎rm -rf x 2>&1` would be read as cat's arguments.
 *   Bash never lets an unescaped newline stand between the parts of a
 *   simple command or a redirect, or before a pipeline's `|` or a list's
 *   `&&` / `||` (only after them).
 * - `cat -n1>x`, `rm -2>&1`: tree-sitter reads a dash word ending in a digit
 *   before `>` as the redirect's descriptor; bash reads the word as an
 *   argument (a descriptor is digits only, or `{name}`).
 * - `rm -rf<<E`: tree-sitter's `<<` token swallows the word before it, so
 *   `-rf` is in no word at all. An operator token in a command line or a
 *   redirect is exactly its operator.
 * - `cat <<E⏎E; cat <<'F'⏎$(rm -rf ~)⏎F⏎E`: tree-sitter ends a
 *   here-document at a line that only starts with the delimiter (or has
 *   blanks around it), and reads the rest of the body as commands and as the
 *   start of other here-documents; bash ends it only at a line that is
 *   exactly the delimiter (after tabs, for `<<-`), so it expanded
 *   `$(rm -rf ~)` in the body while permc saw a quoted here-document. The
 *   end a tree gives must be the delimiter alone on its line.
 *
 * - `time { cd /etc; }`, `! if …; then cd /etc; fi`: tree-sitter does not
 *   know a compound command after the `time` or `!` keyword and reads a
 *   command named `time` (or a negated one) with arguments `{ cd /etc`,
 *   then commands named `then`, `do`, `fi`, `}`, so the `cd` (which bash
 *   runs in the shell itself) is no `cd` to it. Bash never runs a command
 *   whose name is an unquoted reserved word: it reads the word as syntax, or
 *   stops with an error. Such a command in a tree is a misreading.
 *
 * - `cat <<E⏎ $(rm -rf ~)⏎E`: in the body of a here-document whose
 *   delimiter is unquoted, tree-sitter reads no expansion on a line that
 *   starts with blanks (nor on any line after it): the body is one leaf of
 *   text, and the substitution bash runs is in no node. Every unescaped
 *   `$(`, `${`, `$[` and backtick in such a body must lie inside a node of
 *   the body (a substitution, an expansion).
 *
 * The caller treats a misread tree as one with an error: the command is not
 * understood, so it is at least asked. Checked on tree-sitter's own tree,
 * before syntax.ts moves words between nodes.
 */
import type { SyntaxNode } from "./syntax.js";

const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;
const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const FF = 0x0c;
const VT = 0x0b;
const BACKTICK = 0x60;
const DOLLAR = 0x24;
const OPEN_PAREN = 0x28;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const DESCRIPTOR = /^(?:[0-9]+|\{[A-Za-z_][A-Za-z0-9_]*\})$/;

/** Nodes whose parts bash keeps on one logical line: a newline between two of them ends the statement. */
const ONE_LINE: ReadonlySet<string> = new Set([
  "command",
  "declaration_command",
  "unset_command",
  "variable_assignment",
  "file_redirect",
  "redirected_statement",
  "pipeline",
  "list",
]);
/** Nodes that hold statements, where newlines separate them. */
const STATEMENTS: ReadonlySet<string> = new Set([
  "program",
  "subshell",
  "compound_statement",
  "do_group",
  "if_statement",
  "elif_clause",
  "else_clause",
  "while_statement",
  "function_definition",
  "negated_command",
]);
/** Nodes whose operator tokens (unnamed children) are exactly the operator they name. */
const EXACT_OPERATORS: ReadonlySet<string> = new Set([...ONE_LINE, "heredoc_redirect", "herestring_redirect"]);
/** Operators after which bash reads on over newlines (`a |⏎b`, `a &&⏎b`). */
const CONTINUES: ReadonlySet<string> = new Set(["|", "|&", "&&", "||"]);

/** Whether tree-sitter's tree of `src` is one of the misreadings above. */
export function treeMisreadsText(root: SyntaxNode, src: string): boolean {
  const stack: SyntaxNode[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const children = node.children;
    if (EXACT_OPERATORS.has(node.type)) {
      for (const child of children) {
        if (!child.isNamed && child.endIndex - child.startIndex !== child.type.length) return true;
      }
    }
    if (node.type === "heredoc_redirect" && (!endsAlone(node, src) || !expansionsRead(node, src))) return true;
    if (node.type === "command" && namedByReservedWord(node, src)) return true;
    const oneLine = ONE_LINE.has(node.type);
    if (oneLine || STATEMENTS.has(node.type)) {
      let at = node.startIndex;
      /** Whether a newline may come next: anywhere among statements, after `|` / `&&` / `||` in a line. */
      let newlineAllowed = !oneLine;
      for (const child of children) {
        if (!blankBetween(src, at, child.startIndex, newlineAllowed)) return true;
        at = child.endIndex;
        // A comment runs to the end of its line: the newline after it ends the statement, as before it.
        if (child.type !== "comment") newlineAllowed = !oneLine || CONTINUES.has(child.type);
      }
      if (!blankBetween(src, at, node.endIndex, !oneLine)) return true;
    }
    for (const child of children) {
      if (child.children.length > 0) stack.push(child);
      else if (child.type === "file_descriptor" && !DESCRIPTOR.test(src.slice(child.startIndex, child.endIndex))) return true;
    }
  }
  return false;
}

/** bash's reserved words that tree-sitter reads as syntax where it understands them (`in`, `time`, `coproc` it reads otherwise; a second `!` as a command's name). */
const RESERVED: ReadonlySet<string> = new Set([
  "!",
  "{",
  "}",
  "if",
  "then",
  "elif",
  "else",
  "fi",
  "while",
  "until",
  "for",
  "do",
  "done",
  "case",
  "esac",
  "select",
  "function",
  "[[",
  "]]",
]);

/** Whether `command`'s name, as written, is one of those reserved words (quoted or escaped, it is an ordinary name). */
function namedByReservedWord(command: SyntaxNode, src: string): boolean {
  const name = command.children.find((c) => c.type === "command_name");
  return name !== undefined && RESERVED.has(src.slice(name.startIndex, name.endIndex));
}

/** Whether a here-document's end, if the tree gives one, is its delimiter alone on a line (after tabs for `<<-`). */
function endsAlone(heredoc: SyntaxNode, src: string): boolean {
  const children = heredoc.children;
  const end = children.find((c) => c.type === "heredoc_end");
  if (end === undefined) return true;
  const start = children.find((c) => c.type === "heredoc_start");
  const operator = children[0];
  if (start === undefined || operator === undefined) return false;
  // Quote removal on the delimiter word (`'EOF'`, `"EOF"`, `\EOF`, `E"O"F` all end at `EOF`).
  const delimiter = src.slice(start.startIndex, start.endIndex).replace(/['"\\]/g, "");
  if (src.slice(end.startIndex, end.endIndex) !== delimiter) return false;
  // In a CRLF text bash's delimiter word carries the CR (`EOF\r`), and so must the end line; tree-sitter sets both CRs aside.
  let after = end.endIndex;
  if (src.charCodeAt(start.endIndex) === CR) {
    if (src.charCodeAt(after) !== CR) return false;
    after++;
  }
  if (after < src.length && src.charCodeAt(after) !== NEWLINE) return false;
  let before = end.startIndex - 1;
  if (operator.type === "<<-") while (before >= 0 && src.charCodeAt(before) === TAB) before--;
  return before >= 0 && src.charCodeAt(before) === NEWLINE;
}

/**
 * Whether every expansion that runs something in a here-document's body is
 * a node of the tree (see above). A quoted delimiter (`'E'`, `"E"`, `\E`,
 * `E"x"`) makes the body literal; in an unquoted body, `\` escapes `$`,
 * a backtick and itself.
 */
function expansionsRead(heredoc: SyntaxNode, src: string): boolean {
  const start = heredoc.children.find((c) => c.type === "heredoc_start");
  const body = heredoc.children.find((c) => c.type === "heredoc_body");
  if (start === undefined || body === undefined || /['"\\]/.test(src.slice(start.startIndex, start.endIndex))) return true;
  const read = body.children.filter((c) => c.isNamed && c.type !== "heredoc_content");
  for (let i = body.startIndex; i < body.endIndex; i++) {
    const c = src.charCodeAt(i);
    if (c === BACKSLASH) {
      i++;
      continue;
    }
    const next = src.charCodeAt(i + 1);
    const runs = c === BACKTICK || (c === DOLLAR && (next === OPEN_PAREN || next === OPEN_BRACE || next === OPEN_BRACKET));
    if (runs && !read.some((n) => n.startIndex <= i && i < n.endIndex)) return false;
  }
  return true;
}

/** Whether `src[from, to)` holds only blanks (CR, FF and VT included), line continuations and, when allowed, newlines. */
function blankBetween(src: string, from: number, to: number, newlineAllowed: boolean): boolean {
  for (let i = from; i < to; i++) {
    const c = src.charCodeAt(i);
    if (c === SPACE || c === TAB || c === CR || c === FF || c === VT) continue;
    if (c === BACKSLASH) {
      // A line continuation (`\⏎`, or `\` CR LF, which bash-reading.ts reads again as bash does).
      const skip = src.charCodeAt(i + 1) === NEWLINE ? 1 : src.charCodeAt(i + 1) === CR && src.charCodeAt(i + 2) === NEWLINE ? 2 : 0;
      if (skip === 0) return false;
      i += skip;
      continue;
    }
    if (c === NEWLINE && newlineAllowed) continue;
    return false;
  }
  return true;
}

/**
 * The words of the plain fragment (plain-syntax.ts), read without tree-sitter
 * into the nodes the tree-sitter path gives them.
 *
 * A word is one or more touching pieces: a run of literal characters and
 * escapes (`a\ b`, `\;`), a single-quoted string, a double-quoted string
 * whose only expansions are plain variables and parameters (escapes are part
 * of its content), or (outside a command's name) a plain variable or
 * parameter (plain-expansions.ts), or braces around literal text (find's and
 * xargs's `{}`, `*.{ts,js}`). One piece is its own node (`word`, `number`,
 * `raw_string`, `string`, `simple_expansion`, `expansion`); several are one
 * `concatenation` of them (`--format='%h'`, `a"b"c`, `$HOME/x`), which is
 * what tree-sitter gives and `glueTouchingWords` keeps.
 */
import { type PlainCursor, isBlank, isDigit } from "./plain-cursor.js";
import { DOLLAR, expansionAt } from "./plain-expansions.js";
import { SyntaxNode } from "./syntax.js";

const SINGLE_QUOTE = 0x27;
const DOUBLE_QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether a `\` at `at` quotes the character after it within the token
 * tree-sitter reads: a printable ASCII character or a space. A newline after
 * it joins lines (bash-reading.ts reads that), and tree-sitter misreads a tab
 * or other control character after it: those are left to the tree-sitter path.
 */
function escapesAt(cur: PlainCursor, at: number): boolean {
  const c = cur.code(at + 1);
  return cur.code(at) === BACKSLASH && c >= 0x20 && c < 0x7f;
}

/**
 * Characters of a literal piece, one tree-sitter `word` token: literal to
 * bash in every position, or a glob character (`*`, `?`) or `~`, which bash
 * expands but tree-sitter leaves inside the word (words/words.ts and
 * words/word-pattern.ts read them); a command's name holds none of those three
 * (PLAIN_NAME).
 */
const WORD_CHAR = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+,=-*?~") WORD_CHAR[ch.charCodeAt(0)] = 1;

/** What may stand between `{` and `}` in a word the fragment reads: letters, digits and `_./:@%+,=-`. */
const BRACED_CHAR = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@%+,=-") BRACED_CHAR[ch.charCodeAt(0)] = 1;

/** What a single-quoted string may hold: printable ASCII and blanks, no `'` (nothing is special inside). */
const RAW_CHAR = new Uint8Array(128);
/**
 * What a double-quoted string may hold besides its plain variables and
 * escapes: printable ASCII and blanks without `$`, backtick and `\` (other
 * expansions; an escape is read with the character it quotes), `"` and `!`
 * (history expansion in an interactive shell).
 */
const STRING_CHAR = new Uint8Array(128);
for (let c = 0x20; c < 0x7f; c++) {
  RAW_CHAR[c] = 1;
  STRING_CHAR[c] = 1;
}
RAW_CHAR[0x09] = 1;
STRING_CHAR[0x09] = 1;
RAW_CHAR[SINGLE_QUOTE] = 0;
for (const ch of '$`\\"!') STRING_CHAR[ch.charCodeAt(0)] = 0;

/**
 * Words that change the grammar in some position (reserved words, declaration
 * and test commands, `coproc`): a command holding one as a literal piece
 * takes the tree-sitter path, wherever the word stands. Not `time`: bash's
 * reserved word is a plain word to tree-sitter-bash (`time npm test` is a
 * command named `time`, judged as the wrapper of the same name), so both
 * paths build the same tree for it.
 */
const GRAMMAR_WORDS: ReadonlySet<string> = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "case",
  "esac",
  "for",
  "in",
  "while",
  "until",
  "select",
  "function",
  "coproc",
  "declare",
  "typeset",
  "export",
  "readonly",
  "local",
  "unset",
  "unsetenv",
  // tree-sitter-bash reads a lone `==` or `=~` as a test operator, even in a command's arguments.
  "==",
  "=~",
]);

const NUMBER = /^-?[0-9]+$/;
const DIGIT_START = /^-?[0-9]/;
/** Literal pieces of a command name: a letter, `_`, `.` or `/` first; no `=` (an assignment), `%`, `@` or `+` (tree-sitter reads `a%b`, `a@b`, `a+:b` otherwise). */
const PLAIN_NAME = /^[A-Za-z_./][A-Za-z0-9_./:,-]*$/;

/** Whether `c` may start a word of the fragment: a literal character, a quote or a `$`. */
export function startsWord(c: number): boolean {
  return c === SINGLE_QUOTE || c === DOUBLE_QUOTE || c === DOLLAR || c === BACKSLASH || (c >= 0 && c < 128 && WORD_CHAR[c] === 1);
}

/**
 * The word at the cursor as tree-sitter gives it (a command's name wrapped
 * in `command_name`), the cursor moved past it; null when the text there is
 * not a word of the fragment. The word ends at the first character that is
 * not a piece: the caller checks what follows.
 */
export function wordAt(cur: PlainCursor, isName: boolean): SyntaxNode | null {
  const start = cur.at;
  let first: SyntaxNode | null = null;
  let pieces: SyntaxNode[] | null = null;
  for (;;) {
    const c = cur.code(cur.at);
    let piece: SyntaxNode | null;
    if (c === SINGLE_QUOTE) piece = rawStringAt(cur);
    else if (c === DOUBLE_QUOTE) piece = stringAt(cur);
    // A variable as (part of) a command's name is left to tree-sitter.
    else if (c === DOLLAR) piece = isName ? null : expansionAt(cur, cur.at);
    else if (c === BACKSLASH || (c >= 0 && c < 128 && WORD_CHAR[c] === 1)) {
      // tree-sitter misreads a `\$` just after a quote or an expansion (`''\$` has an error): left to it.
      if (first !== null && c === BACKSLASH && cur.code(cur.at + 1) === DOLLAR) return null;
      piece = literalAt(cur, isName);
    } else if (c === OPEN_BRACE && !isName) {
      // `{}` (find's and xargs's placeholder) and `{a,b}` are `word` pieces to tree-sitter: `{`, what is inside, `}`.
      const inner = bracedWordEnd(cur, cur.at + 1);
      if (inner === -1) return null;
      const braces = [new SyntaxNode("word", true, cur.at, cur.at + 1)];
      if (inner > cur.at + 1) {
        // Digits inside are a `number` (`{1}`); a word starting with one is split in ways that depend on the context.
        const text = cur.src.slice(cur.at + 1, inner);
        if (!NUMBER.test(text) && DIGIT_START.test(text)) return null;
        braces.push(new SyntaxNode(NUMBER.test(text) ? "number" : "word", true, cur.at + 1, inner));
      }
      for (const brace of braces) {
        if (first === null) first = brace;
        else (pieces ??= [first]).push(brace);
      }
      piece = new SyntaxNode("word", true, inner, inner + 1);
      cur.at = inner + 1;
    } else break;
    if (piece === null) return null;
    // tree-sitter reads `$x` as a lone `$` and a word when two pieces come before it and one after (`a''$x.`): left to it.
    if (pieces !== null && pieces.length >= 3 && pieces[pieces.length - 1]!.type === "simple_expansion") return null;
    // …and a parameter as a lone `$` and a number or word after two pieces even at the word's end (`a'b'$1`): left to it.
    if (pieces !== null && isParameter(cur, piece)) return null;
    // …and `$$` as one `$` token after any piece when nothing follows (`a$$`): left to it.
    if (first !== null && piece.type === "simple_expansion" && cur.code(piece.startIndex + 1) === DOLLAR) return null;
    if (first === null) first = piece;
    else (pieces ??= [first]).push(piece);
  }
  if (first === null) return null;
  let word = first;
  if (pieces !== null) {
    word = new SyntaxNode("concatenation", true, start, cur.at);
    word.children = pieces;
  }
  if (!isName) return word;
  const name = new SyntaxNode("command_name", true, start, cur.at);
  name.children = [word];
  return name;
}

/**
 * Whether a word holds an escape or a brace (`{}`, `{a,b}`), which tree-sitter reads otherwise
 * in a test's operand (`[ -f ''\* ]` has an error) and in an assignment's
 * value (`A=""\;a b` ends the value at the `\`): their readers leave such
 * words to it.
 */
export function holdsEscapeOrBrace(cur: PlainCursor, word: SyntaxNode): boolean {
  if (cur.src.slice(word.startIndex, word.endIndex).includes("\\")) return true;
  return word.type === "concatenation" && word.children.some((piece) => piece.type === "word" && cur.code(piece.startIndex) === OPEN_BRACE);
}

/**
 * The offset of the `}` that closes the `{` before `at`, when what is
 * between is literal characters tree-sitter keeps as one word (`{}`,
 * `{ts,js}`, `{,.bak}`); -1 otherwise: a sequence (`{1..3}` is a
 * `brace_expression`), a nested brace, a quote or expansion inside, or an
 * escape just after it (`{}\$` is misread).
 */
function bracedWordEnd(cur: PlainCursor, at: number): number {
  let j = at;
  for (let c = cur.code(j); c !== CLOSE_BRACE; c = cur.code(++j)) {
    if (c < 0 || c >= 128 || BRACED_CHAR[c] !== 1) return -1;
  }
  if (cur.src.slice(at, j).includes("..") || cur.code(j + 1) === BACKSLASH) return -1;
  return j;
}

/** `$1`, `$?` and the like: a simple expansion of a special or positional parameter. */
function isParameter(cur: PlainCursor, piece: SyntaxNode): boolean {
  if (piece.type !== "simple_expansion") return false;
  const name = piece.children[1] as SyntaxNode;
  return name.type === "special_variable_name" || isDigit(cur.code(name.startIndex));
}

/** A run of literal characters: a `number` when it is one, else a `word`. */
function literalAt(cur: PlainCursor, isName: boolean): SyntaxNode | null {
  const start = cur.at;
  // tree-sitter reads a `\ ` that starts a piece as a blank (`x \ ` has an error, `x \  y` loses a word).
  if (cur.code(start) === BACKSLASH && cur.code(start + 1) === 0x20) return null;
  while (cur.at < cur.end) {
    const c = cur.src.charCodeAt(cur.at);
    if (c === BACKSLASH) {
      if (!escapesAt(cur, cur.at)) break;
      cur.at += 2;
      continue;
    }
    if (c >= 128 || WORD_CHAR[c] !== 1) break;
    cur.at++;
  }
  // A `\` that quotes nothing the fragment reads.
  if (cur.at === start) return null;
  const text = cur.src.slice(start, cur.at);
  if (GRAMMAR_WORDS.has(text)) return null;
  if (isName) return PLAIN_NAME.test(text) ? new SyntaxNode("word", true, start, cur.at) : null;
  if (NUMBER.test(text)) return new SyntaxNode("number", true, start, cur.at);
  // tree-sitter splits `1a` and `0x1F` in ways that depend on the context: leave them to it.
  if (DIGIT_START.test(text)) return null;
  return new SyntaxNode("word", true, start, cur.at);
}

/** `'…'`: one `raw_string` leaf. */
function rawStringAt(cur: PlainCursor): SyntaxNode | null {
  const open = cur.at;
  let j = open + 1;
  for (;;) {
    const c = cur.code(j);
    if (c === SINGLE_QUOTE) break;
    // Unbalanced, or a character (a newline, non-ASCII) outside the fragment.
    if (c < 0 || c >= 128 || RAW_CHAR[c] !== 1) return null;
    j++;
  }
  cur.at = j + 1;
  return new SyntaxNode("raw_string", true, open, j + 1);
}

/**
 * `"…"`: a `string` of the two quote tokens and, between them, its plain
 * variables and the `string_content` around them. tree-sitter gives no
 * content node for a run of blanks alone before a variable or the closing
 * quote: the blanks start that token (`" $A"` is `"`, `$A` from the blank,
 * `"`; `" "` is `"`, `" "`).
 */
function stringAt(cur: PlainCursor): SyntaxNode | null {
  const open = cur.at;
  const children = [new SyntaxNode('"', false, open, open + 1)];
  let j = open + 1;
  /** Where the text since the last token began, and whether it is blanks alone so far. */
  let run = j;
  let blanksOnly = true;
  for (;;) {
    const c = cur.code(j);
    if (c === DOUBLE_QUOTE || c === DOLLAR) {
      const tokenStart = blanksOnly ? run : j;
      if (!blanksOnly) children.push(new SyntaxNode("string_content", true, run, j));
      if (c === DOUBLE_QUOTE) {
        children.push(new SyntaxNode('"', false, tokenStart, j + 1));
        break;
      }
      cur.at = j;
      const expansion = expansionAt(cur, tokenStart);
      if (expansion === null) return null;
      children.push(expansion);
      j = run = cur.at;
      blanksOnly = true;
      continue;
    }
    if (c === BACKSLASH) {
      // An escape is part of the content around it (`"a\"b"`, `"\$x"`): what it stands for is words/words.ts's question.
      // …except a `\ ` among blanks alone, which tree-sitter reads as one of them (`"\ "` has no content node).
      if (!escapesAt(cur, j) || (blanksOnly && cur.code(j + 1) === 0x20)) return null;
      blanksOnly = false;
      j += 2;
      continue;
    }
    if (c < 0 || c >= 128 || STRING_CHAR[c] !== 1) return null;
    if (!isBlank(c)) blanksOnly = false;
    j++;
  }
  cur.at = j + 1;
  const node = new SyntaxNode("string", true, open, j + 1);
  node.children = children;
  return node;
}

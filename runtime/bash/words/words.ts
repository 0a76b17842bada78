/**
 * Shell words: what a word node means to bash after quote removal.
 *
 * tree-sitter gives raw source slices. To judge `'rm'`, `\rm`, `r""m` or
 * `$'\x72m'` as `rm`, the splitter needs the word bash would actually run.
 * A word is "static" when its value is known without running anything;
 * a word containing `$X`, `$(…)` or similar is dynamic (`value === null`).
 */
import type { SyntaxNode } from "../syntax/syntax.js";

export interface Word {
  /** UTF-16 offsets into the source the word came from; -1 for synthetic words. */
  start: number;
  end: number;
  /** Exact source slice. */
  raw: string;
  /** Value after quote removal, or null when it depends on an expansion. */
  value: string | null;
  /** Quote removal with expansions left as written (`"$D/x"` → `$D/x`). */
  loose: string;
  /** Unquoted glob or brace characters that bash would expand. */
  pattern: boolean;
  /** Read by the program from its input when it runs (`… | xargs cat`): unknown, and any path. */
  fromInput?: true;
}

export interface CookOptions {
  /** Home directory used for `~`, `$HOME` and `${HOME}`; null when unknown (the command reassigns HOME). */
  home: string | null;
}

const HOME_EXPANSIONS = new Set(["$HOME", "${HOME}"]);

/**
 * A known value bash would change when it comes from an unquoted expansion:
 * word splitting on the default IFS (an assignment to IFS is floored
 * elsewhere) and pathname expansion. `$HOME` of `/c/Users/Jo Smith` is two
 * words, `/c/Users/Jo` and `Smith/…`, and the second is relative to the
 * working directory. A tilde's value is neither split nor globbed.
 */
export function changesUnquoted(value: string): boolean {
  return /[ \t\n*?[]/.test(value);
}

/** The same word, standing for a value permc cannot know (`{}` in `find -exec`, an xargs argument). */
export function holeWord(w: Word): Word {
  return { ...w, value: null };
}

/** A word the program reads from its input when it runs (`xargs cat` appends each line it reads). */
export function inputWord(w: Word): Word {
  return { ...w, value: null, fromInput: true };
}

/** Build a synthetic word (for values carved out of a larger word). */
export function syntheticWord(value: string): Word {
  return { start: -1, end: -1, raw: value, value, loose: value, pattern: false };
}

/**
 * The value at the end of a word (`.e*` of `-f.e*`, `{x,.env}` of `if={x,.env}`), keeping its source where
 * what comes before it is literal in the source: bash expands the value there as a word of its own, so its
 * globs, braces and expansions still name what it may become (word-pattern.ts reads `raw`). Else a synthetic word.
 */
export function carvedWord(w: Word, value: string): Word {
  const whole = w.value;
  if (whole === null || !whole.endsWith(value)) return syntheticWord(value);
  return carvedAfter(w, whole.slice(0, whole.length - value.length));
}

/** The rest of a word after `prefix` (`of=` of `of=$PWD/x`), its source kept where the prefix is literal there. */
export function carvedAfter(w: Word, prefix: string): Word {
  const cut = prefix.length;
  if (w.raw.startsWith(prefix) && w.loose.startsWith(prefix))
    return {
      start: w.start < 0 ? -1 : w.start + cut,
      end: w.end,
      raw: w.raw.slice(cut),
      value: w.value?.slice(cut) ?? null,
      loose: w.loose.slice(cut),
      pattern: w.pattern,
    };
  return w.value === null ? w : syntheticWord(w.value.slice(cut));
}

/** A node's cooked word, for the source and home it was cooked with (SyntaxNode.memo). */
interface CookedWord {
  readonly src: string;
  readonly home: string | null;
  readonly word: Word;
}

/**
 * Cook one node into a word. `src` is the text the node's offsets refer to.
 * The word is kept on the node (it depends on nothing else), so it is shared:
 * callers never change a word, they copy it.
 */
export function cookWord(node: SyntaxNode, src: string, opts: CookOptions): Word {
  const kept = node.memo as CookedWord | undefined;
  if (kept !== undefined && kept.home === opts.home && kept.src === src) return kept.word;
  const raw = src.slice(node.startIndex, node.endIndex);
  const part = cookPart(node, src, opts, true);
  const word: Word = {
    start: node.startIndex,
    end: node.endIndex,
    raw,
    value: part.value,
    loose: part.loose,
    pattern: part.pattern,
  };
  const cooked: CookedWord = { src, home: opts.home, word };
  node.memo = cooked;
  return word;
}

interface Part {
  value: string | null;
  loose: string;
  pattern: boolean;
}

function cookPart(node: SyntaxNode, src: string, opts: CookOptions, atWordStart: boolean): Part {
  const raw = src.slice(node.startIndex, node.endIndex);
  switch (node.type) {
    case "word":
      return cookUnquoted(raw, opts, atWordStart);
    case "number":
      return { value: raw, loose: raw, pattern: false };
    case "raw_string": {
      const inner = raw.slice(1, raw.endsWith("'") && raw.length >= 2 ? -1 : undefined);
      return { value: inner, loose: inner, pattern: false };
    }
    case "ansi_c_string": {
      const decoded = decodeAnsiC(raw);
      return { value: decoded, loose: decoded ?? raw, pattern: false };
    }
    case "string":
    case "translated_string":
      return cookDoubleQuoted(node, src, opts);
    case "simple_expansion":
    case "expansion": {
      const trimmed = raw.trim();
      if (HOME_EXPANSIONS.has(trimmed) && opts.home !== null && !changesUnquoted(opts.home)) {
        return { value: opts.home, loose: raw, pattern: false };
      }
      return { value: null, loose: raw, pattern: false };
    }
    case "concatenation": {
      let value: string | null = "";
      let loose = "";
      let pattern = false;
      const children = node.children;
      let first = true;
      let cursor = node.startIndex;
      for (const child of children) {
        if (child === null) continue;
        if (child.startIndex > cursor) {
          // Gaps inside a concatenation are literal text tree-sitter did not name.
          const gap = src.slice(cursor, child.startIndex);
          const cooked = cookUnquoted(gap, opts, first);
          value = value === null || cooked.value === null ? null : value + cooked.value;
          loose += cooked.loose;
          pattern ||= cooked.pattern;
          first = false;
        }
        const sub = child.isNamed ? cookPart(child, src, opts, first) : cookUnquoted(src.slice(child.startIndex, child.endIndex), opts, first);
        value = value === null || sub.value === null ? null : value + sub.value;
        loose += sub.loose;
        pattern ||= sub.pattern;
        cursor = child.endIndex;
        first = false;
      }
      if (cursor < node.endIndex) {
        const cooked = cookUnquoted(src.slice(cursor, node.endIndex), opts, first);
        value = value === null || cooked.value === null ? null : value + cooked.value;
        loose += cooked.loose;
        pattern ||= cooked.pattern;
      }
      // tree-sitter splits `{a,b}` and `[ab]` into separate words: look at
      // the unquoted text as a whole.
      if (!pattern && isGlobOrBrace(unquotedOf(node, src))) pattern = true;
      return { value, loose, pattern };
    }
    default:
      // Substitutions, arithmetic, subshells and anything unknown: dynamic.
      return { value: null, loose: raw, pattern: false };
  }
}

/** Unquoted text: backslash escapes, line continuations, `~`, globs. */
function cookUnquoted(text: string, opts: CookOptions, atWordStart: boolean): Part {
  let out = "";
  let pattern = false;
  // An unquoted backtick starts a command substitution even where tree-sitter reads text (`r``m` runs rm): the value is unknown.
  let substitution = false;
  let i = 0;
  if (atWordStart && text.startsWith("~") && (text.length === 1 || text[1] === "/")) {
    if (opts.home === null) return { value: null, loose: text, pattern: false };
    out = opts.home;
    i = 1;
  }
  for (; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === "\\") {
      const next = text[i + 1];
      if (next === undefined) {
        out += "\\";
      } else if (next === "\n") {
        i++; // line continuation disappears
      } else if (next === "\r" && text[i + 2] === "\n") {
        i += 2;
      } else {
        out += next;
        i++;
      }
      continue;
    }
    if (ch === "*" || ch === "?") pattern = true;
    if (ch === "[" && text.indexOf("]", i + 1) > i) pattern = true;
    if (ch === "`") substitution = true;
    out += ch;
  }
  if (!pattern && hasBraceExpansion(text)) pattern = true;
  return { value: substitution ? null : out, loose: out, pattern };
}

/** The unquoted text of a concatenation, quoted parts replaced by NUL. */
function unquotedOf(node: SyntaxNode, src: string): string {
  let out = "";
  let cursor = node.startIndex;
  for (const c of node.children) {
    if (c === null) continue;
    out += src.slice(cursor, Math.max(cursor, c.startIndex));
    out += c.type === "word" || !c.isNamed ? src.slice(c.startIndex, c.endIndex) : "\u0000";
    cursor = Math.max(cursor, c.endIndex);
  }
  return out + src.slice(cursor, node.endIndex);
}

function isGlobOrBrace(text: string): boolean {
  return /(?<!\\)[*?]/.test(text) || /(?<!\\)\[[^\u0000]*\]/.test(text) || hasBraceExpansion(text);
}

/** Unquoted `{a,b}` or `{1..3}`. Approximate: ignores quoting inside. */
function hasBraceExpansion(text: string): boolean {
  const open = text.indexOf("{");
  if (open < 0) return false;
  const close = text.indexOf("}", open + 1);
  if (close < 0) return false;
  const inner = text.slice(open + 1, close);
  return inner.includes(",") || inner.includes("..");
}

/** Double-quoted string: only `\$ \` \" \\ \<newline>` are escapes. */
function cookDoubleQuoted(node: SyntaxNode, src: string, opts: CookOptions): Part {
  const raw = src.slice(node.startIndex, node.endIndex);
  const openLen = raw.startsWith('$"') ? 2 : 1;
  const innerStart = node.startIndex + openLen;
  const innerEnd = raw.length > openLen && raw.endsWith('"') ? node.endIndex - 1 : node.endIndex;
  let value: string | null = "";
  let loose = "";
  let cursor = innerStart;
  const takeLiteral = (from: number, to: number): void => {
    if (to <= from) return;
    const cooked = unescapeDoubleQuoted(src.slice(from, to));
    if (value !== null) value += cooked;
    loose += cooked;
  };
  for (const child of node.children) {
    if (child === null || !child.isNamed) continue;
    if (child.type === "string_content") continue; // literal text, taken from gaps
    const childStart = Math.max(child.startIndex, innerStart);
    takeLiteral(cursor, childStart);
    const text = src.slice(childStart, child.endIndex);
    // A named child's range can start with the blank before it.
    const lead = text.length - text.trimStart().length;
    takeLiteral(childStart, childStart + lead);
    const body = text.slice(lead);
    if (HOME_EXPANSIONS.has(body) && opts.home !== null) {
      if (value !== null) value += opts.home;
    } else {
      value = null;
    }
    loose += body;
    cursor = child.endIndex;
  }
  takeLiteral(cursor, innerEnd);
  return { value, loose, pattern: false };
}

function unescapeDoubleQuoted(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === "\\") {
      const next = text[i + 1];
      if (next === "$" || next === "`" || next === '"' || next === "\\") {
        out += next;
        i++;
        continue;
      }
      if (next === "\n") {
        i++;
        continue;
      }
    }
    out += ch;
  }
  return out;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** Decode `$'…'`. Returns null when an escape is not understood. */
export function decodeAnsiC(raw: string): string | null {
  if (!raw.startsWith("$'")) return null;
  const body = raw.endsWith("'") && raw.length >= 3 ? raw.slice(2, -1) : raw.slice(2);
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) return null;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    let m: RegExpMatchArray | null;
    const rest = body.slice(i + 1);
    if ((m = /^[0-7]{1,3}/.exec(rest)) !== null) {
      out += String.fromCharCode(parseInt(m[0], 8) & 0xff);
      i += m[0].length;
    } else if ((m = /^x([0-9a-fA-F]{1,2})/.exec(rest)) !== null) {
      out += String.fromCharCode(parseInt(m[1] as string, 16));
      i += m[0].length;
    } else if ((m = /^u([0-9a-fA-F]{1,4})/.exec(rest)) !== null) {
      out += String.fromCodePoint(parseInt(m[1] as string, 16));
      i += m[0].length;
    } else if ((m = /^U([0-9a-fA-F]{1,8})/.exec(rest)) !== null) {
      const cp = parseInt(m[1] as string, 16);
      if (cp > 0x10ffff) return null;
      out += String.fromCodePoint(cp);
      i += m[0].length;
    } else if ((m = /^c(.)/s.exec(rest)) !== null) {
      out += String.fromCharCode((m[1] as string).charCodeAt(0) & 0x1f);
      i += m[0].length;
    } else {
      // bash keeps an unknown escape as written (`$'\q'` is `\q`).
      out += "\\";
    }
  }
  // bash's words are C strings: a NUL (`\0`, `\x00`, `\c@`, `\u0000`) ends the word.
  const nul = out.indexOf("\u0000");
  return nul >= 0 ? out.slice(0, nul) : out;
}

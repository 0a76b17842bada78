// Reads `.perm` text into a small syntax tree with offsets; meaning is given in compiler/frontend.
import type { CstElement, CstNode, IToken, IRecognitionException } from "chevrotain";
import { permParser } from "./parser.js";
import { lineIndex, lineStarts } from "./line-starts.js";
import { BadString, KEYWORDS, Newline, permLexer } from "./tokens.js";

export { KEYWORDS } from "./tokens.js";

/** Half-open UTF-16 offsets into the text. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

export interface Word extends Range {
  readonly text: string;
}
/** A string literal, decoded; `raw` is the text as written. */
export interface Str extends Range {
  readonly value: string;
  readonly raw: string;
}
/** A surface name, bare or quoted. */
export interface Name extends Range {
  readonly value: string;
  readonly quoted: boolean;
}

export type Json =
  | (Range & { readonly kind: "string"; readonly value: string })
  | (Range & { readonly kind: "number"; readonly value: number; readonly raw: string })
  | (Range & { readonly kind: "boolean"; readonly value: boolean })
  | (Range & { readonly kind: "null" })
  | (Range & { readonly kind: "list"; readonly items: readonly Json[] })
  | (Range & { readonly kind: "map"; readonly entries: readonly { readonly key: Str; readonly value: Json }[] });

export type Statement =
  | (Range & { readonly kind: "scope"; readonly name: Word })
  | (Range & { readonly kind: "default"; readonly action: Word })
  | (Range & { readonly kind: "include"; readonly path: Str })
  | (Range & { readonly kind: "set"; readonly key: Word; readonly value: Json })
  | (Range & { readonly kind: "test"; readonly surface: Name; readonly value: Str; readonly expect: Word })
  | (Range & { readonly kind: "toolTest"; readonly keyword: Name; readonly tool: Name; readonly input: Json; readonly expect: Word })
  | (Range & { readonly kind: "rule"; readonly surface: Name; readonly pattern?: Str; readonly action: Word; readonly reason?: Str });

export interface Comment extends Range {
  readonly text: string;
  /** True when the comment follows a statement on the same line. */
  readonly trailing: boolean;
}

export interface SyntaxIssue extends Range {
  readonly message: string;
  readonly help: string;
}

export interface PermSyntax {
  readonly statements: readonly Statement[];
  readonly comments: readonly Comment[];
  /** Every syntax problem of the file, in order; lines with a problem yield no statement. */
  readonly issues: readonly SyntaxIssue[];
}

const STATEMENT_HELP = 'a line holds one statement: a rule such as `bash "git *" allow`, or `default`, `scope`, `include`, `set` or `test`';

/**
 * Parses a whole file. Each line is parsed on its own, which is the
 * statement-level re-sync point of the error recovery: a problem on one line
 * never hides a problem on another, so one run reports all of them.
 */
export function parsePerm(text: string): PermSyntax {
  const lexed = permLexer().tokenize(text);
  const issues: SyntaxIssue[] = lexed.errors.map((e) => ({
    start: e.offset,
    end: e.offset + Math.max(1, e.length),
    message: `unexpected character ${JSON.stringify(text.slice(e.offset, e.offset + Math.max(1, e.length)))}`,
    help: STATEMENT_HELP,
  }));
  const lines: IToken[][] = [[]];
  for (const t of lexed.tokens) {
    if (t.tokenType === Newline) lines.push([]);
    else lines[lines.length - 1]!.push(t);
  }
  const statements: Statement[] = [];
  const starts = lineStarts(text);
  for (const tokens of lines) {
    if (tokens.length === 0) continue;
    const bad = tokens.find((t) => t.tokenType === BadString);
    if (bad) {
      issues.push(badStringIssue(bad));
      continue;
    }
    const parser = permParser();
    parser.input = tokens;
    const cst = parser.statement();
    if (parser.errors.length > 0) {
      issues.push(...parser.errors.map((e) => parseIssue(e, tokens)));
      continue;
    }
    const statement = toStatement(cst);
    statements.push(statement);
  }
  const comments = ((lexed.groups["comments"] ?? []) as IToken[]).map((t) => ({
    text: t.image,
    start: t.startOffset,
    end: t.startOffset + t.image.length,
    trailing: text.slice(starts[lineIndex(starts, t.startOffset)]!, t.startOffset).trim() !== "",
  }));
  issues.sort((a, b) => a.start - b.start);
  return { statements, comments, issues };
}

function badStringIssue(t: IToken): SyntaxIssue {
  const image = t.image;
  const closed = image.length > 1 && image.endsWith('"') && !image.endsWith('\\"');
  const badEscape = /\\(?!["\\/bfnrt]|u[0-9a-fA-F]{4})./.exec(image);
  const control = /[\u0000-\u001f]/.exec(image);
  const range = { start: t.startOffset, end: t.startOffset + image.length };
  if (badEscape) {
    return {
      start: t.startOffset + badEscape.index,
      end: t.startOffset + badEscape.index + badEscape[0].length,
      message: `invalid escape \`${badEscape[0]}\` in a string`,
      help: 'strings use JSON escapes: \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX; write a backslash as \\\\',
    };
  }
  if (control) {
    return {
      start: t.startOffset + control.index,
      end: t.startOffset + control.index + 1,
      message: "raw control character in a string",
      help: "write a tab as \\t",
    };
  }
  if (!closed) return { ...range, message: "unterminated string", help: 'close the string with `"` on the same line' };
  return { ...range, message: "invalid string", help: "strings are JSON strings" };
}

const TOKEN_WORDS: Readonly<Record<string, string>> = {
  StringLiteral: "a quoted string",
  Word: "a word",
  Arrow: "`->`",
  NumberLiteral: "a number",
  LBrace: "`{`",
  RBrace: "`}`",
  LBracket: "`[`",
  RBracket: "`]`",
  Colon: "`:`",
  Comma: "`,`",
};

function parseIssue(e: IRecognitionException, tokens: readonly IToken[]): SyntaxIssue {
  const t = e.token;
  const atEnd = t.tokenType.name === "EOF" || Number.isNaN(t.startOffset);
  const last = tokens[tokens.length - 1]!;
  const start = atEnd ? last.startOffset + last.image.length : t.startOffset;
  const end = atEnd ? start : t.startOffset + t.image.length;
  const found = atEnd ? "the end of the line" : `\`${t.image}\``;
  // The message of a mismatched token is the expected token type's name (parser.ts EXPECTED_TOKEN_MESSAGES).
  const expected = e.name === "MismatchedTokenException" ? e.message : undefined;
  if (e.name === "NotAllInputParsedException") {
    const help =
      tokens.some((x) => x.image === "deny") && looksLikeReason(t.image)
        ? 'a deny reason is the string right after `deny`: write `deny "…"`, with no `reason` key'
        : "one statement per line; a trailing comment starts with `#`";
    return { start, end, message: `unexpected ${found} after the end of the statement`, help };
  }
  if (expected) {
    const want = expected === "Word" ? wordRole(tokens) : (TOKEN_WORDS[expected] ?? `\`${expected.toLowerCase()}\``);
    return { start, end, message: `expected ${want}, found ${found}`, help: helpFor(tokens) };
  }
  if (tokens[0]?.image === "set") return { start, end, message: `expected a JSON value, found ${found}`, help: helpFor(tokens) };
  return { start, end, message: atEnd ? "the statement ends too early" : `unexpected ${found}`, help: helpFor(tokens) };
}

/** `reason`, `reson`, `raeson`…: a JSON deny object's key written into a rule (starts with r, all but one letter from `reason`). */
function looksLikeReason(word: string): boolean {
  const w = word.toLowerCase();
  return w.length >= 4 && w.length <= 7 && w[0] === "r" && [...w].filter((c) => "reason".includes(c)).length >= w.length - 1;
}

function wordRole(tokens: readonly IToken[]): string {
  switch (tokens[0]?.image) {
    case "scope":
      return "a scope name";
    case "set":
      return "a knob name";
    default:
      return "an action (`allow`, `ask` or `deny`)";
  }
}

function helpFor(tokens: readonly IToken[]): string {
  switch (tokens[0]?.image) {
    case "scope":
      return "write `scope global` (or project, agent, project-agent)";
    case "default":
      return "write `default ask` (or allow, deny)";
    case "include":
      return 'write `include "other.perm"`';
    case "set":
      return "write `set <knob> <JSON value>`, e.g. `set yoloMode false`";
    case "test":
      return 'write `test bash "git status" -> allow`';
    default:
      return 'a rule is `<surface> "<pattern>" <action> ["<deny reason>"]`, or `<surface> <action>` for every value';
  }
}

// ---- CST → syntax tree ----

type Children = Record<string, CstElement[] | undefined>;

function tok(c: Children, name: string, i = 0): IToken | undefined {
  return c[name]?.[i] as IToken | undefined;
}
function node(c: Children, name: string, i = 0): CstNode | undefined {
  return c[name]?.[i] as CstNode | undefined;
}
function range(t: IToken): Range {
  return { start: t.startOffset, end: t.startOffset + t.image.length };
}
function word(t: IToken): Word {
  return { ...range(t), text: t.image };
}
function str(t: IToken): Str {
  return { ...range(t), value: JSON.parse(t.image) as string, raw: t.image };
}
function nameOf(n: CstNode): Name {
  const c = n.children as Children;
  const w = tok(c, "Word");
  if (w) return { ...range(w), value: w.image, quoted: false };
  const s = tok(c, "StringLiteral")!;
  return { ...range(s), value: JSON.parse(s.image) as string, quoted: true };
}

function toStatement(cst: CstNode): Statement {
  const [kind, inner] = Object.entries(cst.children)[0]! as [string, CstNode[]];
  const n = inner[0]!;
  const c = n.children as Children;
  const all = tokensOf(n);
  const span = { start: all[0]!.startOffset, end: all[all.length - 1]!.startOffset + all[all.length - 1]!.image.length };
  switch (kind) {
    case "scopeStatement":
      return { kind: "scope", ...span, name: word(tok(c, "Word")!) };
    case "defaultStatement":
      return { kind: "default", ...span, action: word(tok(c, "Word")!) };
    case "includeStatement":
      return { kind: "include", ...span, path: str(tok(c, "StringLiteral")!) };
    case "setStatement":
      return { kind: "set", ...span, key: word(tok(c, "Word")!), value: toJson(node(c, "json")!) };
    case "testStatement":
      if (node(c, "tool")) {
        return {
          kind: "toolTest",
          ...span,
          keyword: nameOf(node(c, "name")!),
          tool: nameOf(node(c, "tool")!),
          input: toJson(node(c, "json")!),
          expect: word(tok(c, "Word")!),
        };
      }
      return { kind: "test", ...span, surface: nameOf(node(c, "name")!), value: str(tok(c, "StringLiteral")!), expect: word(tok(c, "Word")!) };
    default: {
      const pattern = tok(c, "pattern");
      const reason = tok(c, "reason");
      return {
        kind: "rule",
        ...span,
        surface: nameOf(node(c, "name")!),
        ...(pattern ? { pattern: str(pattern) } : {}),
        action: word(tok(c, "action")!),
        ...(reason ? { reason: str(reason) } : {}),
      };
    }
  }
}

function toJson(n: CstNode): Json {
  const c = n.children as Children;
  const s = tok(c, "StringLiteral");
  if (s) return { kind: "string", ...range(s), value: JSON.parse(s.image) as string };
  const num = tok(c, "NumberLiteral");
  if (num) return { kind: "number", ...range(num), value: Number(num.image), raw: num.image };
  const t = tok(c, "True") ?? tok(c, "False");
  if (t) return { kind: "boolean", ...range(t), value: t.image === "true" };
  const nul = tok(c, "Null");
  if (nul) return { kind: "null", ...range(nul) };
  const list = node(c, "jsonList");
  const all = tokensOf(n);
  const span = { start: all[0]!.startOffset, end: all[all.length - 1]!.startOffset + all[all.length - 1]!.image.length };
  if (list) return { kind: "list", ...span, items: ((list.children as Children)["json"] ?? []).map((j) => toJson(j as CstNode)) };
  const map = node(c, "jsonMap")!;
  const mc = map.children as Children;
  const keys = (mc["StringLiteral"] ?? []) as IToken[];
  const values = (mc["json"] ?? []) as CstNode[];
  return { kind: "map", ...span, entries: keys.map((k, i) => ({ key: str(k), value: toJson(values[i]!) })) };
}

function tokensOf(n: CstNode): IToken[] {
  const out: IToken[] = [];
  for (const list of Object.values(n.children)) {
    for (const el of list ?? []) {
      if ("tokenType" in el) out.push(el);
      else out.push(...tokensOf(el));
    }
  }
  return out.sort((a, b) => a.startOffset - b.startOffset);
}

/** True when a surface name can be written without quotes. */
export function isBareName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_\-.*?]*$/.test(name) && !KEYWORDS.includes(name);
}

// Tokens of the permc rule language (`.perm`). One statement per line, so the newline is a token.
import type { TokenType } from "chevrotain";
import { createToken, Lexer } from "./chevrotain.js";

export const WhiteSpace = createToken({ name: "WhiteSpace", pattern: /[ \t\r]+/, group: Lexer.SKIPPED });
export const Newline = createToken({ name: "Newline", pattern: /\n/, line_breaks: true });
/** Kept in their own group so the formatter can put them back. */
export const Comment = createToken({ name: "Comment", pattern: /#[^\n]*/, group: "comments" });

/** A JSON string literal: the escapes JSON allows, no raw control characters. */
export const StringLiteral = createToken({
  name: "StringLiteral",
  pattern: /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/,
});
/**
 * A quote that does not open a valid JSON string (bad escape, raw tab, no
 * closing quote): lexed as one token up to the end of the line so the reader
 * can say exactly that, instead of a cascade of lexer errors.
 */
export const BadString = createToken({ name: "BadString", pattern: /"(?:[^"\\\n]|\\[^\n])*"?/ });

export const Arrow = createToken({ name: "Arrow", pattern: /->/ });
export const LBrace = createToken({ name: "LBrace", pattern: /\{/ });
export const RBrace = createToken({ name: "RBrace", pattern: /\}/ });
export const LBracket = createToken({ name: "LBracket", pattern: /\[/ });
export const RBracket = createToken({ name: "RBracket", pattern: /\]/ });
export const Colon = createToken({ name: "Colon", pattern: /:/ });
export const Comma = createToken({ name: "Comma", pattern: /,/ });

/** A bare word: a surface name (wildcards allowed), an action, a knob or scope name. */
export const Word = createToken({ name: "Word", pattern: /[^\s"#{}[\]:,]+/ });
export const NumberLiteral = createToken({ name: "NumberLiteral", pattern: /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/, longer_alt: Word });

const keywordWords: string[] = [];
/** A reserved word; its token is named like the word, capitalised (`set` → `Set`), which parse errors report. */
function keyword(word: string): TokenType {
  keywordWords.push(word);
  return createToken({ name: word[0]!.toUpperCase() + word.slice(1), pattern: new RegExp(word), longer_alt: Word });
}
export const Scope = keyword("scope");
export const Default = keyword("default");
export const Include = keyword("include");
/** `set`; not called `Set`, which would shadow the global. */
export const SetKeyword = keyword("set");
export const Test = keyword("test");
export const True = keyword("true");
export const False = keyword("false");
export const Null = keyword("null");

/** Words that start a statement or a JSON literal; a surface with one of these names is written quoted. */
export const KEYWORDS: readonly string[] = keywordWords;

export const ALL_TOKENS: TokenType[] = [
  WhiteSpace,
  Newline,
  Comment,
  StringLiteral,
  BadString,
  Arrow,
  LBrace,
  RBrace,
  LBracket,
  RBracket,
  Colon,
  Comma,
  Scope,
  Default,
  Include,
  SetKeyword,
  Test,
  True,
  False,
  Null,
  NumberLiteral,
  Word,
];

let lexer: InstanceType<typeof Lexer> | undefined;
/** The lexer, built on first use (not at import: it is part of a cold start). */
export function permLexer(): InstanceType<typeof Lexer> {
  lexer ??= new Lexer(ALL_TOKENS, { positionTracking: "onlyOffset", ensureOptimizations: false });
  return lexer;
}

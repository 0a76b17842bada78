// The grammar of one `.perm` statement. The reader parses line by line (see index.ts), so a
// broken line never hides the errors of the next one.
import type { CstNode, IParserErrorMessageProvider } from "chevrotain";
import { CstParser } from "./chevrotain.js";
import {
  ALL_TOKENS,
  Arrow,
  BadString,
  Colon,
  Comma,
  Default,
  False,
  Include,
  LBrace,
  LBracket,
  Null,
  NumberLiteral,
  RBrace,
  RBracket,
  Scope,
  SetKeyword,
  StringLiteral,
  Test,
  True,
  Word,
} from "./tokens.js";

/**
 * statement := "scope" Word
 *            | "default" Word
 *            | "include" String
 *            | "set" Word json
 *            | "test" name String "->" Word
 *            | "test" "tool" name jsonMap "->" Word     (a full tool call through every gate)
 *            | name String? Word String?          (surface, pattern, action, deny reason)
 * name      := Word | String
 * json      := String | Number | true | false | null | "[" (json ("," json)*)? "]"
 *            | "{" (String ":" json ("," String ":" json)*)? "}"
 */
/**
 * The parser's error messages carry only what the reader needs to word its
 * own (index.ts `parseIssue`): a mismatched token's message is the name of
 * the token type it expected; the others are empty. The reader never parses
 * chevrotain's prose, which may change between releases.
 */
export const EXPECTED_TOKEN_MESSAGES: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected }) => expected.name,
  buildNotAllInputParsedMessage: () => "",
  buildNoViableAltMessage: () => "",
  buildEarlyExitMessage: () => "",
};

export class PermParser extends CstParser {
  constructor() {
    // Recovery inside a line: chevrotain inserts or deletes single tokens and re-syncs,
    // so one line can report more than one problem; the reader drops recovered statements.
    super(ALL_TOKENS, { recoveryEnabled: true, maxLookahead: 2, errorMessageProvider: EXPECTED_TOKEN_MESSAGES });
    this.performSelfAnalysis();
  }

  statement = this.RULE("statement", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.scopeStatement) },
      { ALT: () => this.SUBRULE(this.defaultStatement) },
      { ALT: () => this.SUBRULE(this.includeStatement) },
      { ALT: () => this.SUBRULE(this.setStatement) },
      { ALT: () => this.SUBRULE(this.testStatement) },
      { ALT: () => this.SUBRULE(this.ruleStatement) },
    ]);
  });

  scopeStatement = this.RULE("scopeStatement", () => {
    this.CONSUME(Scope);
    this.CONSUME(Word);
  });

  defaultStatement = this.RULE("defaultStatement", () => {
    this.CONSUME(Default);
    this.CONSUME(Word);
  });

  includeStatement = this.RULE("includeStatement", () => {
    this.CONSUME(Include);
    this.CONSUME(StringLiteral);
  });

  setStatement = this.RULE("setStatement", () => {
    this.CONSUME(SetKeyword);
    this.CONSUME(Word);
    this.SUBRULE(this.json);
  });

  testStatement = this.RULE("testStatement", () => {
    this.CONSUME(Test);
    this.SUBRULE(this.name);
    // A quoted value unless a `{` follows (then it is a quoted tool name with its input);
    // choosing by that keeps the "expected `->`" error for `test bash "x" allow`.
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.LA(2).tokenType !== LBrace, ALT: () => this.CONSUME(StringLiteral) },
        {
          ALT: () => {
            this.SUBRULE2(this.name, { LABEL: "tool" });
            this.SUBRULE(this.json);
          },
        },
      ],
    });
    this.CONSUME(Arrow);
    this.CONSUME(Word);
  });

  ruleStatement = this.RULE("ruleStatement", () => {
    this.SUBRULE(this.name);
    this.OPTION(() => this.CONSUME(StringLiteral, { LABEL: "pattern" }));
    this.CONSUME(Word, { LABEL: "action" });
    this.OPTION2(() => this.CONSUME2(StringLiteral, { LABEL: "reason" }));
  });

  name = this.RULE("name", () => {
    this.OR([{ ALT: () => this.CONSUME(Word) }, { ALT: () => this.CONSUME(StringLiteral) }]);
  });

  json = this.RULE("json", () => {
    this.OR([
      { ALT: () => this.CONSUME(StringLiteral) },
      { ALT: () => this.CONSUME(NumberLiteral) },
      { ALT: () => this.CONSUME(True) },
      { ALT: () => this.CONSUME(False) },
      { ALT: () => this.CONSUME(Null) },
      { ALT: () => this.SUBRULE(this.jsonList) },
      { ALT: () => this.SUBRULE(this.jsonMap) },
    ]);
  });

  jsonList = this.RULE("jsonList", () => {
    this.CONSUME(LBracket);
    this.MANY_SEP({ SEP: Comma, DEF: () => this.SUBRULE(this.json) });
    this.CONSUME(RBracket);
  });

  jsonMap = this.RULE("jsonMap", () => {
    this.CONSUME(LBrace);
    this.MANY_SEP({
      SEP: Comma,
      DEF: () => {
        this.CONSUME(StringLiteral);
        this.CONSUME(Colon);
        this.SUBRULE(this.json);
      },
    });
    this.CONSUME(RBrace);
  });
}

export type { CstNode };
let parser: PermParser | undefined;
/** One parser per process, built on first use (not at import: it is part of a cold start): chevrotain parsers are reusable by resetting `input`. */
export function permParser(): PermParser {
  parser ??= new PermParser();
  return parser;
}
export { BadString };

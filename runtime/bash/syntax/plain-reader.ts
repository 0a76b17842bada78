/**
 * What the readers of one plain command share (plain-syntax.ts): the cursor,
 * and what a reader leaves for the one that called it — the redirects after
 * the command just read, the longest pipeline and the compound ending of the
 * statement just read, and what ends the statements being read.
 *
 * The statement readers (plain-pipelines.ts, plain-command.ts,
 * plain-substitutions.ts) take a `PlainReader`; reading a list of statements
 * (plain-statements.ts) is what they call back into, so it is abstract here:
 * they need not import the file that imports them.
 */
import { CLOSING_WORDS, type Closer, PAREN, type StatementReader, startsReservedWord } from "./plain-compounds.js";
import { NEWLINE, PlainCursor } from "./plain-cursor.js";
import { startsComment } from "./plain-comments.js";
import { operatorAt } from "./plain-operators.js";
import type { SyntaxNode } from "./syntax.js";

const CLOSE_PAREN = 0x29;

export abstract class PlainReader implements StatementReader {
  readonly cur: PlainCursor;
  /** The redirects after the last command read (plain-command.ts, plain-pipelines.ts), or null. */
  redirects: SyntaxNode[] | null = null;
  /** The most commands piped together in the last statement read (plain-pipelines.ts). */
  longestPipeline = 0;
  /** The last statement read ends with a compound command (and maybe its redirects). */
  endsWithCompound = false;
  /** How many `$(` and `(` are open: inside one, a word ends at a `)`. */
  depth = 0;
  /** What ends the statements being read, innermost last: the `)` of a `$(` or a subshell, or a closing word (`done`, `fi`, `}`, …). */
  readonly closers: Closer[] = [];

  constructor(src: string) {
    this.cur = new PlainCursor(src);
  }

  /**
   * Whether a command ends at the cursor: the end, an operator, a newline, a
   * comment, or the `)` of an open `$(`. A bound function, made once per
   * text: the cursor and the `export` reader take it as a callback.
   */
  readonly endsCommand = (): boolean => {
    const cur = this.cur;
    return (
      cur.at === cur.end ||
      operatorAt(cur, cur.at) !== null ||
      cur.code(cur.at) === NEWLINE ||
      startsComment(cur) ||
      (this.depth > 0 && cur.code(cur.at) === CLOSE_PAREN)
    );
  };

  /** Whether the statements being read end at the cursor: the end of the text, the `)` of the innermost `$(` or subshell, or a closing word. */
  atEnd(): boolean {
    const closer = this.closers[this.closers.length - 1];
    if (closer === undefined) return this.cur.at === this.cur.end;
    return closer === PAREN ? this.cur.code(this.cur.at) === CLOSE_PAREN : this.closes(closer);
  }

  /** Whether one of `closer`'s words stands at the cursor. */
  closes(closer: Closer): boolean {
    for (const word of CLOSING_WORDS[closer]) if (startsReservedWord(this.cur, word)) return true;
    return false;
  }

  abstract statementsUntil(closer: Closer): SyntaxNode[] | null;
  abstract statementsUntilParen(): SyntaxNode[] | null;
}

/**
 * A reading position in a command, shared by the readers of the plain
 * fragment (plain-reader.ts, plain-words.ts, plain-redirects.ts): each reads
 * its piece of text at `at` and moves it past what it read.
 */

import type { SyntaxNode } from "./syntax.js";

const SPACE = 0x20;
const TAB = 0x09;
export const NEWLINE = 0x0a;

export class PlainCursor {
  /** The UTF-16 offset of the next character to read. */
  at = 0;
  readonly end: number;
  /**
   * Reads the `$(…)` whose `$` is at `at` into a node starting at
   * `tokenStart`, or returns null. Set by plain-statements.ts, which reads
   * statements: the word readers reach it through here, not by an import
   * (that would be a cycle).
   */
  readSubstitution: ((tokenStart: number) => SyntaxNode | null) | null = null;
  /** Reads the `<(…)` or `>(…)` at `at`, or returns null; set by plain-statements.ts, as readSubstitution is. */
  readProcessSubstitution: (() => SyntaxNode | null) | null = null;

  constructor(readonly src: string) {
    this.end = src.length;
  }

  /** The character code at `offset`, or -1 past the end (so a lookahead needs no bounds check). */
  code(offset: number): number {
    return offset < this.end ? this.src.charCodeAt(offset) : -1;
  }

  /** Move past spaces and tabs (a newline ends a statement: see skipBlanksAndNewlines). */
  skipBlanks(): void {
    while (this.at < this.end) {
      const c = this.src.charCodeAt(this.at);
      if (c !== SPACE && c !== TAB) return;
      this.at++;
    }
  }

  /**
   * Moves past the blanks before a command's next item: "end" when the
   * command ends there (the cursor left before the blanks), "item" when an
   * item follows a blank, "glued" when something follows with no blank.
   */
  nextItem(endsCommand: () => boolean): "end" | "item" | "glued" {
    const save = this.at;
    this.skipBlanks();
    if (endsCommand()) {
      this.at = save;
      return "end";
    }
    return this.at === save ? "glued" : "item";
  }

  /** Move past spaces, tabs and newlines, where a statement may start. */
  skipBlanksAndNewlines(): void {
    while (this.at < this.end) {
      const c = this.src.charCodeAt(this.at);
      if (c !== SPACE && c !== TAB && c !== NEWLINE) return;
      this.at++;
    }
  }
}

/** A character that may start a shell name (a variable's): a letter or `_`. */
export function startsName(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

/** A character that may continue a shell name: a letter, a digit or `_`. */
export function continuesName(c: number): boolean {
  return startsName(c) || (c >= 0x30 && c <= 0x39);
}

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

export function isBlank(c: number): boolean {
  return c === SPACE || c === TAB;
}

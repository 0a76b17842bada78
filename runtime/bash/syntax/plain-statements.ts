/**
 * Lists of statements in the plain fragment (plain-syntax.ts): the whole
 * text, the body of a `$(…)` or a subshell up to its `)`, or of a compound
 * command up to its closing word, each statement (plain-pipelines.ts) ended
 * by `;`, `&` or a newline, with the comments among them
 * (plain-comments.ts). Every other reader reaches these lists through
 * `PlainReader` (plain-reader.ts), which `StatementListReader` completes.
 */
import { commentAt, commentLinesInto, startsComment } from "./plain-comments.js";
import { type Closer, PAREN } from "./plain-compounds.js";
import { NEWLINE } from "./plain-cursor.js";
import { operatorAt } from "./plain-operators.js";
import { statementAt } from "./plain-pipelines.js";
import { PlainReader } from "./plain-reader.js";
import { processSubstitutionAt, substitutionAt } from "./plain-substitutions.js";
import { SyntaxNode } from "./syntax.js";

const CLOSE_PAREN = 0x29;

/** `$(` nested deeper than this is left to tree-sitter (and the split's own limits): the reader recurses once per level. */
export const MAX_PLAIN_NESTING = 32;

/** The reader of one text: PlainReader's state, with the lists of statements its readers call back into. */
export class StatementListReader extends PlainReader {
  constructor(src: string) {
    super(src);
    // The word readers reach `$(…)` and `<(…)` through the cursor: they are below this file.
    this.cur.readSubstitution = (tokenStart) => substitutionAt(this, tokenStart);
    this.cur.readProcessSubstitution = () => processSubstitutionAt(this);
  }

  /** Statements up to one of `closer`'s words, or null when there are none or they do not end there. */
  statementsUntil(closer: Closer): SyntaxNode[] | null {
    if (this.closers.length >= MAX_PLAIN_NESTING) return null;
    this.cur.skipBlanksAndNewlines();
    this.closers.push(closer);
    const empty = this.atEnd();
    const outerPipeline = this.longestPipeline;
    const statements = empty ? null : statementsAt(this);
    this.longestPipeline = outerPipeline;
    this.closers.pop();
    return statements !== null && this.closes(closer) ? statements : null;
  }

  /** Statements up to a `)` (not read), inside which a word ends at a `)`; null when there are none or they do not end there. */
  statementsUntilParen(): SyntaxNode[] | null {
    const { cur } = this;
    cur.skipBlanksAndNewlines();
    if (cur.code(cur.at) === CLOSE_PAREN || this.closers.length >= MAX_PLAIN_NESTING) return null;
    // The statement around this one is still being read: keep what it has counted.
    const outerPipeline = this.longestPipeline;
    this.depth++;
    this.closers.push(PAREN);
    const statements = statementsAt(this);
    this.closers.pop();
    this.depth--;
    this.longestPipeline = outerPipeline;
    return statements !== null && cur.code(cur.at) === CLOSE_PAREN ? statements : null;
  }
}

/**
 * Statements up to the end of the text, or of the open `$(` (its `)` not
 * read), with the comments among them: tree-sitter gives a comment its own
 * node beside the statements, whether it fills a line or ends one.
 */
export function statementsAt(r: PlainReader): SyntaxNode[] | null {
  const { cur } = r;
  const statements: SyntaxNode[] = [];
  let read = false;
  for (;;) {
    if (!commentLinesInto(cur, statements)) return null;
    // Comments alone, with no statement, are left to tree-sitter.
    if (r.atEnd()) {
      if (!read) return null;
      break;
    }
    const statement = statementAt(r);
    if (statement === null) return null;
    statements.push(statement);
    read = true;
    // `done done`, `fi fi`: tree-sitter wants a `;` or a newline after a compound command before a closing word.
    if (r.endsWithCompound && r.closers.length > 0 && r.closers[r.closers.length - 1] !== PAREN && r.atEnd()) return null;
    if (startsComment(cur)) {
      const comment = commentAt(cur);
      if (comment === null) return null;
      statements.push(comment);
    }
    if (r.atEnd()) break;
    // A newline ends a statement as `;` does, but tree-sitter gives it no node.
    if (cur.code(cur.at) === NEWLINE) {
      // tree-sitter reads on past a newline after three piped commands (misread-tree.ts): left to it, which asks.
      if (r.longestPipeline >= 3) return null;
    } else {
      // `;` ends a statement, `&` too, running it in the background: tree-sitter gives each a node.
      const end = operatorAt(cur, cur.at);
      if (end !== ";" && end !== "&") return null;
      statements.push(new SyntaxNode(end, false, cur.at, cur.at + 1));
      cur.at++;
    }
    cur.skipBlanksAndNewlines();
  }
  return statements;
}

/**
 * The budgets that keep a split linear in the input. Each bounds one way a
 * hostile command could make the analysis grow faster than its length
 * (re-parsed payloads, nested wrappers, overlapping unit texts). Past any
 * of them the split stops adding and the command is unparseable: `ask`, in
 * bounded time and memory, never a partial `allow`.
 */

/** Longest command parsed, in UTF-16 units; a longer one is `tooLarge` and not parsed. */
export const DEFAULT_MAX_LENGTH = 100_000;
/** Nesting of re-parsed shell source (`bash -c "bash -c '…'"`). */
export const MAX_DEPTH = 8;
/** Re-parses per split (payloads, reparsed backticks). */
export const MAX_SUBPARSES = 256;
/** Characters re-parsed per split, per character of the command … */
export const SUBPARSE_CHARS_PER_CHAR = 4;
/** … and at least this many, so a short command may still hold a long payload. */
export const MIN_SUBPARSE_CHARS = 100_000;
/** Units per split. */
export const MAX_UNITS = 200_000;
/**
 * Unit texts may overlap (a nested substitution's unit holds the next one),
 * so their total length can grow with the square of the input. Past this
 * many characters per input character (or `MIN_UNIT_TEXT_BUDGET` for short
 * inputs) the split stops.
 */
export const UNIT_TEXT_PER_CHAR = 16;
export const MIN_UNIT_TEXT_BUDGET = 1_000_000;
/** Commands one simple command may unwrap to (`sudo env nice timeout …`), itself included. */
export const MAX_UNWRAP_STEPS = 64;

/** What re-parsing has used so far in one split. */
export interface Budget {
  parses: number;
  chars: number;
  readonly maxChars: number;
}

export function budgetFor(commandLength: number): Budget {
  return { parses: 0, chars: 0, maxChars: Math.max(SUBPARSE_CHARS_PER_CHAR * commandLength, MIN_SUBPARSE_CHARS) };
}

export function unitTextBudgetFor(commandLength: number): number {
  return Math.max(UNIT_TEXT_PER_CHAR * commandLength, MIN_UNIT_TEXT_BUDGET);
}

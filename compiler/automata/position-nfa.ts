/**
 * The union of a group's patterns as one position automaton. Pattern k with m
 * tokens owns positions offset[k] .. offset[k] + m; position i means "the
 * next token to match is token i", and offset[k] + m accepts. Positions are
 * laid out in priority order, so a higher position always belongs to a
 * pattern that wins over every lower one; the subset construction relies on
 * that to find winners and to prune by scanning a sorted set from the top.
 */
import type { Alphabet } from "./alphabet.js";
import { ANY, STAR, type ParsedPattern } from "./parse-pattern.js";

/** Token kinds of a position besides a literal's class id (>= 0). */
export const POS_ANY = -1;
export const POS_STAR = -2;
export const POS_END = -3;

export interface PositionNfa {
  readonly size: number;
  readonly classCount: number;
  /** Class id of the literal at this position, or POS_ANY / POS_STAR / POS_END. */
  readonly token: Int32Array;
  /** The one epsilon move out of a position (past a star, or over the optional tail), or -1. */
  readonly skip: Int32Array;
  /**
   * 1 on a star that only stars follow: from there the pattern accepts every
   * continuation, so no lower-priority pattern can ever win again.
   */
  readonly sticky: Uint8Array;
  /** The pattern's payload on its accepting position, else -1. */
  readonly payload: Int32Array;
  /** First position of each pattern. */
  readonly starts: Int32Array;
  /** Index (in priority order) of the pattern each position belongs to. */
  readonly pattern: Int32Array;
}

/** `patterns` and `payloads` are in priority order, lowest first. */
export function buildPositionNfa(patterns: readonly ParsedPattern[], payloads: readonly number[], alphabet: Alphabet): PositionNfa {
  let size = 0;
  for (const p of patterns) size += p.tokens.length + 1;
  const token = new Int32Array(size);
  const skip = new Int32Array(size).fill(-1);
  const sticky = new Uint8Array(size);
  const payload = new Int32Array(size).fill(-1);
  const starts = new Int32Array(patterns.length);
  const pattern = new Int32Array(size);
  let offset = 0;
  patterns.forEach((p, k) => {
    const m = p.tokens.length;
    starts[k] = offset;
    pattern.fill(k, offset, offset + m + 1);
    for (let i = 0; i < m; i++) {
      const t = p.tokens[i]!;
      if (t === STAR) {
        token[offset + i] = POS_STAR;
        skip[offset + i] = offset + i + 1;
      } else {
        token[offset + i] = t === ANY ? POS_ANY : alphabet.classOfLiteral[t]!;
      }
    }
    if (p.optionalTailFrom >= 0) skip[offset + p.optionalTailFrom] = offset + m;
    // Stars are merged, so only the last token can be a trailing star.
    if (m > 0 && p.tokens[m - 1] === STAR) sticky[offset + m - 1] = 1;
    token[offset + m] = POS_END;
    payload[offset + m] = payloads[k]!;
    offset += m + 1;
  });
  return { size, classCount: alphabet.classCount, token, skip, sticky, payload, starts, pattern };
}

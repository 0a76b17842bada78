/**
 * Sorts patterns by shape into the parts of a matcher (runtime/matcher.ts),
 * so that no part holds two shapes whose union a DFA can only represent
 * with product states.
 *
 * Why shapes multiply: a DFA state is the set of pattern positions still
 * alive. A prefix trie keeps that set small (one branch at a time); an
 * unanchored pattern (leading `*`) is alive everywhere, so in the same DFA
 * every trie state also carries the unanchored patterns' progress, and
 * several unanchored sticky patterns carry each other's "already matched"
 * flags. Kept apart, each part stays about as large as its patterns:
 * - anchored: no leading star and no inner star (`git push *`, `ls`, `a?c`):
 *   a trie, final mode, settles early;
 * - anchoredSticky: anchored, an inner star, ends in a star (`git * --force*`):
 *   register mode, built without the final star;
 * - anchoredFinal: anchored, an inner star, no final star (`cp * /etc/x`): final;
 * - unanchoredSticky: leading and final star (`*--force*`, `*a*b*`): register
 *   mode, built without the final star: for literal factors this is the
 *   Aho–Corasick automaton of the factors, with outputs as accepts;
 * - unanchoredFinal: leading star, no final star (`*.env`, `*a*b`): final.
 * Sticky pieces of several literal factors after stars (`*a*b*`,
 * `git * --x * --y*`) are taken out of both sticky kinds into one sequence
 * part (sequence.ts): in a DFA each would carry a "seen a" flag, and n of
 * them 2^n flag combinations.
 * `*` itself matches everything: it joins the anchored part, where it costs
 * nothing (it is the accept of every state no other rule claims).
 *
 * A trailing `" *"` is optional (`git *` also matches `git`). Such a
 * pattern outside the anchored part is the union of two pieces with the same
 * rank: the pattern without the tail (final) and the pattern with it (sticky).
 *
 * Invariant: a value matches pattern k iff it matches some piece of k, and
 * a register piece (final star removed) matches some prefix of the value iff
 * the sticky piece matches the value. Every piece keeps its pattern's rank.
 */
import { STAR, type ParsedPattern } from "./parse-pattern.js";

export const KIND_ANCHORED = 0;
export const KIND_ANCHORED_FINAL = 1;
export const KIND_ANCHORED_STICKY = 2;
export const KIND_UNANCHORED_FINAL = 3;
export const KIND_UNANCHORED_STICKY = 4;
export const KIND_COUNT = 5;

/** Kinds whose parts run in register mode. */
export function isRegisterKind(kind: number): boolean {
  return kind === KIND_ANCHORED_STICKY || kind === KIND_UNANCHORED_STICKY;
}

export interface Piece {
  readonly kind: number;
  /** As the final-mode DFA needs it (a sticky piece keeps its final star). */
  readonly parsed: ParsedPattern;
  /** Rank of the pattern: its index in the priority-ordered list. */
  readonly rank: number;
}

function plain(tokens: Int32Array): ParsedPattern {
  return { tokens, optionalTailFrom: -1 };
}

function kindOf(tokens: Int32Array): number {
  const m = tokens.length;
  const lead = m > 0 && tokens[0] === STAR;
  const trail = m > 0 && tokens[m - 1] === STAR;
  let inner = false;
  for (let i = 1; i < m - 1; i++) if (tokens[i] === STAR) inner = true;
  if (lead && m === 1) return KIND_ANCHORED; // `*`
  if (lead) return trail ? KIND_UNANCHORED_STICKY : KIND_UNANCHORED_FINAL;
  if (!inner) return KIND_ANCHORED;
  return trail ? KIND_ANCHORED_STICKY : KIND_ANCHORED_FINAL;
}

/** The pieces of one pattern (one or two), all with `rank`. */
export function decompose(p: ParsedPattern, rank: number): Piece[] {
  const whole = kindOf(p.tokens);
  if (p.optionalTailFrom < 0 || whole === KIND_ANCHORED) return [{ kind: whole, parsed: p, rank }];
  // `X *`: X itself, and X followed by a space and anything (sticky).
  const without = p.tokens.subarray(0, p.optionalTailFrom).slice();
  return [
    { kind: kindOf(without), parsed: plain(without), rank },
    { kind: kindOf(p.tokens), parsed: plain(p.tokens), rank },
  ];
}

/** A sticky piece without its final star: what its register-mode part is built from. */
export function withoutFinalStar(p: ParsedPattern): ParsedPattern {
  const m = p.tokens.length;
  return m > 0 && p.tokens[m - 1] === STAR ? plain(p.tokens.slice(0, m - 1)) : p;
}

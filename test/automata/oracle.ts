/**
 * The reference semantics, built literally as the upstream matcher does it:
 * split on `*`, escape regex metacharacters in each piece, turn each escaped
 * `?` into `.`, join with `.*`, make a trailing ` .*` optional, anchor, and
 * use flag `s` (plus `i` when folding) and never `u`. Backtracking: keep
 * patterns short and values small when using it.
 */
import type { PrioritizedPattern } from "../../compiler/automata/index.js";

function escapePiece(piece: string): string {
  return piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll("\\?", ".");
}

export function referenceRegExp(pattern: string, foldCase: boolean): RegExp {
  let source = pattern.split("*").map(escapePiece).join(".*");
  if (source.endsWith(" .*")) source = `${source.slice(0, -3)}( .*)?`;
  return new RegExp(`^${source}$`, foldCase ? "si" : "s");
}

export function referenceMatch(pattern: string, value: string, foldCase = false): boolean {
  return referenceRegExp(pattern, foldCase).test(value);
}

/** Payload of the last pattern that matches, or -1. */
export function referenceWinner(patterns: readonly PrioritizedPattern[], value: string, foldCase = false): number {
  for (let i = patterns.length - 1; i >= 0; i--) {
    if (referenceMatch(patterns[i]!.pattern, value, foldCase)) return patterns[i]!.payload;
  }
  return -1;
}

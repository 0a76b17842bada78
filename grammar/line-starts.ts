/**
 * Offsets where the lines of a source text start, and the line an offset
 * falls on. Spans are offsets everywhere; lines exist only where text is
 * shown to a person (the renderer, the formatter, the comment reader), and
 * all of them number lines this one way: a line starts after each `\n`.
 */

/** Offset of the first character of every line; `[0]` for an empty text. */
export function lineStarts(text: string): Int32Array {
  const list = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) list.push(i + 1);
  return Int32Array.from(list);
}

/** 0-based index of the line holding `offset` (binary search over `starts`). */
export function lineIndex(starts: ArrayLike<number>, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * JavaScript's own-key order, which the reference inherits from `JSON.parse`
 * and plain objects and which therefore decides rule order: array-index keys
 * first in ascending numeric order, then the other keys in insertion order.
 */

const MAX_ARRAY_INDEX = 2 ** 32 - 2;

/** A canonical array index: `"0"`, `"7"`, `"42"`, …, below 2^32 − 1, no sign, no leading zero. */
export function isArrayIndexKey(key: string): boolean {
  if (!/^(?:0|[1-9][0-9]*)$/.test(key)) return false;
  return Number(key) <= MAX_ARRAY_INDEX;
}

/** Enumeration order of an object whose (distinct) keys were created in the given order. */
export function ownKeyOrder<T extends { readonly key: string }>(createdInOrder: readonly T[]): T[] {
  const indices = createdInOrder.filter((e) => isArrayIndexKey(e.key)).sort((a, b) => Number(a.key) - Number(b.key));
  return [...indices, ...createdInOrder.filter((e) => !isArrayIndexKey(e.key))];
}

/**
 * The integer-like keys that enumeration moves ahead of a key written before
 * them, each with the first such key it now precedes. Empty when the text
 * order already is the enumeration order.
 */
export function reorderedIndexKeys<T extends { readonly key: string }>(createdInOrder: readonly T[]): { readonly moved: T; readonly ahead: T }[] {
  const out: { moved: T; ahead: T }[] = [];
  let firstOther: T | undefined; // every non-index key enumerates after every index key
  const earlierIndices: T[] = [];
  for (const entry of createdInOrder) {
    if (!isArrayIndexKey(entry.key)) {
      firstOther ??= entry;
      continue;
    }
    const ahead = firstOther ?? earlierIndices.find((e) => Number(e.key) > Number(entry.key));
    if (ahead) out.push({ moved: entry, ahead });
    earlierIndices.push(entry);
  }
  return out;
}

/**
 * The compiler's working DFA: per state a default target plus the classes
 * that go elsewhere ("exceptions"), so memory follows the number of distinct
 * transitions rather than states × classes. Invariants every producer keeps:
 * state 0 is the dead state (accept -1, default 0, no exceptions); a row's
 * exceptions are sorted by class and never point at the row's default.
 */
export interface SparseDfa {
  readonly stateCount: number;
  readonly classCount: number;
  readonly start: number;
  readonly accept: Int32Array;
  readonly defaults: Int32Array;
  /** Exceptions of state q are rowStart[q] .. rowStart[q + 1]. */
  readonly rowStart: Int32Array;
  readonly excClass: Int32Array;
  readonly excTarget: Int32Array;
}

/** Target of q on class c: a binary search in q's exceptions (for tests and tools, not hot loops). */
export function transition(d: SparseDfa, q: number, c: number): number {
  let lo = d.rowStart[q]!;
  let hi = d.rowStart[q + 1]! - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = d.excClass[mid]!;
    if (x === c) return d.excTarget[mid]!;
    if (x < c) lo = mid + 1;
    else hi = mid - 1;
  }
  return d.defaults[q]!;
}

/** Structural equality: same numbering, same tables. */
export function sparseDfaEquals(a: SparseDfa, b: SparseDfa): boolean {
  const same = (x: Int32Array, y: Int32Array): boolean => x.length === y.length && x.every((v, i) => v === y[i]);
  return (
    a.stateCount === b.stateCount &&
    a.classCount === b.classCount &&
    a.start === b.start &&
    same(a.accept, b.accept) &&
    same(a.defaults, b.defaults) &&
    same(a.rowStart, b.rowStart) &&
    same(a.excClass, b.excClass) &&
    same(a.excTarget, b.excTarget)
  );
}

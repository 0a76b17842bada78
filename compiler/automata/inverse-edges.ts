/**
 * The inverse transition lists of a sparse DFA in compressed form: the states
 * with an edge into t are `from[start[t]] … from[start[t + 1] - 1]`, the
 * default edge counted like any other (so a predecessor may repeat). Backward
 * floods (`decided`, stop limits) walk these in O(states + transitions).
 */
import type { SparseDfa } from "./sparse-dfa.js";

export interface InverseEdges {
  readonly start: Int32Array;
  readonly from: Int32Array;
}

export function inverseEdges(d: SparseDfa): InverseEdges {
  const n = d.stateCount;
  const m = d.excTarget.length;
  const start = new Int32Array(n + 1);
  for (let q = 0; q < n; q++) start[d.defaults[q]! + 1]!++;
  for (let e = 0; e < m; e++) start[d.excTarget[e]! + 1]!++;
  for (let t = 0; t < n; t++) start[t + 1]! += start[t]!;
  const fill = start.slice(0, n);
  const from = new Int32Array(n + m);
  for (let q = 0; q < n; q++) {
    from[fill[d.defaults[q]!]!++] = q;
    for (let e = d.rowStart[q]!; e < d.rowStart[q + 1]!; e++) from[fill[d.excTarget[e]!]!++] = q;
  }
  return { start, from };
}

/**
 * Canonical state numbering: the dead state is 0, then states in
 * breadth-first order from the start, visiting targets in class order.
 * Equal automata therefore get byte-identical tables, and unreachable states
 * disappear. Example: `ab` → 0 dead, 1 start, 2 after `a`, 3 after `ab`.
 */
import type { SparseDfa } from "./sparse-dfa.js";

export function renumber(d: SparseDfa, dead: number): SparseDfa {
  const n = d.stateCount;
  const newId = new Int32Array(n).fill(-1);
  const order = new Int32Array(n);
  let count = 0;
  const visit = (t: number): void => {
    if (newId[t] === -1) {
      newId[t] = count;
      order[count++] = t;
    }
  };
  visit(dead);
  visit(d.start);
  for (let i = 1; i < count; i++) {
    const q = order[i]!;
    const from = d.rowStart[q]!;
    const to = d.rowStart[q + 1]!;
    // The default serves the smallest class without an exception; visit it in that place.
    let firstDefault = 0;
    let e = from;
    for (; e < to && d.excClass[e] === firstDefault; e++, firstDefault++) visit(d.excTarget[e]!);
    visit(d.defaults[q]!);
    for (; e < to; e++) visit(d.excTarget[e]!);
  }

  const accept = new Int32Array(count);
  const defaults = new Int32Array(count);
  const rowStart = new Int32Array(count + 1);
  let edges = 0;
  for (let i = 1; i < count; i++) edges += d.rowStart[order[i]! + 1]! - d.rowStart[order[i]!]!;
  const excClass = new Int32Array(edges);
  const excTarget = new Int32Array(edges);
  let w = 0;
  accept[0] = -1;
  for (let i = 1; i < count; i++) {
    const q = order[i]!;
    rowStart[i] = w;
    accept[i] = d.accept[q]!;
    defaults[i] = newId[d.defaults[q]!]!;
    for (let e = d.rowStart[q]!; e < d.rowStart[q + 1]!; e++) {
      excClass[w] = d.excClass[e]!;
      excTarget[w++] = newId[d.excTarget[e]!]!;
    }
  }
  rowStart[count] = w;
  return { stateCount: count, classCount: d.classCount, start: newId[d.start]!, accept, defaults, rowStart, excClass, excTarget };
}

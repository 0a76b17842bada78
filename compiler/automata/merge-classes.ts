/**
 * Merges character classes that every state treats alike (identical
 * columns). The literal alphabet over-distinguishes: in `git *` + `go *`
 * the letters `i` and `o` lead to different states, but `t` only matters
 * after `gi`, and after minimization many letters behave the same. Fewer
 * classes make minimization cheaper and the tables smaller.
 *
 * New class ids follow the smallest old id in each merged group, so the
 * numbering is deterministic and class order is preserved.
 */
import { sortUnique } from "./int-buffer.js";
import type { SparseDfa } from "./sparse-dfa.js";

export interface MergedClasses {
  readonly dfa: SparseDfa;
  /** Old class → new class. */
  readonly classMap: Int32Array;
}

export function mergeClasses(d: SparseDfa): MergedClasses {
  const C = d.classCount;
  // Column of class c: its (state, target) exceptions, in state order.
  const colCount = new Int32Array(C + 1);
  for (let i = 0; i < d.excClass.length; i++) colCount[d.excClass[i]! + 1]!++;
  for (let c = 0; c < C; c++) colCount[c + 1]! += colCount[c]!;
  const fill = colCount.slice(0, C);
  const colState = new Int32Array(d.excClass.length);
  const colTarget = new Int32Array(d.excClass.length);
  for (let q = 0; q < d.stateCount; q++) {
    for (let e = d.rowStart[q]!; e < d.rowStart[q + 1]!; e++) {
      const k = fill[d.excClass[e]!]!++;
      colState[k] = q;
      colTarget[k] = d.excTarget[e]!;
    }
  }
  const classMap = new Int32Array(C);
  const sameColumn = (a: number, b: number): boolean => {
    const n = colCount[a + 1]! - colCount[a]!;
    if (colCount[b + 1]! - colCount[b]! !== n) return false;
    for (let i = 0, x = colCount[a]!, y = colCount[b]!; i < n; i++, x++, y++) {
      if (colState[x] !== colState[y] || colTarget[x] !== colTarget[y]) return false;
    }
    return true;
  };
  // Hash → classes that start a new group with that hash; equal hashes are compared in full.
  const byHash = new Map<number, number[]>();
  let classCount = 0;
  for (let c = 0; c < C; c++) {
    let h = 0x811c9dc5;
    for (let k = colCount[c]!; k < colCount[c + 1]!; k++) {
      h = Math.imul(h ^ colState[k]!, 0x01000193);
      h = Math.imul(h ^ colTarget[k]!, 0x01000193);
    }
    const candidates = byHash.get(h);
    const twin = candidates?.find((other) => sameColumn(c, other));
    if (twin !== undefined) {
      classMap[c] = classMap[twin]!;
      continue;
    }
    classMap[c] = classCount++;
    if (candidates === undefined) byHash.set(h, [c]);
    else candidates.push(c);
  }
  if (classCount === C) return { dfa: d, classMap };
  return { dfa: remapClasses(d, classMap, classCount), classMap };
}

/** Rewrites every row under classMap; merged classes had equal targets, so duplicates are dropped. */
function remapClasses(d: SparseDfa, classMap: Int32Array, classCount: number): SparseDfa {
  const rowStart = new Int32Array(d.stateCount + 1);
  const excClass = new Int32Array(d.excClass.length);
  const excTarget = new Int32Array(d.excClass.length);
  const targetOf = new Int32Array(classCount);
  const seenIn = new Int32Array(classCount).fill(-1);
  let w = 0;
  for (let q = 0; q < d.stateCount; q++) {
    rowStart[q] = w;
    const from = w;
    for (let e = d.rowStart[q]!; e < d.rowStart[q + 1]!; e++) {
      const c = classMap[d.excClass[e]!]!;
      if (seenIn[c] === q) continue;
      seenIn[c] = q;
      targetOf[c] = d.excTarget[e]!;
      excClass[w++] = c;
    }
    sortUnique(excClass.subarray(from, w), w - from);
    for (let k = from; k < w; k++) excTarget[k] = targetOf[excClass[k]!]!;
  }
  rowStart[d.stateCount] = w;
  return {
    stateCount: d.stateCount,
    classCount,
    start: d.start,
    accept: d.accept,
    defaults: d.defaults,
    rowStart,
    excClass: excClass.slice(0, w),
    excTarget: excTarget.slice(0, w),
  };
}

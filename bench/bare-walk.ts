/**
 * The floor check() is held to (issue 39): the value read through one DFA
 * table, one row load per character, every character, nothing recorded and
 * no early stop.
 *
 * The table is the rule set's own: the first part of its matcher (for the
 * mixed set, the trie of its anchored rules), every state given a full row.
 * check() keeps full rows only for the states near the start
 * (runtime/matcher-layout.ts), so this walk is at least as fast per
 * character as any check() step; class lookup is the same two-level map.
 *
 * The caller reads the table from an array on every call, as check() reads
 * its matcher: a table the optimiser sees as a constant (captured by the
 * timed closure) has its bounds and pointers folded and walks about 25 %
 * faster (2026-12-06), which no policy loaded at run time gets; the bench
 * prints that walk too, as the strictest floor.
 */
import type { Automaton } from "../runtime/automaton.js";

export interface BareTable {
  readonly classIndex: Uint16Array;
  readonly classBlocks: Uint8Array | Uint16Array;
  /** log2 of a row's width. */
  readonly shift: number;
  readonly rows: Int32Array;
  readonly start: number;
}

/** Full rows of a stored automaton (row displacement unpacked). */
export function bareTable(a: Automaton): BareTable {
  let shift = 0;
  while (1 << shift < a.classCount) shift++;
  const rows = new Int32Array(a.stateCount << shift);
  for (let q = 0; q < a.stateCount; q++) {
    for (let c = 0; c < a.classCount; c++) {
      const j = a.base[q]! + c;
      rows[(q << shift) | c] = a.check[j] === q ? a.next[j]! : a.defaults[q]!;
    }
  }
  return { classIndex: a.classIndex, classBlocks: a.classBlocks, shift, rows, start: a.start };
}

/** The state after the whole value (returned so the walk cannot be optimised away). */
export function bareWalk(t: BareTable, value: string): number {
  const { classIndex, classBlocks, shift, rows } = t;
  let q = t.start;
  for (let i = 0, n = value.length; i < n; i++) {
    const u = value.charCodeAt(i);
    q = rows[(q << shift) | classBlocks[(classIndex[u >> 8]! << 8) | (u & 255)]!]!;
  }
  return q;
}

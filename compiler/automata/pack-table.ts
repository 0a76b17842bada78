/**
 * Row displacement ("comb vector") packing, as in flex and parser tables.
 * Each state keeps a default target (its most frequent one) and stores only
 * the other transitions, in slots base[q] + class of two shared arrays; a
 * slot belongs to q when check[slot] === q. Rows are placed first-fit, the
 * fullest rows first, so sparse rows fill the gaps. A trie-like automaton
 * then costs a few slots per state instead of one per class.
 *
 * Unused slots hold check 0 / next 0: only the dead state 0 could read them
 * as its own, and it must go to 0 anyway.
 */
import type { StateArray } from "../../runtime/automaton.js";
import { IntBuffer } from "./int-buffer.js";
import { narrowUnsigned } from "./narrow.js";
import type { SparseDfa } from "./sparse-dfa.js";

const MAX_TRIES = 48;

export interface PackedTable {
  readonly base: StateArray;
  readonly defaults: StateArray;
  readonly check: StateArray;
  readonly next: StateArray;
}

export function packTable(d: SparseDfa): PackedTable {
  const n = d.stateCount;
  const C = d.classCount;
  const rows = mostFrequentDefaults(d);

  // Fullest rows first; state id breaks ties so the layout is deterministic.
  const order = rowsByWidth(rows.rowStart, n);

  const base = new Int32Array(n);
  const check = new IntBuffer(1024);
  const next = new IntBuffer(1024);
  const free = new FreeSlots();
  const extendTo = (length: number): void => {
    if (length <= check.length) return;
    check.reserve(length - check.length);
    next.reserve(length - next.length);
    check.length = length;
    next.length = length;
  };
  // Every row, even an empty one at base 0, reads base + class for all classes.
  extendTo(C);
  // Rows with the same classes (e.g. every "rule matched, watch for `*--force*`"
  // state) collide at every base already used by their twins; resuming after
  // the last twin keeps first-fit from rescanning them, which is quadratic.
  // Keyed by a hash of the class list: a collision only changes where the search starts.
  const lastBaseOf = new Map<number, number>();
  // One past the last used slot.
  let end = 0;
  for (const q of order) {
    const from = rows.rowStart[q]!;
    const to = rows.rowStart[q + 1]!;
    if (from === to) continue;
    const first = rows.excClass[from]!;
    let signature = to - from;
    for (let e = from; e < to; e++) signature = Math.imul(signature ^ rows.excClass[e]!, 0x01000193);
    const resume = to - from > 1 ? (lastBaseOf.get(signature) ?? -1) + 1 : 0;
    // Only bases whose first slot is free are worth testing; jump between free
    // slots. After MAX_TRIES misses the row goes past the end, where it always
    // fits: a little density traded for linear time.
    let b = Math.max(0, end - first);
    for (let f = free.find(first + resume), tries = 0; f < end && tries < MAX_TRIES; f = free.find(f + 1), tries++) {
      let fits = true;
      for (let e = from + 1; e < to && fits; e++) fits = free.isFree(f - first + rows.excClass[e]!);
      if (fits) {
        b = f - first;
        break;
      }
    }
    base[q] = b;
    if (to - from > 1) lastBaseOf.set(signature, b);
    extendTo(b + C);
    for (let e = from; e < to; e++) {
      const i = b + rows.excClass[e]!;
      end = Math.max(end, i + 1);
      free.take(i);
      check.data[i] = q;
      next.data[i] = rows.excTarget[e]!;
    }
  }
  let maxBase = 0;
  for (let q = 0; q < n; q++) maxBase = Math.max(maxBase, base[q]!);
  return {
    base: narrowUnsigned(base, maxBase),
    defaults: narrowUnsigned(rows.defaults, n - 1),
    check: narrowUnsigned(check.toArray(), n - 1),
    next: narrowUnsigned(next.toArray(), n - 1),
  };
}

/** States by decreasing row width, then increasing id (a counting sort: widths are small). */
function rowsByWidth(rowStart: Int32Array, n: number): Int32Array {
  let maxWidth = 0;
  for (let q = 0; q < n; q++) maxWidth = Math.max(maxWidth, rowStart[q + 1]! - rowStart[q]!);
  const slot = new Int32Array(maxWidth + 2);
  for (let q = 0; q < n; q++) slot[maxWidth - (rowStart[q + 1]! - rowStart[q]!) + 1]!++;
  for (let w = 0; w <= maxWidth; w++) slot[w + 1]! += slot[w]!;
  const order = new Int32Array(n);
  for (let q = 0; q < n; q++) order[slot[maxWidth - (rowStart[q + 1]! - rowStart[q]!)]!++] = q;
  return order;
}

/** Free slots as a union-find "next free slot at or after i", so first-fit skips taken runs in near-constant time. */
class FreeSlots {
  private parent = new Int32Array(1024).map((_, i) => i);

  find(i: number): number {
    this.ensure(i + 1);
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r]!;
    while (this.parent[i] !== r) {
      const up = this.parent[i]!;
      this.parent[i] = r;
      i = up;
    }
    return r;
  }

  isFree(i: number): boolean {
    return i >= this.parent.length || this.parent[i] === i;
  }

  take(i: number): void {
    this.ensure(i + 2);
    this.parent[i] = i + 1;
  }

  private ensure(size: number): void {
    if (size <= this.parent.length) return;
    let cap = this.parent.length * 2;
    while (cap < size) cap *= 2;
    const p = new Int32Array(cap);
    p.set(this.parent);
    for (let i = this.parent.length; i < cap; i++) p[i] = i;
    this.parent = p;
  }
}

/** Re-picks each row's default as its most frequent target (the current default wins ties). */
function mostFrequentDefaults(d: SparseDfa): { defaults: Int32Array; rowStart: Int32Array; excClass: Int32Array; excTarget: Int32Array } {
  const n = d.stateCount;
  const C = d.classCount;
  const count = new Int32Array(n);
  const defaults = d.defaults.slice();
  const rowStart = new Int32Array(n + 1);
  const excClass = new IntBuffer(d.excClass.length + 16);
  const excTarget = new IntBuffer(d.excClass.length + 16);
  for (let q = 0; q < n; q++) {
    const from = d.rowStart[q]!;
    const to = d.rowStart[q + 1]!;
    let best = d.defaults[q]!;
    let bestCount = C - (to - from);
    for (let e = from; e < to; e++) count[d.excTarget[e]!]!++;
    for (let e = from; e < to; e++) {
      const t = d.excTarget[e]!;
      if (count[t]! > bestCount) {
        best = t;
        bestCount = count[t]!;
      }
    }
    for (let e = from; e < to; e++) count[d.excTarget[e]!] = 0;
    rowStart[q] = excClass.length;
    defaults[q] = best;
    if (best === d.defaults[q]) {
      for (let e = from; e < to; e++) {
        excClass.push(d.excClass[e]!);
        excTarget.push(d.excTarget[e]!);
      }
      continue;
    }
    // The old default now needs explicit slots on every class without an exception.
    let e = from;
    for (let c = 0; c < C; c++) {
      if (e < to && d.excClass[e] === c) {
        if (d.excTarget[e] !== best) {
          excClass.push(c);
          excTarget.push(d.excTarget[e]!);
        }
        e++;
      } else {
        excClass.push(c);
        excTarget.push(d.defaults[q]!);
      }
    }
  }
  rowStart[n] = excClass.length;
  return { defaults, rowStart, excClass: excClass.toArray(), excTarget: excTarget.toArray() };
}

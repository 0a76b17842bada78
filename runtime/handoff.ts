/**
 * Where a matcher's later parts start once its first part has stopped
 * (runtime/matcher.ts). The first part, in final mode, reads the value until
 * its answer is settled; each later part then starts where it stopped, in
 * the state it would be in after the text read so far, instead of reading
 * that text again.
 *
 * Why: a rule set of mixed shapes runs as a prefix trie (the first part)
 * beside the Aho–Corasick automaton of its infix rules, and each read the
 * whole value: a value that follows a long prefix rule was read twice, once
 * per table. A trie state stands for one text until the trie's answer is
 * settled (where it stops reading), so what a later part does on that text
 * is known ahead: one entry per state of the first part, derived at load
 * like the layout (runtime/matcher-layout.ts), no module format change.
 *
 * Entry table of a later part, per state t of the first part's layout:
 * `entry[2t]` is the later part's laid-out state after any text that leads
 * the first part from its start to t, and `entry[2t + 1]` the highest accept
 * the later part passes on that text, start included (register mode; -1 in
 * final mode). `entry[2t]` is -1 when those texts disagree (a `?`, or a
 * class of the first part that the later part splits) or when the first
 * part stops in t: the later part then reads from the start, as before.
 *
 * Exact: a part is deterministic, so its state after a text, and the accepts
 * it passes on it, depend on the text alone; t gets an entry only when every
 * path of the first part from its start to t gives the same pair, and every
 * index written comes from tables the loader has validated.
 *
 * Cost at load: one breadth-first pass over the first part per later part,
 * O(transitions that keep the first part reading): a trie state's default
 * stops it, so only its exceptions are followed. Each state is queued at
 * most twice (when first reached, and when found to disagree).
 */
import type { Automaton } from "./automaton.js";
import { storedRows, type LaidOutPart } from "./matcher-layout.js";

export interface HandoffPart {
  readonly automaton: Automaton;
  /** The first part stops where its limit is below 0 (runtime/matcher.ts: nothing is seen before it). */
  readonly limit: Int32Array;
  readonly laidOut: LaidOutPart;
}

/** Not reached yet. */
const UNSEEN = -1;
/** Reached by texts on which the later part disagrees. */
const MIXED = -2;

function targetOf(a: Automaton, q: number, c: number): number {
  const j = a.base[q]! + c;
  return a.check[j] === q ? a.next[j]! : a.defaults[q]!;
}

function classOf(a: Automaton, u: number): number {
  return a.classBlocks[(a.classIndex[u >> 8]! << 8) | (u & 255)]!;
}

/** Per class of `first`: the classes of `later` its units fall in, as `list[start[c] .. start[c + 1])`. */
function laterClasses(first: Automaton, later: Automaton): { start: Int32Array; list: Int32Array } {
  const keys = new Set<number>();
  // Units of one high byte share a block in each automaton: one pass per distinct pair of blocks.
  const blockPairs = new Set<number>();
  for (let high = 0; high < 256; high++) {
    const pair = first.classIndex[high]! * 65_536 + later.classIndex[high]!;
    if (blockPairs.has(pair)) continue;
    blockPairs.add(pair);
    for (let low = 0; low < 256; low++) {
      const u = (high << 8) | low;
      keys.add(classOf(first, u) * later.classCount + classOf(later, u));
    }
  }
  const sorted = Float64Array.from(keys).sort();
  const start = new Int32Array(first.classCount + 1);
  const list = new Int32Array(sorted.length);
  sorted.forEach((key, k) => {
    start[Math.floor(key / later.classCount) + 1]!++;
    list[k] = key % later.classCount;
  });
  for (let c = 0; c < first.classCount; c++) start[c + 1]! += start[c]!;
  return { start, list };
}

/** The entry table of `later` after `first` (see above); `register`: record the accepts passed. */
export function entryTable(first: HandoffPart, later: HandoffPart, register: boolean): Int32Array {
  const a = first.automaton;
  const b = later.automaton;
  const n = a.stateCount;
  const split = laterClasses(a, b);
  const own = storedRows(a);
  const state = new Int32Array(n).fill(UNSEEN);
  const best = new Int32Array(n).fill(-1);
  const queue = new Int32Array(2 * n);
  // One state's transitions that keep the first part reading: (class, target) pairs.
  const viaClass = new Int32Array(a.classCount);
  const viaTarget = new Int32Array(a.classCount);
  let size = 0;
  state[a.start] = b.start;
  best[a.start] = register ? b.accept[b.start]! : -1;
  queue[size++] = a.start;
  for (let k = 0; k < size; k++) {
    const t = queue[k]!;
    let ways = 0;
    if (first.limit[a.defaults[t]!]! < 0) {
      // Where the default stops the first part (every state of a trie), only the exceptions lead on.
      for (let e = own.excStart[t]!; e < own.excStart[t + 1]!; e++) {
        viaClass[ways] = own.excClass[e]!;
        viaTarget[ways++] = targetOf(a, t, own.excClass[e]!);
      }
    } else {
      for (let c = 0; c < a.classCount; c++) {
        viaClass[ways] = c;
        viaTarget[ways++] = targetOf(a, t, c);
      }
    }
    for (let w = 0; w < ways; w++) {
      const c = viaClass[w]!;
      const t2 = viaTarget[w]!;
      // The first part stops there: nothing after it is read by the first part.
      if (first.limit[t2]! < 0) continue;
      for (let e = split.start[c]!; e < split.start[c + 1]!; e++) {
        let s2 = MIXED;
        let b2 = -1;
        if (state[t]! >= 0) {
          s2 = targetOf(b, state[t]!, split.list[e]!);
          b2 = register ? Math.max(best[t]!, b.accept[s2]!) : -1;
        }
        if (state[t2] === UNSEEN) {
          state[t2] = s2;
          best[t2] = b2;
          queue[size++] = t2;
        } else if (state[t2] !== MIXED && (state[t2] !== s2 || best[t2] !== b2)) {
          // Passed on, so every state reached through t2 disagrees too.
          state[t2] = MIXED;
          queue[size++] = t2;
        }
      }
    }
  }
  const laidFirst = first.laidOut;
  const laidLater = later.laidOut;
  const newId = new Int32Array(b.stateCount);
  for (let q = 0; q < b.stateCount; q++) newId[laidLater.original[q]!] = q;
  const entry = new Int32Array(2 * n);
  for (let q = 0; q < n; q++) {
    // States where the first part stops were never queued (but the start): they keep -1.
    const t = laidFirst.original[q]!;
    entry[2 * q] = state[t]! >= 0 ? newId[state[t]!]! : -1;
    entry[2 * q + 1] = best[t]!;
  }
  return entry;
}

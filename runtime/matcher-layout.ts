/**
 * A matcher part's automaton laid out for check(): the same DFA (same
 * transitions, accepts and limits), renumbered and repacked at load so the
 * hot loop touches little memory per character.
 *
 * Why: the stored layout is canonical (breadth-first numbering, rows packed
 * first-fit), which is right for a deterministic file and for analyses but
 * scatters a walk. A value that follows a 200-character literal through a
 * trie of 10,000 rules visits states a whole trie level apart, each in its
 * own cache line of every table, and every step is two dependent loads
 * (`base[q]`, then `check`/`next`); an Aho–Corasick part copies its root's
 * row into every state.
 *
 * Layout (new state ids; `original` maps back):
 * - Dense: the first states of a breadth-first order from the start (where
 *   almost every step of an unanchored part and the first steps of a trie
 *   happen) get full rows, `dense[(q << shift) | c]`: one load per
 *   character. At most DENSE_ENTRIES entries, whatever the automaton's size.
 *   The quiet ones (nothing to record, no stop: see `eventful`) come first,
 *   so for most characters the loop's only test is `q < quietCount`.
 * - Sparse: the other states, numbered depth first so a state's first
 *   exception target comes right after it and a literal's tail is
 *   consecutive. A state keeps the classes where it differs from its
 *   *fallback*: either a default target (consume the character there), or
 *   a fallback state `r` (stored as `~r`) whose row it shares elsewhere
 *   (read the character again from r): for an Aho–Corasick automaton that
 *   is the failure link, so a deep state keeps only its trie children.
 *   A state with one exception whose target is q + 1 is a chain link,
 *   stored as `base[q] = ~class`; other rows are packed in state order.
 *
 * Cost bound: a fallback state is strictly closer to the start (breadth-
 * first distance) than the state that falls back to it, and reading a
 * character moves at most one step further from the start, so a value of
 * length n takes at most 2n steps (the Aho–Corasick argument).
 *
 * Built only from tables decodeAutomaton has validated, and every index it
 * writes comes from them, so the hot loop can trust it.
 */
import type { Automaton } from "./automaton.js";
import { literalRuns, MIN_RUN } from "./literal-runs.js";

/** Bases tried near the previous row before a row goes past the end (bounds the load time of any table). */
const MAX_TRIES = 64;

/**
 * Entries of the dense rows at most (i32 each): 512 KB. The Aho–Corasick
 * part of 600 infix rules (2,500 states of 32 classes) fits whole, so a
 * value full of their words steps through no sparse row, and a trie gets
 * its first few thousand states; rows no value reaches cost memory, not
 * cache. 16,384 until 2026-12-06: check() on the mixed set of bench/mixed.ts
 * was 7–12 % slower, and no bench set was faster.
 */
export const DENSE_ENTRIES = 131_072;

export interface LaidOutPart {
  readonly start: number;
  readonly stateCount: number;
  readonly classIndex: Uint16Array;
  readonly classBlocks: Uint16Array;
  /** States below this have dense rows. */
  readonly denseCount: number;
  /** States below this (all dense) are quiet: no accept to record, no stop. */
  readonly quietCount: number;
  /** log2 of a dense row's width (the class count rounded up to a power of two). */
  readonly shift: number;
  readonly dense: Int32Array;
  /** Sparse states: comb base, or ~class for a chain link (see above). */
  readonly base: Int32Array;
  /** Sparse states: the target of every class without an exception, or ~r to read it again from r. */
  readonly defaults: Int32Array;
  readonly check: Int32Array;
  readonly next: Int32Array;
  readonly accept: Int32Array;
  readonly limit: Int32Array;
  /**
   * Fewest characters from q to a state with an accept (register and
   * sequence modes; 0 in final mode, whose answer is where the value ends):
   * with fewer characters left, nothing more can be recorded.
   */
  readonly reach: Int32Array;
  /** The least reach of a quiet state. */
  readonly quietReach: number;
  /** New state id → the stored automaton's state id. */
  readonly original: Int32Array;
  /** Per state: the literal run starting there (an index into `runs`), or -1 (runtime/literal-runs.ts). */
  readonly runId: Int32Array;
  readonly runs: readonly string[];
}

/** One character's step from q on class c (fallbacks followed). */
export function stepLaidOut(f: LaidOutPart, q: number, c: number): number {
  for (;;) {
    if (q < f.denseCount) return f.dense[(q << f.shift) | c]!;
    const b = f.base[q]!;
    if (b < 0 ? c === ~b : f.check[b + c] === q) return b < 0 ? q + 1 : f.next[b + c]!;
    const d = f.defaults[q]!;
    if (d >= 0) return d;
    q = ~d;
  }
}

/** Characters beyond the current one that the last stepOrRun read (a literal run's length - 1, else 0). */
export let runSkipped = 0;

/**
 * A sparse state's step on the value's character i (of class c): through a
 * whole literal run when the value holds its text at i (runSkipped then
 * says how many more characters it read), else one step. The loops keep
 * their shape (one call, one add), so parts without runs cost what they did.
 */
export function stepOrRun(f: LaidOutPart, q: number, c: number, value: string, i: number): number {
  const run = f.runId[q]!;
  if (run >= 0) {
    const text = f.runs[run]!;
    if (value.startsWith(text, i)) {
      runSkipped = text.length - 1;
      return q + text.length;
    }
  }
  runSkipped = 0;
  return stepLaidOut(f, q, c);
}

/**
 * States at which a loop has something to do besides stepping: record an
 * accept (register and sequence modes) or stop (a limit no best can pass).
 * Skipping a stop elsewhere is exact: a limit only says no higher rank can
 * come, so reading on changes nothing.
 */
function eventful(a: Automaton, limit: Int32Array, finalMode: boolean, q: number): boolean {
  return limit[q]! < 0 || (!finalMode && a.accept[q]! >= 0);
}

/**
 * Quiet states share one reach bound (the least of theirs), so a state close
 * to an accept (deep in a literal) is not quiet: it would lower the bound for
 * all. QUIET_REACH_SLACK: how much closer than the start a quiet state may be.
 */
const QUIET_REACH_SLACK = 2;

/** The stored automaton's full row of q. */
function rowOf(a: Automaton, q: number, into: Int32Array): void {
  const b = a.base[q]!;
  const d = a.defaults[q]!;
  for (let c = 0; c < a.classCount; c++) into[c] = a.check[b + c] === q ? a.next[b + c]! : d;
}

function targetOf(a: Automaton, q: number, c: number): number {
  const j = a.base[q]! + c;
  return a.check[j] === q ? a.next[j]! : a.defaults[q]!;
}

/** Per state, the classes (ascending) whose target is not the default: state q's are excClass[excStart[q] .. excStart[q + 1]). */
export interface Rows {
  readonly excStart: Int32Array;
  readonly excClass: Int32Array;
}

/** The stored automaton's exceptions, read off the comb slots once: O(slots + states), not O(states × classes). */
export function storedRows(a: Automaton): Rows {
  const n = a.stateCount;
  const C = a.classCount;
  const { base, check, next, defaults } = a;
  const excStart = new Int32Array(n + 1);
  const owner = (j: number): number => {
    const q = check[j]!;
    const c = j - base[q]!;
    return c >= 0 && c < C && next[j] !== defaults[q] ? q : -1;
  };
  for (let j = 0; j < next.length; j++) {
    const q = owner(j);
    if (q >= 0) excStart[q + 1]!++;
  }
  for (let q = 0; q < n; q++) excStart[q + 1]! += excStart[q]!;
  const fill = excStart.slice(0, n);
  const excClass = new Int32Array(excStart[n]!);
  // Slots ascend, so each state's classes come out in ascending order.
  for (let j = 0; j < next.length; j++) {
    const q = owner(j);
    if (q >= 0) excClass[fill[q]!++] = j - base[q]!;
  }
  return { excStart, excClass };
}

/** Per stored state: its fallback (a default target, or ~r) and the classes where it differs from it. */
interface SparseRows extends Rows {
  readonly fallback: Int32Array;
}

/** `denseEntries` below DENSE_ENTRIES and `minRun` below MIN_RUN only for tests, which need the sparse paths on small automata. */
export function layOut(a: Automaton, limit: Int32Array, finalMode: boolean, denseEntries = DENSE_ENTRIES, minRun = MIN_RUN): LaidOutPart {
  const n = a.stateCount;
  const C = a.classCount;
  let shift = 0;
  while (1 << shift < C) shift++;
  const denseLimit = Math.max(1, Math.min(n, denseEntries >> shift));
  const own = storedRows(a);

  // Breadth first from the start: distances (for the fallback bound) and tree edges (for candidates).
  const dist = new Int32Array(n).fill(n);
  const parent = new Int32Array(n).fill(-1);
  const via = new Int32Array(n);
  const bfs = new Int32Array(n);
  let reached = 0;
  const reachVia = (q: number, t: number, c: number): void => {
    if (dist[t] !== n || t === a.start) return;
    dist[t] = dist[q]! + 1;
    parent[t] = q;
    via[t] = c;
    bfs[reached++] = t;
  };
  dist[a.start] = 0;
  bfs[reached++] = a.start;
  for (let k = 0; k < reached; k++) {
    const q = bfs[k]!;
    // The default serves the first class without an exception.
    let free = 0;
    for (let e = own.excStart[q]!; e < own.excStart[q + 1]!; e++) {
      const c = own.excClass[e]!;
      if (c === free) free++;
      reachVia(q, a.next[a.base[q]! + c]!, c);
    }
    if (free < C) reachVia(q, a.defaults[q]!, free);
  }
  const rows = sparseRows(a, own, dist, parent, via, bfs, reached);
  const storedReach = finalMode ? new Int32Array(n) : reachOfAccepts(a, own);
  const quietFrom = Math.max(1, storedReach[a.start]! - QUIET_REACH_SLACK);
  const quiet = (q: number): boolean => !eventful(a, limit, finalMode, q) && (finalMode || storedReach[q]! >= quietFrom);

  // Numbering: dense states (quiet first), then depth first along exceptions.
  const newId = new Int32Array(n).fill(-1);
  const original = new Int32Array(n);
  const denseCount = Math.min(denseLimit, reached);
  let quietCount = 0;
  for (let k = 0; k < denseCount; k++) if (quiet(bfs[k]!)) original[quietCount++] = bfs[k]!;
  let count = quietCount;
  for (let k = 0; k < denseCount; k++) if (!quiet(bfs[k]!)) original[count++] = bfs[k]!;
  for (let k = 0; k < count; k++) newId[original[k]!] = k;
  // Each state is numbered once and pushes its targets then; dense states and unreachable ones push once more.
  const stack = new Int32Array(2 * n + 2 + own.excClass.length + rows.excClass.length);
  let top = 0;
  const pushTargets = (q: number, r: Rows, fallback: number): void => {
    // Targets in reverse, so the first exception's target is numbered next.
    stack[top++] = fallback >= 0 ? fallback : ~fallback;
    for (let e = r.excStart[q + 1]! - 1; e >= r.excStart[q]!; e--) stack[top++] = targetOf(a, q, r.excClass[e]!);
  };
  for (let k = 0; k < n && count < n; k++) {
    if (k < denseCount) pushTargets(original[k]!, own, a.defaults[original[k]!]!);
    else if (k >= count) {
      // Unreachable from the start: laid out all the same, so the tables stay total.
      for (let q = n - 1; q >= 0; q--) if (newId[q] === -1) stack[top++] = q;
    }
    while (top > 0) {
      const q = stack[--top]!;
      if (newId[q] !== -1) continue;
      newId[q] = count;
      original[count++] = q;
      pushTargets(q, rows, rows.fallback[q]!);
    }
  }

  const row = new Int32Array(C);
  const dense = new Int32Array(denseCount << shift);
  for (let q = 0; q < denseCount; q++) {
    rowOf(a, original[q]!, row);
    for (let c = 0; c < C; c++) dense[(q << shift) | c] = newId[row[c]!]!;
  }
  const packed = packSparse(a, rows, newId, original, denseCount);
  const accept = new Int32Array(n);
  const limits = new Int32Array(n);
  const reach = new Int32Array(n);
  let quietReach = NO_REACH;
  for (let q = 0; q < n; q++) {
    accept[q] = a.accept[original[q]!]!;
    limits[q] = limit[original[q]!]!;
    reach[q] = storedReach[original[q]!]!;
    if (q < quietCount && reach[q]! < quietReach) quietReach = reach[q]!;
  }
  const classBlocks = a.classBlocks instanceof Uint16Array ? a.classBlocks : Uint16Array.from(a.classBlocks);
  const { runId, runs } = literalRuns(a.classIndex, classBlocks, C, packed.base, accept, denseCount, finalMode, minRun);
  return {
    start: newId[a.start]!,
    stateCount: n,
    classIndex: a.classIndex,
    classBlocks,
    denseCount,
    quietCount,
    shift,
    dense,
    ...packed,
    accept,
    limit: limits,
    reach,
    quietReach,
    original,
    runId,
    runs,
  };
}

/** Reach of a state that can never come to an accept: more than any string's length. */
const NO_REACH = 0x3fff_ffff;

/** Per stored state: fewest characters to a state whose accept is >= 0 (breadth first over inverse edges). */
function reachOfAccepts(a: Automaton, own: Rows): Int32Array {
  const n = a.stateCount;
  // Inverse edges: each state's default and exceptions.
  const inStart = new Int32Array(n + 1);
  const forEachEdge = (visit: (from: number, to: number) => void): void => {
    for (let q = 0; q < n; q++) {
      visit(q, a.defaults[q]!);
      for (let e = own.excStart[q]!; e < own.excStart[q + 1]!; e++) visit(q, a.next[a.base[q]! + own.excClass[e]!]!);
    }
  };
  forEachEdge((_, to) => inStart[to + 1]!++);
  for (let q = 0; q < n; q++) inStart[q + 1]! += inStart[q]!;
  const fill = inStart.slice(0, n);
  const from = new Int32Array(inStart[n]!);
  forEachEdge((q, to) => {
    from[fill[to]!++] = q;
  });
  const reach = new Int32Array(n).fill(NO_REACH);
  const queue = new Int32Array(n);
  let size = 0;
  for (let q = 0; q < n; q++)
    if (a.accept[q]! >= 0) {
      reach[q] = 0;
      queue[size++] = q;
    }
  for (let k = 0; k < size; k++) {
    const t = queue[k]!;
    for (let e = inStart[t]!; e < inStart[t + 1]!; e++) {
      const q = from[e]!;
      if (reach[q] === NO_REACH) {
        reach[q] = reach[t]! + 1;
        queue[size++] = q;
      }
    }
  }
  return reach;
}

/**
 * Each state's fallback: the candidate `r` of the Aho–Corasick recurrence
 * (a child of the start falls back to the start; a child of p on class c
 * to the target of p's candidate on c), kept when r is closer to the start
 * and differs from q on fewer classes than q's own default does. Rows are
 * compared on their exceptions only: outside both lists each has its default.
 */
function sparseRows(a: Automaton, own: Rows, dist: Int32Array, parent: Int32Array, via: Int32Array, bfs: Int32Array, reached: number): SparseRows {
  const n = a.stateCount;
  const C = a.classCount;
  const candidate = new Int32Array(n).fill(-1);
  for (let k = 1; k < reached; k++) {
    const q = bfs[k]!;
    const p = parent[q]!;
    candidate[q] = p === a.start ? a.start : candidate[p]! >= 0 ? targetOf(a, candidate[p]!, via[q]!) : -1;
  }
  const fallback = new Int32Array(n);
  const excStart = new Int32Array(n + 1);
  // A fallback is kept only when it needs fewer exceptions than the stored row, so this never grows.
  const excClass = new Int32Array(own.excClass.length);
  let size = 0;
  const { excStart: os, excClass: oc } = own;
  const diffs = new Int32Array(C);
  for (let q = 0; q < n; q++) {
    excStart[q] = size;
    const r = candidate[q]!;
    const mine = os[q + 1]! - os[q]!;
    let differ = C + 1;
    let listed = 0;
    // A row of one exception is a chain link or one comb slot already: no fallback can do better.
    if (mine > 1 && r >= 0 && r !== q && dist[r]! < dist[q]!) {
      // Merge the two exception lists; classes in neither differ iff the defaults do.
      let union = 0;
      for (let i = os[q]!, j = os[r]!; i < os[q + 1]! || j < os[r + 1]!; union++) {
        const ci = i < os[q + 1]! ? oc[i]! : C;
        const cj = j < os[r + 1]! ? oc[j]! : C;
        const c = Math.min(ci, cj);
        if (ci === c) i++;
        if (cj === c) j++;
        if (targetOf(a, q, c) !== targetOf(a, r, c)) diffs[listed++] = c;
      }
      differ = listed + (a.defaults[q] !== a.defaults[r] ? C - union : 0);
    }
    if (differ < mine) {
      fallback[q] = ~r;
      if (differ === listed) {
        // Merged in class order already.
        for (let k = 0; k < listed; k++) excClass[size++] = diffs[k]!;
      } else for (let c = 0; c < C; c++) if (targetOf(a, q, c) !== targetOf(a, r, c)) excClass[size++] = c;
    } else {
      fallback[q] = a.defaults[q]!;
      for (let e = os[q]!; e < os[q + 1]!; e++) excClass[size++] = oc[e]!;
    }
  }
  excStart[n] = size;
  return { fallback, excStart, excClass: excClass.subarray(0, size) };
}

/**
 * Sparse rows in their new order: chain links as `~class`, the others each
 * at the first base at or after the previous row's where its slots are
 * free, so consecutive states' rows sit side by side. Unused slots hold
 * check -1.
 */
function packSparse(a: Automaton, rows: SparseRows, newId: Int32Array, original: Int32Array, denseCount: number) {
  const n = a.stateCount;
  const C = a.classCount;
  const base = new Int32Array(n);
  const defaults = new Int32Array(n);
  let cap = Math.max(64, 2 * C);
  let check = new Int32Array(cap).fill(-1);
  let next = new Int32Array(cap);
  const grow = (size: number): void => {
    if (size <= cap) return;
    while (cap < size) cap *= 2;
    const wider = new Int32Array(cap).fill(-1);
    wider.set(check);
    check = wider;
    const more = new Int32Array(cap);
    more.set(next);
    next = more;
  };
  let cursor = 0;
  let end = C;
  for (let q = denseCount; q < n; q++) {
    const s = original[q]!;
    const fb = rows.fallback[s]!;
    defaults[q] = fb >= 0 ? newId[fb]! : ~newId[~fb]!;
    const from = rows.excStart[s]!;
    const to = rows.excStart[s + 1]!;
    if (to - from === 1 && newId[targetOf(a, s, rows.excClass[from]!)] === q + 1) {
      base[q] = ~rows.excClass[from]!;
      continue;
    }
    if (to === from) continue;
    const first = rows.excClass[from]!;
    // Near the previous row; after MAX_TRIES misses, past every slot taken (where it always fits).
    let b = Math.max(0, cursor - first);
    for (let tries = 0; ; tries++, b++) {
      if (tries === MAX_TRIES) b = Math.max(b, end - first);
      grow(b + C);
      let fits = true;
      for (let e = from; e < to && fits; e++) fits = check[b + rows.excClass[e]!] === -1;
      if (fits) break;
    }
    base[q] = b;
    for (let e = from; e < to; e++) {
      const j = b + rows.excClass[e]!;
      check[j] = q;
      next[j] = newId[targetOf(a, s, rows.excClass[e]!)]!;
    }
    cursor = b + first + 1;
    end = Math.max(end, b + C);
  }
  return { base, defaults, check: check.slice(0, end), next: next.slice(0, end) };
}

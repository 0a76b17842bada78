/**
 * Subset construction over character classes, with last-match-wins accepts
 * and a hard budget. A DFA state is a sorted set of NFA positions; its accept
 * is the payload of the highest position that accepts (positions are laid out
 * in priority order).
 *
 * Pruning keeps the sets small: once a set holds a sticky star (a pattern
 * that has matched and accepts whatever follows), no lower-priority position
 * can ever decide the result, so every position below that star is dropped.
 * Without it, `git *` plus `*--force*` patterns would make every state
 * remember all the patterns that already matched.
 *
 * Cost: per DFA state, O(|set|) to scan it plus one candidate set per class
 * used by its literals; the budget caps states, pooled set entries and total
 * candidate work, so any input stops in bounded time and memory.
 */
import { IntBuffer, mergeUnique, sortUnique } from "./int-buffer.js";
import { POS_ANY, POS_STAR, type PositionNfa } from "./position-nfa.js";
import { SetTable } from "./set-table.js";
import type { SparseDfa } from "./sparse-dfa.js";

export interface DeterminizeBudget {
  /** Most DFA states, the dead state included. */
  readonly maxStates: number;
  /** Most NFA positions stored across all DFA states. */
  readonly maxSetEntries: number;
  /** Most positions handled while building candidate sets. */
  readonly maxWork: number;
}

export const DEFAULT_SET_ENTRIES = 1 << 24;
export const DEFAULT_WORK = 1 << 27;

/**
 * In set mode a state's accept is the id of the sorted set of every payload
 * that accepts there (not just the highest), so nothing may be pruned. The
 * surface automaton uses it: a tool name needs every surface key it matches.
 */
export interface AcceptSetInterner {
  intern(payloads: readonly number[]): number;
}

/** Null when the budget would be exceeded. */
export function determinize(nfa: PositionNfa, budget: DeterminizeBudget, sets?: AcceptSetInterner): SparseDfa | null {
  return new Determinizer(nfa, budget, sets).run();
}

class Determinizer {
  private readonly table = new SetTable();
  private readonly accept = new IntBuffer(256);
  private readonly defaults = new IntBuffer(256);
  private readonly rowStart = new IntBuffer(256);
  private readonly excClass = new IntBuffer(256);
  private readonly excTarget = new IntBuffer(256);
  private work = 0;
  private overflow = false;

  // Scratch, reused for every state.
  private readonly set = new IntBuffer();
  private readonly all = new IntBuffer();
  private readonly lit = new IntBuffer();
  private readonly cand = new IntBuffer();
  private readonly head: Int32Array;
  private readonly touched: Int32Array;
  private readonly bucketNext = new IntBuffer();
  private readonly bucketPos = new IntBuffer();

  constructor(
    private readonly nfa: PositionNfa,
    private readonly budget: DeterminizeBudget,
    private readonly sets?: AcceptSetInterner,
  ) {
    this.head = new Int32Array(nfa.classCount).fill(-1);
    this.touched = new Int32Array(nfa.classCount);
  }

  run(): SparseDfa | null {
    const { nfa } = this;
    this.intern(this.cand.data, 0); // the empty set: the dead state, id 0
    this.cand.length = 0;
    for (const s of nfa.starts) this.closeInto(s, this.cand);
    const start = this.internCandidate(this.cand);
    for (let q = 0; q < this.table.count && !this.overflow; q++) this.expand(q);
    if (this.overflow) return null;
    this.rowStart.push(this.excClass.length);
    return {
      stateCount: this.table.count,
      classCount: nfa.classCount,
      start,
      accept: this.accept.toArray(),
      defaults: this.defaults.toArray(),
      rowStart: this.rowStart.toArray(),
      excClass: this.excClass.toArray(),
      excTarget: this.excTarget.toArray(),
    };
  }

  private expand(q: number): void {
    const { nfa, head, touched } = this;
    this.rowStart.push(this.excClass.length);
    const n = this.table.copyTo(q, this.set);
    const set = this.set.data;
    this.work += n;
    this.all.length = 0;
    this.bucketNext.length = 0;
    this.bucketPos.length = 0;
    let touchedCount = 0;
    // One pass sorts every position's move: on all classes (star, `?`) or on one class (a literal).
    for (let i = 0; i < n; i++) {
      const s = set[i]!;
      const t = nfa.token[s]!;
      if (t >= 0) {
        if (head[t] === -1) touched[touchedCount++] = t;
        this.bucketPos.push(s + 1);
        this.bucketNext.push(head[t]!);
        head[t] = this.bucketPos.length - 1;
      } else if (t === POS_STAR) {
        this.closeInto(s, this.all);
      } else if (t === POS_ANY) {
        this.closeInto(s + 1, this.all);
      }
    }
    this.all.length = sortUnique(this.all.data, this.all.length);
    sortUnique(touched, touchedCount);

    // Classes no literal mentions all go where the star and `?` moves go.
    const def = touchedCount < nfa.classCount ? this.internCandidate(this.copyAll(), true) : -1;
    let rowDefault = def;
    for (let k = 0; k < touchedCount; k++) {
      const c = touched[k]!;
      this.lit.length = 0;
      for (let b = head[c]!; b !== -1; b = this.bucketNext.data[b]!) this.closeInto(this.bucketPos.data[b]!, this.lit);
      head[c] = -1;
      this.lit.length = sortUnique(this.lit.data, this.lit.length);
      this.cand.length = 0;
      this.cand.reserve(this.all.length + this.lit.length);
      this.cand.length = mergeUnique(this.all.data, this.all.length, this.lit.data, this.lit.length, this.cand.data);
      const target = this.internCandidate(this.cand, true);
      if (this.overflow) return;
      // Only when literals cover every class: the smallest class's target becomes the default.
      if (rowDefault === -1) rowDefault = target;
      else if (target !== rowDefault) {
        this.excClass.push(c);
        this.excTarget.push(target);
      }
    }
    this.defaults.push(rowDefault);
  }

  private copyAll(): IntBuffer {
    this.cand.length = 0;
    this.cand.reserve(this.all.length);
    this.cand.data.set(this.all.data.subarray(0, this.all.length));
    this.cand.length = this.all.length;
    return this.cand;
  }

  /** Adds position s and everything its epsilon moves reach. */
  private closeInto(s: number, out: IntBuffer): void {
    const skip = this.nfa.skip;
    for (let p = s; p !== -1; p = skip[p]!) out.push(p);
  }

  /** Sorts (unless the caller built it sorted), prunes dominated positions, and interns. */
  private internCandidate(buf: IntBuffer, sorted = false): number {
    const n = sorted ? buf.length : sortUnique(buf.data, buf.length);
    this.work += n;
    return this.intern(buf.data, this.prune(buf.data, n));
  }

  /**
   * Drops positions that cannot change any future answer, scanning from the
   * top (highest priority) down:
   * - below a star of the same pattern: from the star the rest of the
   *   pattern is `*` + suffix, which matches whatever an earlier position
   *   of that pattern would (`*a*b*` after `a`: `*b*` covers `*a*b*`);
   * - below a sticky star (winner mode only): that pattern accepts every
   *   continuation, so nothing of lower priority can win any more.
   * Returns the new length; the kept positions stay sorted at the front.
   */
  private prune(data: Int32Array, n: number): number {
    const { sticky, token, pattern } = this.nfa;
    let w = n;
    let current = -1;
    let starSeen = false;
    for (let i = n - 1; i >= 0; i--) {
      const pos = data[i]!;
      const p = pattern[pos]!;
      if (p !== current) {
        current = p;
        starSeen = false;
      }
      if (starSeen) continue;
      data[--w] = pos;
      if (token[pos] === POS_STAR) {
        starSeen = true;
        if (sticky[pos] === 1 && !this.sets) break;
      }
    }
    if (w > 0) data.copyWithin(0, w, n);
    return n - w;
  }

  private intern(data: Int32Array, n: number): number {
    const id = this.table.intern(data, n);
    if (this.table.added) {
      let acc = -1;
      const payload = this.nfa.payload;
      if (this.sets) {
        const all: number[] = [];
        for (let i = 0; i < n; i++) if (payload[data[i]!]! >= 0) all.push(payload[data[i]!]!);
        acc = all.length === 0 ? -1 : this.sets.intern(all.sort((a, b) => a - b));
      } else {
        for (let i = n - 1; i >= 0 && acc === -1; i--) acc = payload[data[i]!]!;
      }
      this.accept.push(acc);
    }
    const b = this.budget;
    if (this.table.count > b.maxStates || this.table.pool.length > b.maxSetEntries || this.work > b.maxWork) this.overflow = true;
    return id;
  }
}

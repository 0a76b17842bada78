/**
 * Hopcroft's partition refinement on the sparse (default + exceptions) DFA,
 * followed by canonical renumbering.
 *
 * The initial partition splits states by accept payload, so two states that
 * let different rules win are never merged (merging them would hand one
 * rule's decision to another).
 *
 * Splitters are whole blocks (all classes at once). For a splitter B, let D
 * be the states whose default goes into B. On a class c, the predecessors of
 * B are D, minus the states of D whose exception on c leaves B, plus the
 * states outside D whose exception on c enters B. When some class has no
 * such correction its predecessor set is exactly D, so the partition is split
 * by D once and then only by the (small) corrections of each class; the
 * cost is then O(|D| + exceptions touching B) instead of O(classes × |D|).
 * Only when every class has corrections is each predecessor set built in full.
 */
import { IntBuffer } from "./int-buffer.js";
import { renumber } from "./renumber.js";
import type { SparseDfa } from "./sparse-dfa.js";

/** Minimal DFA for the same payload function, canonically numbered (dead state 0). Idempotent. */
export function minimizeDfa(d: SparseDfa): SparseDfa {
  const p = new Refiner(d);
  p.refine();
  return renumber(quotient(d, p.blockOf, p.blockCount), p.blockOf[0]!);
}

function quotient(d: SparseDfa, blockOf: Int32Array, blockCount: number): SparseDfa {
  const rep = new Int32Array(blockCount).fill(-1);
  for (let q = 0; q < d.stateCount; q++) if (rep[blockOf[q]!] === -1) rep[blockOf[q]!] = q;
  const accept = new Int32Array(blockCount);
  const defaults = new Int32Array(blockCount);
  const rowStart = new Int32Array(blockCount + 1);
  const excClass = new IntBuffer();
  const excTarget = new IntBuffer();
  for (let b = 0; b < blockCount; b++) {
    const q = rep[b]!;
    rowStart[b] = excClass.length;
    accept[b] = d.accept[q]!;
    const def = blockOf[d.defaults[q]!]!;
    defaults[b] = def;
    for (let e = d.rowStart[q]!; e < d.rowStart[q + 1]!; e++) {
      const t = blockOf[d.excTarget[e]!]!;
      if (t === def) continue;
      excClass.push(d.excClass[e]!);
      excTarget.push(t);
    }
  }
  rowStart[blockCount] = excClass.length;
  return {
    stateCount: blockCount,
    classCount: d.classCount,
    start: blockOf[d.start]!,
    accept,
    defaults,
    rowStart,
    excClass: excClass.toArray(),
    excTarget: excTarget.toArray(),
  };
}

class Refiner {
  readonly blockOf: Int32Array;
  blockCount = 0;

  // Partition: each block is a contiguous run of `elems`; its marked states come first.
  private readonly elems: Int32Array;
  private readonly loc: Int32Array;
  private readonly bStart: Int32Array;
  private readonly bEnd: Int32Array;
  private readonly bMarked: Int32Array;
  private readonly touched = new IntBuffer();

  // Worklist of splitter blocks.
  private readonly work: Int32Array;
  private workLen = 0;
  private readonly inWork: Uint8Array;

  // Inverse transitions.
  private readonly defInvStart: Int32Array;
  private readonly defInv: Int32Array;
  private readonly excInvStart: Int32Array;
  private readonly excInvSrc: Int32Array;
  private readonly excInvCls: Int32Array;

  // Per-splitter scratch, reset by bumping `stamp`.
  private stamp = 0;
  private readonly inB: Int32Array;
  private readonly inD: Int32Array;
  private readonly inR: Int32Array;
  private readonly classStamp: Int32Array;
  private readonly classHead: Int32Array;
  private readonly splitter = new IntBuffer();
  private readonly dList = new IntBuffer();
  private readonly involved = new IntBuffer();
  private readonly corrNext = new IntBuffer();
  private readonly corrState = new IntBuffer();

  constructor(private readonly d: SparseDfa) {
    const n = d.stateCount;
    this.blockOf = new Int32Array(n);
    this.elems = new Int32Array(n);
    this.loc = new Int32Array(n);
    this.bStart = new Int32Array(n);
    this.bEnd = new Int32Array(n);
    this.bMarked = new Int32Array(n);
    this.work = new Int32Array(n);
    this.inWork = new Uint8Array(n);
    this.inB = new Int32Array(n);
    this.inD = new Int32Array(n);
    this.inR = new Int32Array(n);
    this.classStamp = new Int32Array(d.classCount);
    this.classHead = new Int32Array(d.classCount);

    this.defInvStart = new Int32Array(n + 1);
    this.defInv = new Int32Array(n);
    for (let q = 0; q < n; q++) this.defInvStart[d.defaults[q]! + 1]!++;
    for (let t = 0; t < n; t++) this.defInvStart[t + 1]! += this.defInvStart[t]!;
    const fillD = this.defInvStart.slice(0, n);
    for (let q = 0; q < n; q++) this.defInv[fillD[d.defaults[q]!]!++] = q;

    const m = d.excTarget.length;
    this.excInvStart = new Int32Array(n + 1);
    this.excInvSrc = new Int32Array(m);
    this.excInvCls = new Int32Array(m);
    for (let e = 0; e < m; e++) this.excInvStart[d.excTarget[e]! + 1]!++;
    for (let t = 0; t < n; t++) this.excInvStart[t + 1]! += this.excInvStart[t]!;
    const fillE = this.excInvStart.slice(0, n);
    for (let q = 0; q < n; q++) {
      for (let e = d.rowStart[q]!; e < d.rowStart[q + 1]!; e++) {
        const k = fillE[d.excTarget[e]!]!++;
        this.excInvSrc[k] = q;
        this.excInvCls[k] = d.excClass[e]!;
      }
    }
    this.initialPartition();
  }

  /** One block per accept payload; every block but the largest starts as a splitter. */
  private initialPartition(): void {
    const d = this.d;
    const n = d.stateCount;
    const blockOfAccept = new Map<number, number>();
    const sizes: number[] = [];
    for (let q = 0; q < n; q++) {
      let b = blockOfAccept.get(d.accept[q]!);
      if (b === undefined) {
        b = sizes.length;
        blockOfAccept.set(d.accept[q]!, b);
        sizes.push(0);
      }
      this.blockOf[q] = b;
      sizes[b]!++;
    }
    this.blockCount = sizes.length;
    let at = 0;
    let largest = 0;
    for (let b = 0; b < sizes.length; b++) {
      this.bStart[b] = at;
      this.bEnd[b] = at;
      at += sizes[b]!;
      if (sizes[b]! > sizes[largest]!) largest = b;
    }
    for (let q = 0; q < n; q++) {
      const b = this.blockOf[q]!;
      const i = this.bEnd[b]!++;
      this.elems[i] = q;
      this.loc[q] = i;
    }
    for (let b = 0; b < sizes.length; b++) if (b !== largest) this.pushWork(b);
  }

  private pushWork(b: number): void {
    this.inWork[b] = 1;
    this.work[this.workLen++] = b;
  }

  refine(): void {
    while (this.workLen > 0) {
      const b = this.work[--this.workLen]!;
      this.inWork[b] = 0;
      this.splitBy(b);
    }
  }

  private splitBy(block: number): void {
    const { d, inB, inD, classStamp, classHead } = this;
    const stamp = ++this.stamp;
    // Snapshot: the splitter may itself be split while it is used.
    this.splitter.length = 0;
    for (let i = this.bStart[block]!; i < this.bEnd[block]!; i++) {
      const t = this.elems[i]!;
      this.splitter.push(t);
      inB[t] = stamp;
    }
    const B = this.splitter.data;
    const bLen = this.splitter.length;

    this.dList.length = 0;
    for (let k = 0; k < bLen; k++) {
      const t = B[k]!;
      for (let i = this.defInvStart[t]!; i < this.defInvStart[t + 1]!; i++) {
        const q = this.defInv[i]!;
        inD[q] = stamp;
        this.dList.push(q);
      }
    }

    this.involved.length = 0;
    this.corrNext.length = 0;
    this.corrState.length = 0;
    const addCorrection = (c: number, q: number): void => {
      if (classStamp[c] !== stamp) {
        classStamp[c] = stamp;
        classHead[c] = -1;
        this.involved.push(c);
      }
      this.corrState.push(q);
      this.corrNext.push(classHead[c]!);
      classHead[c] = this.corrState.length - 1;
    };
    // In D, but this class's exception leaves B.
    for (let k = 0; k < this.dList.length; k++) {
      const q = this.dList.data[k]!;
      for (let e = d.rowStart[q]!; e < d.rowStart[q + 1]!; e++) {
        if (inB[d.excTarget[e]!] !== stamp) addCorrection(d.excClass[e]!, q);
      }
    }
    // Outside D, but this class's exception enters B.
    for (let k = 0; k < bLen; k++) {
      const t = B[k]!;
      for (let i = this.excInvStart[t]!; i < this.excInvStart[t + 1]!; i++) {
        const q = this.excInvSrc[i]!;
        if (inD[q] !== stamp) addCorrection(this.excInvCls[i]!, q);
      }
    }

    const involved = this.involved;
    if (involved.length < d.classCount) {
      for (let k = 0; k < this.dList.length; k++) this.mark(this.dList.data[k]!);
      this.splitMarked();
      for (let j = 0; j < involved.length; j++) {
        for (let k = classHead[involved.data[j]!]!; k !== -1; k = this.corrNext.data[k]!) this.mark(this.corrState.data[k]!);
        this.splitMarked();
      }
      return;
    }
    // Every class has corrections: build each predecessor set (D \ R_c) ∪ A_c in full.
    for (let j = 0; j < involved.length; j++) {
      const rStamp = ++this.stamp;
      for (let k = classHead[involved.data[j]!]!; k !== -1; k = this.corrNext.data[k]!) {
        const q = this.corrState.data[k]!;
        if (inD[q] === stamp) this.inR[q] = rStamp;
        else this.mark(q);
      }
      for (let k = 0; k < this.dList.length; k++) {
        const q = this.dList.data[k]!;
        if (this.inR[q] !== rStamp) this.mark(q);
      }
      this.splitMarked();
    }
  }

  private mark(q: number): void {
    const b = this.blockOf[q]!;
    const i = this.loc[q]!;
    const j = this.bStart[b]! + this.bMarked[b]!;
    if (i < j) return;
    const other = this.elems[j]!;
    this.elems[j] = q;
    this.loc[q] = j;
    this.elems[i] = other;
    this.loc[other] = i;
    if (this.bMarked[b]!++ === 0) this.touched.push(b);
  }

  /** Splits every touched block into its marked and unmarked parts (Hopcroft's worklist rule). */
  private splitMarked(): void {
    for (let k = 0; k < this.touched.length; k++) {
      const b = this.touched.data[k]!;
      const marked = this.bMarked[b]!;
      this.bMarked[b] = 0;
      const size = this.bEnd[b]! - this.bStart[b]!;
      if (marked === size) continue;
      const nb = this.blockCount++;
      this.bStart[nb] = this.bStart[b]!;
      this.bEnd[nb] = this.bStart[b]! + marked;
      this.bStart[b] = this.bStart[b]! + marked;
      for (let i = this.bStart[nb]!; i < this.bEnd[nb]!; i++) this.blockOf[this.elems[i]!] = nb;
      if (this.inWork[b] === 1 || marked <= size - marked) this.pushWork(nb);
      else this.pushWork(b);
    }
    this.touched.length = 0;
  }
}

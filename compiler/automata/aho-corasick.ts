/**
 * Aho–Corasick automaton of literal factors as a SparseDfa: the accept of a
 * state is the highest rank among the factors that are a suffix of the text
 * read so far. Serves both unanchored single-factor shapes: `*F` (final
 * mode: the value ends with F) and `*F*` built as `*F` (register mode: the
 * value contains F).
 *
 * Why not the subset construction: every one of its states holds the leading
 * star of every pattern, so n infix rules cost O(n) per state and O(n²)
 * overall (seconds for a thousand rules). Here a state is a trie node:
 * O(total factor length) nodes, and each row is the node's children plus
 * its failure node's row, so the table costs O(nodes × distinct first
 * classes) before minimization.
 *
 * Invariants: state 0 is dead (never reached: every miss falls back to the
 * root), state 1 is the root and the start, states are numbered breadth
 * first, and rows are sorted by class and never repeat the default (the root).
 */
import { IntBuffer } from "./int-buffer.js";
import type { SparseDfa } from "./sparse-dfa.js";

const ROOT = 1;

/** `factors[k]` is a class sequence (non-empty); `ranks[k]` its accept. */
export function buildAhoCorasick(factors: readonly Int32Array[], ranks: readonly number[], classCount: number): SparseDfa {
  return buildAhoCorasickLinks(factors, ranks, classCount).dfa;
}

export interface AhoCorasickLinks {
  readonly dfa: SparseDfa;
  /** Per state: its failure state (the longest proper suffix that is a trie node); the root's is the root. */
  readonly fail: Int32Array;
  /** Per state: the last factor index that ends exactly at this trie node, or -1. */
  readonly own: Int32Array;
}

/** The automaton with its failure links and per-node factors, for callers that need every factor ending at a state. */
export function buildAhoCorasickLinks(factors: readonly Int32Array[], ranks: readonly number[], classCount: number): AhoCorasickLinks {
  // Trie in creation order: node 0 unused, node 1 the root.
  const child = new Map<number, number>();
  const firstChild = new IntBuffer();
  const nextSibling = new IntBuffer();
  const viaClass = new IntBuffer();
  const out = new IntBuffer();
  const ownOf = new IntBuffer();
  const newNode = (c: number): number => {
    firstChild.push(-1);
    nextSibling.push(-1);
    viaClass.push(c);
    out.push(-1);
    ownOf.push(-1);
    return out.length - 1;
  };
  newNode(-1);
  newNode(-1);
  factors.forEach((f, k) => {
    let u = ROOT;
    for (let i = 0; i < f.length; i++) {
      const key = u * classCount + f[i]!;
      let v = child.get(key);
      if (v === undefined) {
        v = newNode(f[i]!);
        child.set(key, v);
        nextSibling.data[v] = firstChild.data[u]!;
        firstChild.data[u] = v;
      }
      u = v;
    }
    out.data[u] = Math.max(out.data[u]!, ranks[k]!);
    ownOf.data[u] = k;
  });

  // Breadth first: state id = BFS index + 1, so each row can copy its failure node's, already written.
  const n = out.length;
  const stateOf = new Int32Array(n);
  const order = new IntBuffer(n);
  order.push(0);
  order.push(ROOT);
  stateOf[ROOT] = 1;
  const fail = new Int32Array(n + 1);
  const accept = new IntBuffer(n);
  const rowStart = new IntBuffer(n + 1);
  const excClass = new IntBuffer();
  const excTarget = new IntBuffer();
  accept.push(-1);
  rowStart.push(0);
  const kids: number[] = [];
  const lookup = (s: number, c: number): number => {
    let lo = rowStart.data[s]!;
    let hi = (s + 1 < rowStart.length ? rowStart.data[s + 1]! : excClass.length) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const x = excClass.data[mid]!;
      if (x === c) return excTarget.data[mid]!;
      if (x < c) lo = mid + 1;
      else hi = mid - 1;
    }
    return ROOT;
  };
  for (let k = 1; k < order.length; k++) {
    const node = order.data[k]!;
    const s = k; // this node's state id
    kids.length = 0;
    for (let v = firstChild.data[node]!; v !== -1; v = nextSibling.data[v]!) kids.push(v);
    kids.sort((a, b) => viaClass.data[a]! - viaClass.data[b]!);
    // Children's states are numbered as they are queued; failure links use rows already written.
    const kidState = kids.map((v) => {
      order.push(v);
      stateOf[v] = order.length - 1;
      fail[order.length - 1] = s === ROOT ? ROOT : lookup(fail[s]!, viaClass.data[v]!);
      return order.length - 1;
    });
    accept.push(s === ROOT ? out.data[node]! : Math.max(out.data[node]!, accept.data[fail[s]!]!));
    rowStart.push(excClass.length);
    // Row: the children, then the failure node's row for every other class.
    const f = s === ROOT ? 0 : fail[s]!;
    let e = f === 0 ? 0 : rowStart.data[f]!;
    const eEnd = f === 0 ? 0 : rowStart.data[f + 1]!;
    let j = 0;
    while (j < kids.length || e < eEnd) {
      const kc = j < kids.length ? viaClass.data[kids[j]!]! : Number.MAX_SAFE_INTEGER;
      const fc = e < eEnd ? excClass.data[e]! : Number.MAX_SAFE_INTEGER;
      if (kc <= fc) {
        excClass.push(kc);
        excTarget.push(kidState[j]!);
        j++;
        if (kc === fc) e++;
      } else {
        excClass.push(fc);
        excTarget.push(excTarget.data[e]!);
        e++;
      }
    }
  }
  rowStart.push(excClass.length);
  const stateCount = order.length;
  const own = new Int32Array(stateCount).fill(-1);
  for (let q = 1; q < stateCount; q++) own[q] = ownOf.data[order.data[q]!]!;
  fail[ROOT] = ROOT;
  const dfa: SparseDfa = {
    stateCount,
    classCount,
    start: ROOT,
    accept: accept.toArray(),
    defaults: Int32Array.from({ length: stateCount }, (_, q) => (q === 0 ? 0 : ROOT)),
    rowStart: rowStart.toArray(),
    excClass: excClass.toArray(),
    excTarget: excTarget.toArray(),
  };
  return { dfa, fail: fail.slice(0, stateCount), own };
}

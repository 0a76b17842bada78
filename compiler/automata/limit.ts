/**
 * Per-state stop limits of a matcher part (runtime/matcher.ts): the highest
 * accept reachable from q, q included ("bound"); in final mode a state whose
 * answer can no longer change (`decided`) gets SETTLED instead, so one load
 * per character serves both early stops.
 *
 * O(states + transitions): states are taken by decreasing accept, and each
 * one floods the not-yet-bounded states that can reach it along inverse
 * transitions; a state is bounded by the first (highest) flood that reaches
 * it, so every state and edge is visited once.
 */
import { SETTLED, MODE_FINAL, type PartMode } from "../../runtime/matcher.js";
import { IntBuffer } from "./int-buffer.js";
import { inverseEdges } from "./inverse-edges.js";
import type { SparseDfa } from "./sparse-dfa.js";

export function reachableBound(d: SparseDfa): Int32Array {
  const n = d.stateCount;
  const { start: invStart, from: inv } = inverseEdges(d);
  const order = Array.from({ length: n }, (_, q) => q).sort((a, b) => d.accept[b]! - d.accept[a]! || a - b);
  const bound = new Int32Array(n);
  const done = new Uint8Array(n);
  const queue = new IntBuffer();
  for (const s of order) {
    if (done[s] === 1) continue;
    const value = d.accept[s]!;
    done[s] = 1;
    bound[s] = value;
    queue.length = 0;
    queue.push(s);
    for (let k = 0; k < queue.length; k++) {
      const t = queue.data[k]!;
      for (let i = invStart[t]!; i < invStart[t + 1]!; i++) {
        const p = inv[i]!;
        if (done[p] === 0) {
          done[p] = 1;
          bound[p] = value;
          queue.push(p);
        }
      }
    }
  }
  return bound;
}

export function partLimits(d: SparseDfa, decided: Uint8Array, mode: PartMode): Int32Array {
  const bound = reachableBound(d);
  if (mode === MODE_FINAL) for (let q = 0; q < d.stateCount; q++) if (decided[q] === 1) bound[q] = SETTLED;
  return bound;
}

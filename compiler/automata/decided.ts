/**
 * decided[q] = 1 when every state reachable from q (q included) has q's
 * accept value: from there the answer can no longer change, so the matcher
 * stops reading. Example: after `rm -rf ` in `rm -rf *` (with nothing more
 * specific above it) the rule has won whatever follows.
 *
 * Greatest fixpoint in O(states + transitions): a state is undecided if one
 * of its targets has another accept value or is itself undecided; that
 * spreads backwards along the inverse transitions.
 */
import { IntBuffer } from "./int-buffer.js";
import { inverseEdges } from "./inverse-edges.js";
import type { SparseDfa } from "./sparse-dfa.js";

export function computeDecided(d: SparseDfa): Uint8Array {
  const n = d.stateCount;
  const { start: invStart, from: inv } = inverseEdges(d);

  const undecided = new Uint8Array(n);
  const queue = new IntBuffer();
  const flag = (q: number): void => {
    if (undecided[q] === 0) {
      undecided[q] = 1;
      queue.push(q);
    }
  };
  for (let q = 0; q < n; q++) {
    const a = d.accept[q]!;
    if (d.accept[d.defaults[q]!] !== a) flag(q);
    for (let e = d.rowStart[q]!; e < d.rowStart[q + 1]!; e++) if (d.accept[d.excTarget[e]!] !== a) flag(q);
  }
  for (let k = 0; k < queue.length; k++) {
    const t = queue.data[k]!;
    for (let i = invStart[t]!; i < invStart[t + 1]!; i++) flag(inv[i]!);
  }
  const decided = new Uint8Array(n);
  for (let q = 0; q < n; q++) decided[q] = 1 - undecided[q]!;
  return decided;
}

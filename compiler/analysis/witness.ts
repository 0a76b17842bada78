import type { Automaton } from "../../runtime/automaton.js";

/** One transition on a code unit, exactly as the runtime's matcher takes it. */
export function step(a: Automaton, q: number, unit: number): number {
  const c = a.classBlocks[(a.classIndex[unit >> 8]! << 8) | (unit & 255)]!;
  const j = a.base[q]! + c;
  return a.check[j] === q ? a.next[j]! : a.defaults[q]!;
}

/**
 * Code units that together reach every transition of the product of a
 * single-rule automaton and a policy automaton: each literal unit of the rule,
 * plus one unit per class of the policy automaton that the rule does not
 * mention (all such units look alike to both automata).
 */
export function productAlphabet(policy: Automaton, ruleLiterals: ReadonlySet<number>): number[] {
  const seenClass = new Set<number>();
  const units: number[] = [...ruleLiterals].sort((x, y) => x - y);
  // Units whose high bytes share a block map alike, so each distinct block is scanned once.
  const scannedBlocks = new Set<number>();
  for (let hi = 0; hi < 256 && seenClass.size < policy.classCount; hi++) {
    const block = policy.classIndex[hi]!;
    if (scannedBlocks.has(block)) continue;
    scannedBlocks.add(block);
    for (let lo = 0; lo < 256; lo++) {
      const u = (hi << 8) | lo;
      if (ruleLiterals.has(u)) continue;
      const c = policy.classBlocks[(block << 8) | lo]!;
      if (seenClass.has(c)) continue;
      seenClass.add(c);
      units.push(u);
    }
  }
  return units;
}

export interface ProductSearch {
  /** The shortest value the rule matches for which `wanted(winner)` holds, with that winner. */
  readonly witness: { readonly value: string; readonly winner: number } | null;
  /** Every policy winner seen on a value the rule matches (bounded by the search). */
  readonly winners: ReadonlySet<number>;
  /** False when the pair budget ran out before the product was explored. */
  readonly complete: boolean;
  /** Product states visited: the search's cost. */
  readonly explored: number;
}

/** Breadth-first search of the product automaton, so the first witness is a shortest one. */
export function searchProduct(
  rule: Automaton,
  policy: Automaton,
  alphabet: readonly number[],
  wanted: (winner: number) => boolean,
  maxPairs = 200_000,
  stopAtWitness = false,
): ProductSearch {
  const width = policy.stateCount;
  const parent = new Map<number, number>();
  const via = new Map<number, number>();
  const start = rule.start * width + policy.start;
  parent.set(start, -1);
  const queue = [start];
  const winners = new Set<number>();
  let witness: ProductSearch["witness"] = null;
  for (let head = 0; head < queue.length; head++) {
    const key = queue[head]!;
    const qr = Math.floor(key / width);
    const qp = key % width;
    if (rule.accept[qr]! >= 0) {
      const winner = policy.accept[qp]!;
      winners.add(winner);
      if (witness === null && wanted(winner)) {
        witness = { value: spell(key, parent, via), winner };
        if (stopAtWitness) return { witness, winners, complete: false, explored: parent.size };
      }
    }
    for (const unit of alphabet) {
      const nr = step(rule, qr, unit);
      if (nr === 0) continue;
      const next = nr * width + step(policy, qp, unit);
      if (parent.has(next)) continue;
      if (parent.size >= maxPairs) return { witness, winners, complete: false, explored: parent.size };
      parent.set(next, key);
      via.set(next, unit);
      queue.push(next);
    }
  }
  return { witness, winners, complete: true, explored: parent.size };
}

/** The value along a breadth-first search's parent links. */
export function spell(key: number, parent: ReadonlyMap<number, number>, via: ReadonlyMap<number, number>): string {
  const units: number[] = [];
  for (let k = key; parent.get(k)! >= 0; k = parent.get(k)!) units.push(via.get(k)!);
  return String.fromCharCode(...units.reverse());
}

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
  for (let u = 0; u < 65_536; u++) {
    if (ruleLiterals.has(u)) continue;
    const c = policy.classBlocks[(policy.classIndex[u >> 8]! << 8) | (u & 255)]!;
    if (seenClass.has(c)) continue;
    seenClass.add(c);
    units.push(u);
    if (seenClass.size === policy.classCount) break;
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
}

/** Breadth-first search of the product automaton, so the first witness is a shortest one. */
export function searchProduct(
  rule: Automaton,
  policy: Automaton,
  alphabet: readonly number[],
  wanted: (winner: number) => boolean,
  maxPairs = 200_000,
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
      if (witness === null && wanted(winner)) witness = { value: spell(key, parent, via), winner };
    }
    for (const unit of alphabet) {
      const nr = step(rule, qr, unit);
      if (nr === 0) continue;
      const next = nr * width + step(policy, qp, unit);
      if (parent.has(next)) continue;
      if (parent.size >= maxPairs) return { witness, winners, complete: false };
      parent.set(next, key);
      via.set(next, unit);
      queue.push(next);
    }
  }
  return { witness, winners, complete: true };
}

/** The value along a breadth-first search's parent links. */
export function spell(key: number, parent: ReadonlyMap<number, number>, via: ReadonlyMap<number, number>): string {
  const units: number[] = [];
  for (let k = key; parent.get(k)! >= 0; k = parent.get(k)!) units.push(via.get(k)!);
  return String.fromCharCode(...units.reverse());
}

import type { Automaton } from "../../runtime/automaton.js";

function classOf(a: Automaton, u: number): number {
  return a.classBlocks[(a.classIndex[u >> 8]! << 8) | (u & 255)]!;
}

/** One code unit per pair of classes that occurs, so a product search sees every distinct move of both automata. */
export function pairAlphabet(a: Automaton, b: Automaton): number[] {
  const seen = new Set<number>();
  const units: number[] = [];
  for (let u = 0; u < 65_536; u++) {
    const key = classOf(a, u) * b.classCount + classOf(b, u);
    if (seen.has(key)) continue;
    seen.add(key);
    units.push(u);
  }
  return units;
}

import type { PolicyTables } from "../passes/build-automata.js";

/** Per value automaton, the rules that win in at least one state: the rules that can decide something there. */
export function winnersByAutomaton(tables: PolicyTables): ReadonlyArray<ReadonlySet<number>> {
  return tables.valueAutomata.map((groups) => {
    const wins = new Set<number>();
    for (const a of groups) for (let q = 0; q < a.stateCount; q++) wins.add(a.accept[q]!);
    return wins;
  });
}

/** True when rule r decides some value in some automaton it belongs to. */
export function canDecide(tables: PolicyTables, winners: ReadonlyArray<ReadonlySet<number>>, r: number): boolean {
  return tables.valueSources.some((src, i) => src.rules.includes(r) && winners[i]!.has(r));
}

import { acceptedPayloads } from "../automata/index.js";
import type { PolicyTables } from "../policy-tables.js";

/** Which value automata each rule was built into, and which rules win somewhere in each. */
export interface RuleHomes {
  /** Per rule index: the value automata it belongs to. */
  readonly homes: ReadonlyArray<readonly number[]>;
  /** Per value automaton: the rules that win in at least one state. */
  readonly winners: ReadonlyArray<ReadonlySet<number>>;
}

export function ruleHomes(tables: PolicyTables, ruleCount: number): RuleHomes {
  const homes: number[][] = Array.from({ length: ruleCount }, () => []);
  tables.valueSources.forEach((src, i) => {
    for (const r of src.rules) homes[r]?.push(i);
  });
  const winners = tables.valueMatchers.map(acceptedPayloads);
  return { homes, winners };
}

/** True when rule r decides some value in some automaton it belongs to. */
export function canDecide(h: RuleHomes, r: number): boolean {
  return (h.homes[r] ?? []).some((i) => h.winners[i]!.has(r));
}

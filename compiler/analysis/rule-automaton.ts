import type { Automaton } from "../../runtime/automaton.js";
import { compileAutomata } from "../automata/index.js";
import { foldRepresentatives } from "../automata/case-fold.js";
import { foldPattern, type LoweredPolicy, type PathFolding } from "../lower/lower-policy.js";

export interface RuleAutomaton {
  readonly automaton: Automaton;
  /** Every code unit the pattern names literally (with its case-fold class when folded). */
  readonly literals: ReadonlySet<number>;
}

/**
 * Built automata by lowered pattern: watch mode recompiles the same rules on
 * every save, and building one costs ~1.5 ms. Results depend only on the key.
 */
const cache = new Map<string, RuleAutomaton | null>();
const CACHE_SIZE = 20_000;

/** The automaton of one rule's value pattern alone, lowered exactly as in its policy automaton. */
export function ruleAutomaton(lowered: LoweredPolicy, rule: number, folding: PathFolding): RuleAutomaton | null {
  const pattern = foldPattern(lowered.rulePattern[rule]!, folding);
  const folded = folding !== "none";
  const key = `${folded ? 1 : 0}\u0000${pattern}`;
  if (cache.has(key)) return cache.get(key)!;
  const built = buildRuleAutomaton(pattern, folded);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, built);
  return built;
}

function buildRuleAutomaton(pattern: string, folded: boolean): RuleAutomaton | null {
  const built = compileAutomata([{ pattern, payload: 0 }], { foldCase: folded });
  const automaton = built.groups[0];
  if (!automaton || built.groups.length !== 1) return null;
  const literals = new Set<number>();
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch !== "*" && ch !== "?") literals.add(pattern.charCodeAt(i));
  }
  if (folded) {
    const rep = foldRepresentatives();
    const reps = new Set([...literals].map((u) => rep[u]!));
    for (let u = 0; u < 65_536; u++) if (reps.has(rep[u]!)) literals.add(u);
  }
  return { automaton, literals };
}

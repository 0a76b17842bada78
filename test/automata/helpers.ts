/** Small helpers shared by the automata tests. */
import { determinizeGroup, type RawGroup } from "../../compiler/automata/build-automaton.js";
import { foldRepresentatives } from "../../compiler/automata/case-fold.js";
import { DEFAULT_SET_ENTRIES, DEFAULT_WORK } from "../../compiler/automata/determinize.js";
import { compileAutomata } from "../../compiler/automata/index.js";
import { parsePattern } from "../../compiler/automata/parse-pattern.js";
import { transition, type SparseDfa } from "../../compiler/automata/sparse-dfa.js";
import { runGroups } from "../../runtime/automaton.js";

/** Does the compiled single pattern match the value? */
export function compiledMatch(pattern: string, value: string, foldCase = false): boolean {
  return runGroups(compileAutomata([{ pattern, payload: 1 }], { foldCase }).groups, value) === 1;
}

/** The raw subset-construction DFA of some patterns (payload = index), before minimization. */
export function rawDfa(patterns: readonly string[], foldCase = false): RawGroup {
  const foldRep = foldCase ? foldRepresentatives() : null;
  const raw = determinizeGroup(
    patterns.map((p) => parsePattern(p, foldRep)),
    patterns.map((_, i) => i),
    foldRep,
    { maxStates: 1_000_000, maxSetEntries: DEFAULT_SET_ENTRIES, maxWork: DEFAULT_WORK },
  );
  if (raw === null) throw new Error("unexpected overflow");
  return raw;
}

/** Runs a sparse DFA over a value, given the class of every code unit. */
export function runSparse(d: SparseDfa, classOf: (unit: number) => number, value: string): number {
  let q = d.start;
  for (let i = 0; i < value.length; i++) q = transition(d, q, classOf(value.charCodeAt(i)));
  return d.accept[q]!;
}

/**
 * Size of the minimal DFA by naive Moore refinement over the dense table
 * (quadratic, for small automata only): reachable states plus the dead state.
 */
export function naiveMinimalStateCount(d: SparseDfa): number {
  const reach = new Set<number>([0, d.start]);
  const queue = [d.start];
  while (queue.length > 0) {
    const q = queue.pop()!;
    for (let c = 0; c < d.classCount; c++) {
      const t = transition(d, q, c);
      if (!reach.has(t)) {
        reach.add(t);
        queue.push(t);
      }
    }
  }
  const states = [...reach];
  let block = new Map(states.map((q) => [q, d.accept[q]!]));
  let count = new Set(block.values()).size;
  for (;;) {
    const ids = new Map<string, number>();
    const next = new Map<number, number>();
    for (const q of states) {
      const row = [block.get(q)];
      for (let c = 0; c < d.classCount; c++) row.push(block.get(transition(d, q, c)));
      const key = row.join(",");
      if (!ids.has(key)) ids.set(key, ids.size);
      next.set(q, ids.get(key)!);
    }
    if (ids.size === count) return count;
    count = ids.size;
    block = next;
  }
}

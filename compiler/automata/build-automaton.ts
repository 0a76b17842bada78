/**
 * One group's patterns → a runtime Automaton, in two steps so the group
 * search can afford many trial determinizations: `determinizeGroup` (the only
 * step whose size depends on the budget) and `finishGroup` (merge equivalent
 * classes, minimize, merge again since minimization makes more columns
 * equal) followed by `toAutomaton` (pack the tables).
 */
import type { Automaton } from "../../runtime/automaton.js";
import { buildAlphabet, classOfUnits, type Alphabet } from "./alphabet.js";
import { buildClassMap } from "./class-map.js";
import { computeDecided } from "./decided.js";
import { determinize, type AcceptSetInterner, type DeterminizeBudget } from "./determinize.js";
import { mergeClasses } from "./merge-classes.js";
import { minimizeDfa } from "./minimize.js";
import { packTable } from "./pack-table.js";
import type { ParsedPattern } from "./parse-pattern.js";
import { buildPositionNfa } from "./position-nfa.js";
import { renumber } from "./renumber.js";
import type { SparseDfa } from "./sparse-dfa.js";

export interface RawGroup {
  readonly alphabet: Alphabet;
  readonly dfa: SparseDfa;
}

export interface GroupDfa {
  /** Minimal, canonically numbered. */
  readonly dfa: SparseDfa;
  /** Class of every code unit, in the dfa's class numbering. */
  readonly classOfUnit: Int32Array;
}

/** Patterns and payloads in priority order, lowest first; null when over budget. */
export function determinizeGroup(
  patterns: readonly ParsedPattern[],
  payloads: readonly number[],
  foldRep: Uint16Array | null,
  budget: DeterminizeBudget,
  sets?: AcceptSetInterner,
): RawGroup | null {
  const alphabet = buildAlphabet(patterns, foldRep);
  const dfa = determinize(buildPositionNfa(patterns, payloads, alphabet), budget, sets);
  return dfa === null ? null : { alphabet, dfa };
}

export function finishGroup(raw: RawGroup, foldRep: Uint16Array | null): GroupDfa {
  const first = mergeClasses(raw.dfa);
  const second = mergeClasses(minimizeDfa(first.dfa));
  const classOfUnit = classOfUnits(raw.alphabet, foldRep);
  for (let u = 0; u < 65_536; u++) classOfUnit[u] = second.classMap[first.classMap[classOfUnit[u]!]!]!;
  // Merging keeps each group's first class, so the BFS order survives; renumbering just re-asserts it.
  return { dfa: renumber(second.dfa, 0), classOfUnit };
}

export function toAutomaton(g: GroupDfa): Automaton {
  const { dfa } = g;
  const { classIndex, classBlocks } = buildClassMap(g.classOfUnit, dfa.classCount);
  return {
    stateCount: dfa.stateCount,
    classCount: dfa.classCount,
    start: dfa.start,
    classIndex,
    classBlocks,
    ...packTable(dfa),
    accept: dfa.accept,
    decided: computeDecided(dfa),
  };
}

/**
 * Wildcard patterns with last-match-wins priorities → minimized DFA tables.
 *
 * Pipeline (one file each): parse-pattern → alphabet → position-nfa →
 * determinize (budgeted; split-groups when over) → merge-classes → minimize
 * → renumber → decided + pack-table → serialize. Pure: problems are
 * reported, never thrown. Value matchers first sort the patterns by shape
 * (decompose, build-matcher) and give each part stop limits (limit).
 */
import type { Automaton, SerializedAutomaton } from "../../runtime/automaton.js";
import { determinizeGroup, finishGroup, toAutomaton } from "./build-automaton.js";
import { foldRepresentatives } from "./case-fold.js";
import { DEFAULT_SET_ENTRIES, DEFAULT_WORK } from "./determinize.js";
import { isUniversal, parsePattern, patternKey } from "./parse-pattern.js";
import { buildMatcher } from "./build-matcher.js";
import { splitGroups, type GroupItem } from "./split-groups.js";
import {
  DEFAULT_MAX_PATTERN_LENGTH,
  DEFAULT_MAX_STATES,
  type AutomataOptions,
  type AutomataResult,
  type AutomatonProblem,
  type MatcherResult,
  type PrioritizedPattern,
} from "./types.js";

export type { AutomataOptions, AutomataResult, AutomatonProblem, MatcherResult, PrioritizedPattern } from "./types.js";
export { DEFAULT_MAX_PATTERN_LENGTH, DEFAULT_MAX_STATES } from "./types.js";
export { serializeAutomaton, serializeMatcher } from "./serialize.js";
export { minimizeDfa } from "./minimize.js";
export type { SparseDfa } from "./sparse-dfa.js";
export { acceptedPayloads, matcherStateCount, singleAutomaton } from "./matcher-view.js";
export type { Automaton, SerializedAutomaton };

export function compileAutomata(patterns: readonly PrioritizedPattern[], opts: AutomataOptions): AutomataResult {
  const { maxStates, maxLength, foldRep } = checkedOptions(opts);
  if (opts.acceptSets) return compileAcceptSets(patterns, foldRep, maxStates, maxLength);
  const { kept, twins, problems } = keepDistinct(patterns, foldRep, maxLength);
  const split = splitGroups(kept, foldRep, { maxStates, maxSetEntries: DEFAULT_SET_ENTRIES, maxWork: DEFAULT_WORK });
  reportTooLarge(split.tooLarge, twins, maxStates, problems);
  if (split.groups.length > 1) problems.push({ kind: "split", groups: split.groups.length, limit: maxStates });
  const groups: Automaton[] = split.groups.map((g) => toAutomaton(finishGroup(g, foldRep)));
  return { groups, problems };
}

/**
 * Winner mode as a matcher (runtime/matcher.ts): the same answers as
 * `compileAutomata`'s groups, but patterns of shapes that multiply in one
 * DFA (prefix rules beside `*word*` rules) run as separate parts combined by
 * priority, so the tables stay linear in the patterns (build-matcher.ts).
 */
export function compileMatcher(patterns: readonly PrioritizedPattern[], opts: Omit<AutomataOptions, "acceptSets">): MatcherResult {
  const { maxStates, maxLength, foldRep } = checkedOptions(opts);
  const { kept, twins, problems } = keepDistinct(patterns, foldRep, maxLength);
  const built = buildMatcher(kept, foldRep, { maxStates, maxSetEntries: DEFAULT_SET_ENTRIES, maxWork: DEFAULT_WORK }, opts.trySingleDfa ?? true);
  reportTooLarge(built.tooLarge, twins, maxStates, problems);
  if (built.budgetSplit) problems.push({ kind: "split", groups: built.matcher.parts.length, limit: maxStates });
  return { matcher: built.matcher, problems };
}

function checkedOptions(opts: AutomataOptions): { maxStates: number; maxLength: number; foldRep: Uint16Array | null } {
  const maxStates = opts.maxStates ?? DEFAULT_MAX_STATES;
  const maxLength = opts.maxPatternLength ?? DEFAULT_MAX_PATTERN_LENGTH;
  // Two states (dead + start) are the least any pattern needs; `*` always fits, so it may shadow.
  if (!Number.isSafeInteger(maxStates) || maxStates < 2) throw new RangeError(`maxStates must be an integer >= 2, got ${maxStates}`);
  if (!Number.isSafeInteger(maxLength) || maxLength < 0) throw new RangeError(`maxPatternLength must be a non-negative integer, got ${maxLength}`);
  return { maxStates, maxLength, foldRep: opts.foldCase ? foldRepresentatives() : null };
}

/**
 * Walks from the highest priority down. A pattern identical to a later one,
 * or below a later `*`, can never win, so it is dropped before any
 * automaton work (this also keeps duplicate rules from costing budget).
 * Returns the rest in priority order, lowest first.
 */
function keepDistinct(
  patterns: readonly PrioritizedPattern[],
  foldRep: Uint16Array | null,
  maxLength: number,
): { kept: GroupItem[]; twins: Map<number, number[]>; problems: AutomatonProblem[] } {
  const problems: AutomatonProblem[] = [];
  const kept: GroupItem[] = [];
  const seen = new Map<string, number>();
  // A dropped duplicate shares the fate of the kept twin, including "too many states".
  const twins = new Map<number, number[]>();
  let shadowed = false;
  for (let i = patterns.length - 1; i >= 0; i--) {
    const { pattern, payload } = patterns[i]!;
    if (!Number.isInteger(payload) || payload < 0 || payload > 0x7fff_ffff) {
      throw new RangeError(`payload of pattern ${i} must be an integer in [0, 2^31), got ${payload}`);
    }
    if (pattern.length > maxLength) {
      problems.push({ kind: "pattern-too-long", index: i, length: pattern.length, limit: maxLength });
      continue;
    }
    if (shadowed) continue;
    const parsed = parsePattern(pattern, foldRep);
    const key = patternKey(parsed);
    const twin = seen.get(key);
    if (twin !== undefined) {
      twins.set(twin, [...(twins.get(twin) ?? []), i]);
      continue;
    }
    seen.set(key, i);
    kept.push({ parsed, payload, index: i });
    if (isUniversal(parsed)) shadowed = true;
  }
  kept.reverse();
  return { kept, twins, problems };
}

function reportTooLarge(tooLarge: readonly number[], twins: ReadonlyMap<number, number[]>, maxStates: number, problems: AutomatonProblem[]): void {
  for (const index of tooLarge) {
    for (const i of [index, ...(twins.get(index) ?? [])]) problems.push({ kind: "too-many-states", index: i, limit: maxStates });
  }
  problems.sort((a, b) => problemIndex(a) - problemIndex(b));
}

function problemIndex(p: AutomatonProblem): number {
  return p.kind === "split" ? Number.MAX_SAFE_INTEGER : p.index;
}

/**
 * Set mode: every pattern stays (no shadowing, no dedupe: equal patterns with
 * different payloads must all be reported), in one automaton.
 */
function compileAcceptSets(patterns: readonly PrioritizedPattern[], foldRep: Uint16Array | null, maxStates: number, maxLength: number): AutomataResult {
  const problems: AutomatonProblem[] = [];
  const kept = patterns.flatMap((p, index) => {
    if (p.pattern.length <= maxLength) return [{ parsed: parsePattern(p.pattern, foldRep), payload: p.payload }];
    problems.push({ kind: "pattern-too-long", index, length: p.pattern.length, limit: maxLength });
    return [];
  });
  const sets: number[][] = [];
  const ids = new Map<string, number>();
  const interner = {
    intern(payloads: readonly number[]): number {
      const key = payloads.join(",");
      let id = ids.get(key);
      if (id === undefined) {
        id = sets.length;
        ids.set(key, id);
        sets.push([...payloads]);
      }
      return id;
    },
  };
  const raw = determinizeGroup(
    kept.map((k) => k.parsed),
    kept.map((k) => k.payload),
    foldRep,
    { maxStates, maxSetEntries: DEFAULT_SET_ENTRIES, maxWork: DEFAULT_WORK },
    interner,
  );
  if (raw === null) {
    problems.push({ kind: "too-many-states", index: patterns.length - 1, limit: maxStates });
    return { groups: [], problems };
  }
  return { groups: [toAutomaton(finishGroup(raw, foldRep))], problems, sets };
}

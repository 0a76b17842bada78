/**
 * Sticky multi-factor pieces → a sequence part (runtime/sequence.ts): the
 * Aho–Corasick automaton of every factor, whose accept at a state is the
 * hit list of the (pattern, stage) steps whose factor is a suffix of the
 * text read, plus the per-pattern step tables.
 *
 * Which pieces: register pieces (final star removed) of literals and stars
 * only, with at least two factors after a star (`*A*B`, `P*A*B`): exactly
 * the ones whose DFA needs a "seen A" flag per pattern. `*A` stays in the
 * plain Aho–Corasick part and `P*A` in the anchored-sticky DFA, where one
 * factor per pattern costs no flags.
 *
 * Work bound: a hit list is every step whose factor ends at the state, so
 * factors shared by many patterns, or nested in each other, make lists long.
 * Lists are capped at HIT_CAP steps: the lowest-ranked patterns of an
 * overfull list are handed back (they go to the DFA parts, which are exact
 * for any shape) and the automaton is rebuilt without them, so check() does
 * at most HIT_CAP register steps per character. Compile time: O(total
 * factor length × HIT_CAP) per round, and each round removes patterns.
 */
import { buildAhoCorasickLinks } from "./aho-corasick.js";
import { buildAlphabet, type Alphabet } from "./alphabet.js";
import type { RawGroup } from "./build-automaton.js";
import { ANY, STAR, type ParsedPattern } from "./parse-pattern.js";
import type { StoredSequence } from "../../runtime/sequence.js";

/** Most steps in one hit list (runtime/sequence.ts accepts up to MAX_HITS). */
export const HIT_CAP = 16;

export interface SequencePiece {
  /** Without the final star. */
  readonly parsed: ParsedPattern;
  readonly rank: number;
}

/** The literal runs of a piece and whether the first is an anchored prefix; null unless it is a sequence shape. */
export function sequenceFactors(p: ParsedPattern): { anchored: boolean; factors: Int32Array[] } | null {
  const t = p.tokens;
  if (p.optionalTailFrom >= 0 || t.length === 0) return null;
  const factors: Int32Array[] = [];
  let from = 0;
  for (let i = 0; i <= t.length; i++) {
    if (i < t.length && t[i] === ANY) return null;
    if (i === t.length || t[i] === STAR) {
      if (i > from) factors.push(t.slice(from, i));
      from = i + 1;
    }
  }
  const anchored = t[0] !== STAR;
  const afterStar = factors.length - (anchored ? 1 : 0);
  // A final star was removed by the caller; a piece that still ends in one is not a register piece.
  if (t[t.length - 1] === STAR || afterStar < 2) return null;
  return { anchored, factors };
}

export interface SequenceTablesBuild extends StoredSequence {
  readonly raw: RawGroup;
}

export interface SequenceBuild {
  /** Null when no piece is left. */
  readonly part: SequenceTablesBuild | null;
  /** Indices into the caller's pieces handed back to the DFA parts. */
  readonly handedBack: readonly number[];
}

/** `pieces` must all be sequence shapes (sequenceFactors non-null). */
export function buildSequence(pieces: readonly SequencePiece[], foldRep: Uint16Array | null): SequenceBuild {
  const out = new Set<number>();
  for (;;) {
    const live = pieces.flatMap((_p, i) => (out.has(i) ? [] : [i]));
    if (live.length === 0) return { part: null, handedBack: [...out].sort((a, b) => a - b) };
    const built = attempt(pieces, live, foldRep);
    if (built.overfull.length === 0) return { part: built.part, handedBack: [...out].sort((a, b) => a - b) };
    for (const i of built.overfull) out.add(i);
  }
}

function attempt(
  pieces: readonly SequencePiece[],
  live: readonly number[],
  foldRep: Uint16Array | null,
): { part: SequenceTablesBuild | null; overfull: number[] } {
  const alphabet: Alphabet = buildAlphabet(
    live.map((i) => pieces[i]!.parsed),
    foldRep,
  );
  // Distinct factors (as class sequences); per factor the steps that use it and the prefix it is, if any.
  const factorId = new Map<string, number>();
  const distinct: Int32Array[] = [];
  const stepsOfFactor: number[][] = [];
  const prefixOfFactor: number[] = [];
  const prefixFactorId: number[] = [];
  const stepPiece: number[] = [];
  const stepFactorId: number[] = [];
  const patternFirstStep = new Int32Array(live.length + 1);
  const patternPrefix = new Int32Array(live.length).fill(-1);
  const patternRank = new Int32Array(live.length);
  const idOf = (f: Int32Array): number => {
    const classes = Int32Array.from(f, (tok) => alphabet.classOfLiteral[tok]!);
    const key = classes.join(",");
    let id = factorId.get(key);
    if (id === undefined) {
      id = distinct.length;
      factorId.set(key, id);
      distinct.push(classes);
      stepsOfFactor.push([]);
      prefixOfFactor.push(-1);
    }
    return id;
  };
  live.forEach((i, p) => {
    const { anchored, factors } = sequenceFactors(pieces[i]!.parsed)!;
    patternRank[p] = pieces[i]!.rank;
    factors.forEach((f, k) => {
      const id = idOf(f);
      if (anchored && k === 0) {
        if (prefixOfFactor[id] === -1) {
          prefixOfFactor[id] = prefixFactorId.length;
          prefixFactorId.push(id);
        }
        patternPrefix[p] = prefixOfFactor[id]!;
        return;
      }
      stepsOfFactor[id]!.push(stepPiece.length);
      stepPiece.push(p);
      stepFactorId.push(id);
    });
    patternFirstStep[p + 1] = stepPiece.length;
  });
  // A factor shared by more steps than a list holds overflows every list it is in: trim those first,
  // so that the walks below stay within HIT_CAP steps per failure-chain node.
  const crowded = new Set<number>();
  for (const steps of stepsOfFactor) if (steps.length > HIT_CAP) keepBest(steps, HIT_CAP, stepPiece, patternRank, live, crowded);
  if (crowded.size > 0) return { overfull: [...crowded], part: null };
  const ac = buildAhoCorasickLinks(
    distinct,
    distinct.map((_, k) => k),
    alphabet.classCount,
  );
  const n = ac.dfa.stateCount;

  // Hit list sizes along failure links (states are breadth first, so a failure state comes earlier).
  const size = new Int32Array(n);
  for (let q = 2; q < n; q++) size[q] = size[ac.fail[q]!]! + (ac.own[q]! >= 0 ? stepsOfFactor[ac.own[q]!]!.length : 0);
  const overfull = new Set<number>();
  for (let q = 2; q < n; q++) {
    if (size[q]! <= HIT_CAP) continue;
    keepBest(hitSteps(ac.fail, ac.own, stepsOfFactor, q), HIT_CAP, stepPiece, patternRank, live, overfull);
  }
  if (overfull.size > 0) return { overfull: [...overfull], part: null };

  // Hit lists, interned in state order; a state's accept is its list's id. A list is the steps of
  // every factor that is a suffix of the state's text, and the prefix equal to its whole text (an
  // anchored prefix occurs at 0 only when the text read so far is exactly that trie node).
  const listIds = new Map<string, number>();
  const listStart: number[] = [0];
  const listPrefix: number[] = [];
  const listStep: number[] = [];
  const accept = new Int32Array(n).fill(-1);
  for (let q = 2; q < n; q++) {
    const prefix = ac.own[q]! >= 0 ? prefixOfFactor[ac.own[q]!]! : -1;
    if (size[q] === 0 && prefix === -1) continue;
    const steps = hitSteps(ac.fail, ac.own, stepsOfFactor, q).sort((a, b) => a - b);
    const key = `${steps.join(",")}|${prefix}`;
    let id = listIds.get(key);
    if (id === undefined) {
      id = listPrefix.length;
      listIds.set(key, id);
      listStep.push(...steps);
      listStart.push(listStep.length);
      listPrefix.push(prefix);
    }
    accept[q] = id;
  }
  const factorOffset = new Int32Array(distinct.length);
  let total = 0;
  distinct.forEach((f, k) => {
    factorOffset[k] = total;
    total += f.length;
  });
  const factorClasses = new Int32Array(total);
  distinct.forEach((f, k) => {
    factorClasses.set(f, factorOffset[k]!);
  });
  return {
    overfull: [],
    part: {
      raw: { alphabet, dfa: { ...ac.dfa, accept } },
      listStart: Int32Array.from(listStart),
      listStep: Int32Array.from(listStep),
      listPrefix: Int32Array.from(listPrefix),
      prefixFactor: Int32Array.from(prefixFactorId, (k) => factorOffset[k]!),
      prefixLength: Int32Array.from(prefixFactorId, (k) => distinct[k]!.length),
      patternRank,
      patternPrefix,
      patternFirstStep,
      stepFactor: Int32Array.from(stepFactorId, (k) => factorOffset[k]!),
      stepLength: Int32Array.from(stepFactorId, (k) => distinct[k]!.length),
      factorClasses,
    },
  };
}

/** Keeps the highest-ranked patterns whose steps fit in `cap`; adds the others (as caller indices) to `out`. */
function keepBest(
  steps: readonly number[],
  cap: number,
  stepPiece: readonly number[],
  patternRank: Int32Array,
  live: readonly number[],
  out: Set<number>,
): void {
  const patterns = [...new Set(steps.map((s) => stepPiece[s]!))].sort((a, b) => patternRank[b]! - patternRank[a]!);
  let used = 0;
  for (const p of patterns) {
    const mine = steps.filter((s) => stepPiece[s] === p).length;
    if (used + mine <= cap) used += mine;
    else out.add(live[p]!);
  }
}

/** Every step whose factor is a suffix of state q's text: q's own factor, then its failure chain's. */
function hitSteps(fail: Int32Array, own: Int32Array, stepsOfFactor: readonly number[][], q: number): number[] {
  const steps: number[] = [];
  for (let s = q; s > 1; s = fail[s]!) if (own[s]! >= 0) steps.push(...stepsOfFactor[own[s]!]!);
  return steps;
}

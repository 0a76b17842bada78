/**
 * A sequence part of a matcher (runtime/matcher.ts): sticky patterns made of
 * several literal factors separated by stars, `*A*B*` or `P*A*B*`, decided
 * without a DFA of their product.
 *
 * Why: in one DFA every such pattern carries an "A already seen" flag, and
 * n patterns carry 2^n combinations of flags (the many-star rule set of
 * bench/hostile.ts needed a 200 MB module). Here the flags live in a
 * per-pattern register instead.
 *
 * Exact by the greedy law: with literal factors, `P*F1*…*Fk*` matches a
 * value iff it starts with P and there are occurrences of F1, …, Fk, each
 * starting after the previous one ends, and taking for each factor the
 * occurrence that ends first is never worse (it leaves the most room for the
 * rest). One automaton (the Aho–Corasick automaton of all factors, compiled
 * by compiler/automata/sequence.ts) reads the value once; its accept at a
 * position is a *hit list*: the (pattern, stage) steps whose factor ends
 * there. A step advances its pattern when the pattern is at that stage and
 * the occurrence starts at or after the pattern's next free position. A pattern that passes its last stage
 * matches, and the part reports the highest such rank (register mode).
 *
 * Anchored prefixes are not steps: a state whose whole text is a prefix P
 * marks "the value starts with P" (one register per distinct prefix) when
 * it is reached at position |P| - 1, and a pattern's first factor counts
 * only once its prefix is marked and only from position |P| on. So a prefix
 * shared by hundreds of patterns costs one write, not hundreds.
 *
 * Cost: O(value length × (1 + longest hit list)); the compiler caps hit
 * lists (patterns that would overflow them stay in DFA parts) and the
 * decoder rejects any list longer than MAX_HITS. No allocation per call: the
 * per-pattern registers are allocated once at load and invalidated per call
 * by a call counter, not cleared.
 */
import type { Automaton } from "./automaton.js";
import { runSkipped, stepOrRun, type LaidOutPart } from "./matcher-layout.js";
import { isRecord, readI32 } from "./read-i32.js";

/** Longest hit list a module may hold: the per-character work bound. */
export const MAX_HITS = 64;

/** Stored tables, in serialization order. */
export const SEQUENCE_TABLES = [
  "listStart",
  "listStep",
  "listPrefix",
  "prefixFactor",
  "prefixLength",
  "patternRank",
  "patternPrefix",
  "patternFirstStep",
  "stepFactor",
  "stepLength",
  "factorClasses",
] as const;

/** The tables a module stores (SEQUENCE_TABLES); the rest of SequenceTables is derived at load. */
export type StoredSequence = { readonly [K in (typeof SEQUENCE_TABLES)[number]]: Int32Array };

export interface SequenceTables extends StoredSequence {
  // Stored (see StoredSequence):
  // - hit list l (an accept of the automaton): the steps listStep[listStart[l] .. listStart[l + 1]),
  //   whose factors may start anywhere, and listPrefix[l], the anchored prefix equal to the state's
  //   whole text, or -1 (it occurs at 0 iff the position is its length - 1);
  // - per prefix: its classes factorClasses[prefixFactor[x] .. + prefixLength[x]);
  // - per pattern: rank, prefix (or -1), steps patternFirstStep[p] .. patternFirstStep[p + 1];
  // - per step: its factor's classes factorClasses[stepFactor[s] .. + stepLength[s]).
  // Derived at load:
  readonly stepPattern: Int32Array;
  readonly stepStage: Int32Array;
  /** Where a pattern's first factor may start: its prefix's length, or 0. */
  readonly patternFrom: Int32Array;
  readonly patternStages: Int32Array;
  readonly maxRank: number;
  /** Longest anchored prefix: past it, no prefix can occur at 0. */
  readonly maxPrefix: number;
  // Registers, reused by every call:
  /** The call in which the pattern's register was last written; older values are stale. */
  readonly touched: Int32Array;
  readonly stage: Int32Array;
  /** First position the pattern's next factor may start at. */
  readonly from: Int32Array;
  /** Per prefix: the call in which the value was seen to start with it. */
  readonly prefixSeen: Int32Array;
  /** [0]: the current call's number. */
  readonly call: Int32Array;
}

export type SerializedSequence = { readonly [K in (typeof SEQUENCE_TABLES)[number]]: unknown };

/** Highest rank among the sequence patterns matching `value`, or `best` if higher. Allocation-free. */
export function runSequence(a: LaidOutPart, t: SequenceTables, value: string, best: number): number {
  const maxRank = t.maxRank;
  if (maxRank <= best) return best;
  const { classIndex, classBlocks, denseCount, quietCount, shift, dense, accept, reach } = a;
  const { listStart, listStep, listPrefix, prefixLength, maxPrefix, stepPattern, stepStage, stepLength } = t;
  const { patternStages, patternRank, patternPrefix, patternFrom, touched, stage, from, prefixSeen, call } = t;
  let id = call[0]! + 1;
  if (id >= 0x3fff_ffff) {
    touched.fill(0);
    prefixSeen.fill(0);
    id = 1;
  }
  call[0] = id;
  let q = a.start;
  const n = value.length;
  if (reach[q]! > n) return best;
  // Past this position a quiet state is too far from every hit for the characters left.
  const quietEnd = n - a.quietReach;
  for (let i = 0; i < n; i++) {
    const u = value.charCodeAt(i);
    const c = classBlocks[(classIndex[u >> 8]! << 8) | (u & 255)]!;
    if (q < denseCount) {
      q = dense[(q << shift) | c]!;
      if (q < quietCount) {
        if (i >= quietEnd) break;
        continue;
      }
    } else {
      // A literal run passes no hit list (runtime/literal-runs.ts).
      q = stepOrRun(a, q, c, value, i);
      i += runSkipped;
    }
    if (reach[q]! >= n - i) break;
    const l = accept[q]!;
    if (l < 0) continue;
    if (i < maxPrefix) {
      const x = listPrefix[l]!;
      if (x >= 0 && prefixLength[x] === i + 1) prefixSeen[x] = id;
    }
    for (let e = listStart[l]!, end = listStart[l + 1]!; e < end; e++) {
      const s = listStep[e]!;
      const p = stepPattern[s]!;
      let g = 0;
      let f = 0;
      if (touched[p] === id) {
        g = stage[p]!;
        f = from[p]!;
      } else {
        const x = patternPrefix[p]!;
        if (x >= 0 && prefixSeen[x] !== id) continue;
        f = patternFrom[p]!;
      }
      if (g !== stepStage[s] || i + 1 - stepLength[s]! < f) continue;
      touched[p] = id;
      stage[p] = g + 1;
      from[p] = i + 1;
      if (g + 1 === patternStages[p]) {
        const r = patternRank[p]!;
        if (r > best) {
          best = r;
          if (best >= maxRank) return best;
        }
      }
    }
  }
  return best;
}

/**
 * Validates a part's sequence tables against its automaton (whose accepts
 * must be hit lists) and the matcher's rank count, so runSequence can trust
 * every index. Returns a message on any defect; never throws on well-typed
 * input (the caller catches hostile objects).
 */
export function decodeSequence(s: unknown, a: Automaton, rankCount: number): SequenceTables | string {
  if (!isRecord(s)) return "sequence must be an object";
  const read: Record<string, Int32Array> = {};
  for (const name of SEQUENCE_TABLES) {
    const v = readI32(s[name], name);
    if (typeof v === "string") return v;
    read[name] = v;
  }
  return sequenceFromTables(read as StoredSequence, a, rankCount);
}

/** A run [at, at + length) of factorClasses, length >= 1, every entry a class. */
function isFactor(t: StoredSequence, a: Automaton, at: number, length: number): boolean {
  if (length < 1 || at < 0 || at > t.factorClasses.length - length) return false;
  for (let i = at; i < at + length; i++) if (t.factorClasses[i]! < 0 || t.factorClasses[i]! >= a.classCount) return false;
  return true;
}

/** Checks stored tables (from a module or from the compiler) and derives what the loop needs. */
export function sequenceFromTables(t: StoredSequence, a: Automaton, rankCount: number): SequenceTables | string {
  const { listStart, listStep, listPrefix, prefixFactor, prefixLength, patternRank, patternPrefix, patternFirstStep, stepFactor, stepLength } = t;
  const patterns = patternRank.length;
  const steps = stepLength.length;
  const prefixes = prefixLength.length;
  const lists = listStart.length - 1;
  if (lists < 0 || listStart[0] !== 0 || listStart[lists] !== listStep.length) return "listStart must run from 0 to the end of listStep";
  if (listPrefix.length !== lists) return "listPrefix must have one entry per hit list";
  for (let l = 0; l < lists; l++) {
    const n = listStart[l + 1]! - listStart[l]!;
    if (n < 0 || n > MAX_HITS) return `hit list ${l} must hold 0 to ${MAX_HITS} steps`;
    if (listPrefix[l]! < -1 || listPrefix[l]! >= prefixes) return `listPrefix[${l}] is not a prefix`;
  }
  for (let e = 0; e < listStep.length; e++) if (listStep[e]! < 0 || listStep[e]! >= steps) return `listStep[${e}] is not a step`;
  for (let q = 0; q < a.stateCount; q++) if (a.accept[q]! >= lists) return `accept[${q}] is not a hit list`;
  if (prefixFactor.length !== prefixes) return "prefix tables must have one entry per prefix";
  let maxPrefix = 0;
  for (let x = 0; x < prefixes; x++) {
    if (!isFactor(t, a, prefixFactor[x]!, prefixLength[x]!)) return `prefix ${x} names no factor`;
    if (prefixLength[x]! > maxPrefix) maxPrefix = prefixLength[x]!;
  }
  if (patternPrefix.length !== patterns || patternFirstStep.length !== patterns + 1) return "pattern tables must have one entry per pattern";
  if (patternFirstStep[0] !== 0 || patternFirstStep[patterns] !== steps) return "patternFirstStep must run from 0 to the step count";
  if (stepFactor.length !== steps) return "step tables must have one entry per step";
  for (let k = 0; k < steps; k++) if (!isFactor(t, a, stepFactor[k]!, stepLength[k]!)) return `step ${k} names no factor`;
  const stepPattern = new Int32Array(steps);
  const stepStage = new Int32Array(steps);
  const patternFrom = new Int32Array(patterns);
  const patternStages = new Int32Array(patterns);
  let maxRank = -1;
  for (let p = 0; p < patterns; p++) {
    if (patternRank[p]! < 0 || patternRank[p]! >= rankCount) return `patternRank[${p}] is not a rank`;
    const x = patternPrefix[p]!;
    if (x < -1 || x >= prefixes) return `patternPrefix[${p}] is not a prefix`;
    patternFrom[p] = x < 0 ? 0 : prefixLength[x]!;
    const first = patternFirstStep[p]!;
    const stages = patternFirstStep[p + 1]! - first;
    if (stages < 1) return `pattern ${p} must have at least one step`;
    patternStages[p] = stages;
    if (patternRank[p]! > maxRank) maxRank = patternRank[p]!;
    for (let g = 0; g < stages; g++) {
      stepPattern[first + g] = p;
      stepStage[first + g] = g;
    }
  }
  return {
    ...t,
    stepPattern,
    stepStage,
    patternFrom,
    patternStages,
    maxRank,
    maxPrefix,
    touched: new Int32Array(patterns),
    stage: new Int32Array(patterns),
    from: new Int32Array(patterns),
    prefixSeen: new Int32Array(prefixes),
    call: new Int32Array(1),
  };
}

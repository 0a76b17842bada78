/**
 * Which rules can win for a value that is only partly known.
 *
 * The bash analysis meets words it cannot evaluate exactly: `$x`, `$(…)`, a
 * glob such as `/et?/passwd`. Rather than guess, it describes the value as a
 * sequence of segments (known text, "any string", "one character of this
 * set", "any run of characters of this set") and asks which rules *some*
 * instantiation can make win. On a DFA that is a set-of-states simulation:
 * known text steps every state in the set; an unknown run replaces the set by
 * everything reachable from it over the allowed classes. The answer is exact
 * for one automaton (every reported rule is won by some instantiation, and
 * every instantiation's winner is reported); across priority groups it may
 * over-report (a lower group's winner is kept whenever some instantiation can
 * fall through the groups above), which only makes callers stricter.
 *
 * A matcher (runtime/matcher.ts) runs parts side by side and keeps the
 * highest rank. Each part is explored alone: a final-mode part's possible
 * answers are the accepts of the states it can end in; a register-mode
 * part's are the accepts it can pass through, and the least register it can
 * end with is tracked per state. A rank is reported when some part can
 * answer it and it is at least every part's least possible answer (no
 * instantiation's winner is below that). Sound (every instantiation's
 * winner is reported); it over-reports only where two parts' unknowns are
 * correlated, and a catch-all `*` (its part's least answer) hides every rule
 * below it, as it does at run time.
 *
 * Cost: at most O(states × classes) per unknown segment, so each exploration
 * runs under an explicit work budget; over budget, `complete` is false and the
 * caller must treat the value as not understood. Not on the `check()` hot
 * path: it allocates, and runs only for values that hold unknown parts.
 */
import type { Automaton } from "./automaton.js";
import { MODE_REGISTER, MODE_SEQUENCE, type Matcher } from "./matcher.js";
import type { SequenceTables } from "./sequence.js";

/** Code-unit ranges, inclusive; `negated` means every code unit outside them. */
export interface CharSet {
  readonly negated: boolean;
  readonly ranges: ReadonlyArray<readonly [number, number]>;
}

export type Segment =
  | { readonly kind: "text"; readonly text: string }
  /** Any string, including the empty one. */
  | { readonly kind: "any" }
  /** Exactly one code unit from the set. */
  | { readonly kind: "one"; readonly set: CharSet }
  /** Zero or more code units from the set. */
  | { readonly kind: "many"; readonly set: CharSet };

export interface Exploration {
  /** Rule payloads some instantiation can make win, ascending. */
  readonly winners: readonly number[];
  /** Some instantiation matches no rule at all. */
  readonly unmatched: boolean;
  /** False when the work budget ran out: the answer is not to be trusted. */
  readonly complete: boolean;
}

/** Transitions a single exploration may follow before it gives up. */
export const DEFAULT_EXPLORE_BUDGET = 400_000;

export const ANY_CHAR: CharSet = Object.freeze({ negated: true, ranges: Object.freeze([]) as ReadonlyArray<readonly [number, number]> });

/** The code units a shell glob's `?` and `*` stand for in a path: anything but `/`. */
export const NOT_SLASH: CharSet = Object.freeze({ negated: true, ranges: Object.freeze([[0x2f, 0x2f] as const]) });

export const text = (t: string): Segment => ({ kind: "text", text: t });

interface Budget {
  left: number;
}

function step(a: Automaton, q: number, c: number): number {
  const j = a.base[q]! + c;
  return a.check[j] === q ? a.next[j]! : a.defaults[q]!;
}

function classOf(a: Automaton, u: number): number {
  return a.classBlocks[(a.classIndex[u >> 8]! << 8) | (u & 255)]!;
}

function inSet(set: CharSet, u: number): boolean {
  let hit = false;
  for (const [lo, hi] of set.ranges) {
    if (u >= lo && u <= hi) {
      hit = true;
      break;
    }
  }
  return hit !== set.negated;
}

const classCache = new WeakMap<Automaton, Map<CharSet, number[]>>();

/**
 * The classes holding at least one code unit of `set` (cached per automaton
 * and set object). Read a 256-unit block at a time, as the class map is
 * laid out: a block wholly inside the set marks its block's classes once
 * (most high blocks share one), a block wholly outside marks nothing, and
 * only a block a range edge cuts is read unit by unit. A negated set
 * (`[^/]`, "not a slash") so costs a few hundred steps, not 65,536 — it is
 * met on a hook's first call, where every step is cold.
 */
export function classesOf(a: Automaton, set: CharSet): number[] {
  let perSet = classCache.get(a);
  if (perSet === undefined) classCache.set(a, (perSet = new Map()));
  const cached = perSet.get(set);
  if (cached !== undefined) return cached;
  const marked = new Uint8Array(a.classCount);
  /** Block ids whose classes are all marked already. */
  const wholeBlocks = new Set<number>();
  for (let block = 0; block < 256; block++) {
    const lo = block << 8;
    const hi = lo + 255;
    const cover = coverage(set, lo, hi);
    if (cover === OUTSIDE) continue;
    const id = a.classIndex[block]!;
    if (cover === INSIDE) {
      if (wholeBlocks.has(id)) continue;
      wholeBlocks.add(id);
      for (let k = 0; k < 256; k++) marked[a.classBlocks[(id << 8) | k]!] = 1;
    } else {
      for (let u = lo; u <= hi; u++) if (inSet(set, u)) marked[a.classBlocks[(id << 8) | (u & 255)]!] = 1;
    }
  }
  const out: number[] = [];
  for (let c = 0; c < a.classCount; c++) if (marked[c] === 1) out.push(c);
  perSet.set(set, out);
  return out;
}

const OUTSIDE = 0;
const INSIDE = 1;
const CUT = 2;

/** Whether the code units lo..hi are all outside `set`, all inside it, or some of each (or not known to be either). */
function coverage(set: CharSet, lo: number, hi: number): typeof OUTSIDE | typeof INSIDE | typeof CUT {
  let overlaps = false;
  for (const [from, to] of set.ranges) {
    if (from <= lo && to >= hi) return set.negated ? OUTSIDE : INSIDE;
    if (from <= hi && to >= lo) overlaps = true;
  }
  if (overlaps) return CUT;
  return set.negated ? INSIDE : OUTSIDE;
}

/** Every state reachable from `from` over `classes` (including `from` itself). */
function closure(a: Automaton, from: readonly number[], classes: readonly number[], budget: Budget): number[] | null {
  const seen = new Uint8Array(a.stateCount);
  const out: number[] = [];
  for (const q of from) {
    if (seen[q] === 0) {
      seen[q] = 1;
      out.push(q);
    }
  }
  for (let i = 0; i < out.length; i++) {
    const q = out[i]!;
    budget.left -= classes.length;
    if (budget.left < 0) return null;
    for (const c of classes) {
      const r = step(a, q, c);
      if (seen[r] === 0) {
        seen[r] = 1;
        out.push(r);
      }
    }
  }
  return out;
}

function stepAll(a: Automaton, from: readonly number[], classes: readonly number[], budget: Budget): number[] | null {
  const seen = new Uint8Array(a.stateCount);
  const out: number[] = [];
  budget.left -= from.length * classes.length;
  if (budget.left < 0) return null;
  for (const q of from) {
    for (const c of classes) {
      const r = step(a, q, c);
      if (seen[r] === 0) {
        seen[r] = 1;
        out.push(r);
      }
    }
  }
  return out;
}

/**
 * Per automaton, the states a leading "any string" reaches from the start, and the work computing them charges: a
 * pure function of the automaton, and the first segment of most unknown paths (`*` then `/pkg4`), which a long
 * command explores hundreds of times.
 */
const FROM_START_OVER_ANY = new WeakMap<Automaton, { readonly states: readonly number[]; readonly cost: number }>();

/** `closure(a, [a.start], any)`, charged to the budget exactly as computing it is (it charges each state reached). */
function startOverAny(a: Automaton, budget: Budget): readonly number[] | null {
  let kept = FROM_START_OVER_ANY.get(a);
  if (kept === undefined) {
    const classes = classesOf(a, ANY_CHAR);
    const states = closure(a, [a.start], classes, { left: Number.POSITIVE_INFINITY }) as number[];
    kept = { states, cost: states.length * classes.length };
    FROM_START_OVER_ANY.set(a, kept);
  }
  budget.left -= kept.cost;
  return budget.left < 0 ? null : kept.states;
}

/** The states one automaton can be in after the segments; null over budget. */
function statesAfter(a: Automaton, segments: readonly Segment[], budget: Budget): readonly number[] | null {
  let states: readonly number[] = [a.start];
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i] as Segment;
    if (seg.kind === "text") {
      const t = seg.text;
      budget.left -= states.length * t.length;
      if (budget.left < 0) return null;
      states = afterText(a, states, t);
    } else if (seg.kind === "any") {
      const r = i === 0 ? startOverAny(a, budget) : closure(a, states, classesOf(a, ANY_CHAR), budget);
      if (r === null) return null;
      states = r;
    } else if (seg.kind === "one") {
      const r = stepAll(a, states, classesOf(a, seg.set), budget);
      if (r === null) return null;
      states = r;
    } else {
      const r = closure(a, states, classesOf(a, seg.set), budget);
      if (r === null) return null;
      states = r;
    }
    // The dead state stays dead; it goes last (callers skip it) unless it is all that is left.
    if (states.length > 1) {
      const dead = states.indexOf(0);
      if (dead >= 0 && dead < states.length - 1) states = [...states.filter((q) => q !== 0), 0];
    }
  }
  return states;
}

/** Where each state goes on `text`, each state once, in the order first reached (a Set only for many states). */
function afterText(a: Automaton, states: readonly number[], text: string): number[] {
  const out: number[] = [];
  const seen = states.length > SMALL_STATE_SET ? new Set<number>() : null;
  for (let q of states) {
    for (let i = 0; i < text.length && q !== 0; i++) q = step(a, q, classOf(a, text.charCodeAt(i)));
    if (seen === null ? out.includes(q) : seen.has(q)) continue;
    seen?.add(q);
    out.push(q);
  }
  return out;
}

/** Up to this many states, a scan of the list finds a repeat sooner than a Set is built. */
const SMALL_STATE_SET = 16;

/**
 * Explore priority-ordered groups (highest first, first match wins, as
 * `runGroups` decides) for every value the segments describe.
 */
export function exploreGroups(groups: readonly Automaton[], segments: readonly Segment[], budgetLimit = DEFAULT_EXPLORE_BUDGET): Exploration {
  const budget: Budget = { left: budgetLimit };
  const winners = new Set<number>();
  let fallsThrough = true;
  for (const a of groups) {
    const states = statesAfter(a, segments, budget);
    if (states === null) return { winners: [...winners].sort((x, y) => x - y), unmatched: true, complete: false };
    fallsThrough = false;
    for (const q of states) {
      const w = a.accept[q]!;
      if (w < 0) fallsThrough = true;
      else winners.add(w);
    }
    if (!fallsThrough) break;
  }
  return { winners: [...winners].sort((x, y) => x - y), unmatched: fallsThrough, complete: true };
}

/** What one part can answer: every possible result (ranks, -1 for none) and the least of them. */
interface PartOutcomes {
  readonly results: ReadonlySet<number>;
  readonly least: number;
}

function finalOutcomes(a: Automaton, segments: readonly Segment[], budget: Budget): PartOutcomes | null {
  const states = statesAfter(a, segments, budget);
  if (states === null) return null;
  const results = new Set(states.map((q) => a.accept[q]!));
  return { results, least: Math.min(...results) };
}

/**
 * Register mode: a map from each reachable state to the least register a
 * path can reach it with (the register includes the state's own accept);
 * every accept met on the way is a possible result.
 */
function registerOutcomes(a: Automaton, segments: readonly Segment[], budget: Budget): PartOutcomes | null {
  const met = new Set<number>();
  const enter = (reg: number, q: number): number => {
    const acc = a.accept[q]!;
    if (acc >= 0) met.add(acc);
    return Math.max(acc, reg);
  };
  let states = new Map<number, number>([[a.start, enter(-1, a.start)]]);
  const relax = (into: Map<number, number>, q: number, reg: number, queue: number[] | null): void => {
    const old = into.get(q);
    if (old === undefined || reg < old) {
      into.set(q, reg);
      queue?.push(q);
    }
  };
  for (const seg of segments) {
    const next = new Map<number, number>();
    if (seg.kind === "text") {
      const t = seg.text;
      budget.left -= states.size * t.length;
      if (budget.left < 0) return null;
      for (const [q0, r0] of states) {
        let q = q0;
        let r = r0;
        for (let i = 0; i < t.length && q !== 0; i++) {
          q = step(a, q, classOf(a, t.charCodeAt(i)));
          r = enter(r, q);
        }
        relax(next, q, r, null);
      }
    } else if (seg.kind === "one") {
      const classes = classesOf(a, seg.set);
      budget.left -= states.size * classes.length;
      if (budget.left < 0) return null;
      for (const [q, r] of states)
        for (const c of classes) {
          const t = step(a, q, c);
          relax(next, t, enter(r, t), null);
        }
    } else {
      // A run (possibly empty): relax along transitions until no register can drop.
      const classes = classesOf(a, seg.kind === "any" ? ANY_CHAR : seg.set);
      const queue: number[] = [];
      for (const [q, r] of states) relax(next, q, r, queue);
      for (let i = 0; i < queue.length; i++) {
        const q = queue[i]!;
        const r = next.get(q)!;
        budget.left -= classes.length;
        if (budget.left < 0) return null;
        for (const c of classes) {
          const t = step(a, q, c);
          relax(next, t, enter(r, t), queue);
        }
      }
    }
    states = next;
  }
  const results = new Set<number>();
  let least = Number.POSITIVE_INFINITY;
  for (const r of states.values()) {
    results.add(r);
    if (r < least) least = r;
  }
  for (const acc of met) if (acc >= least) results.add(acc);
  return { results, least };
}

/** Marker of a star in a sequence pattern's token list. */
const SEQ_STAR = -1;

/**
 * Sequence mode, one pattern at a time: the set of its token positions some
 * instantiation can reach (a position NFA: a star stays or is skipped, a
 * literal class advances), sticky once the end is reached. Every pattern
 * that can reach its end is a possible answer; the least answer is the
 * highest pattern the known text before the first unknown segment already
 * matches (a sticky match cannot be undone). Sound; it over-reports where
 * patterns of the part are correlated, as across parts.
 */
function sequenceOutcomes(a: Automaton, t: SequenceTables, segments: readonly Segment[], budget: Budget): PartOutcomes | null {
  const results = new Set<number>([-1]);
  let least = -1;
  const patterns = t.patternRank.length;
  for (let p = 0; p < patterns; p++) {
    const tokens: number[] = [];
    const x = t.patternPrefix[p]!;
    if (x >= 0) for (let k = 0; k < t.prefixLength[x]!; k++) tokens.push(t.factorClasses[t.prefixFactor[x]! + k]!);
    for (let s = t.patternFirstStep[p]!; s < t.patternFirstStep[p + 1]!; s++) {
      tokens.push(SEQ_STAR);
      for (let k = 0; k < t.stepLength[s]!; k++) tokens.push(t.factorClasses[t.stepFactor[s]! + k]!);
    }
    const m = tokens.length;
    let at: Uint8Array = new Uint8Array(m + 1);
    at[0] = 1;
    const close = (set: Uint8Array): void => {
      for (let i = 0; i < m; i++) if (set[i] === 1 && tokens[i] === SEQ_STAR) set[i + 1] = 1;
    };
    // One character of any class in `allowed` (a predicate over classes).
    const advance = (set: Uint8Array, allowed: (c: number) => boolean): Uint8Array => {
      const out = new Uint8Array(m + 1);
      if (set[m] === 1) out[m] = 1;
      for (let i = 0; i < m; i++) {
        if (set[i] === 0) continue;
        const tok = tokens[i]!;
        if (tok === SEQ_STAR) out[i] = 1;
        else if (allowed(tok)) out[i + 1] = 1;
      }
      close(out);
      return out;
    };
    close(at);
    let knownSoFar = true;
    for (const seg of segments) {
      if (seg.kind === "text") {
        budget.left -= (m + 1) * seg.text.length;
        if (budget.left < 0) return null;
        for (let i = 0; i < seg.text.length; i++) {
          const c = classOf(a, seg.text.charCodeAt(i));
          at = advance(at, (tok) => tok === c);
        }
        continue;
      }
      if (knownSoFar && at[m] === 1 && t.patternRank[p]! > least) least = t.patternRank[p]!;
      knownSoFar = false;
      const marked = new Uint8Array(a.classCount);
      for (const c of classesOf(a, seg.kind === "any" ? ANY_CHAR : seg.set)) marked[c] = 1;
      const allowed = (tok: number): boolean => marked[tok] === 1;
      if (seg.kind === "one") {
        budget.left -= m + 1;
        if (budget.left < 0) return null;
        at = advance(at, allowed);
        continue;
      }
      // A run (possibly empty): positions only grow, so m + 1 rounds reach the fixed point.
      for (let round = 0; round <= m; round++) {
        budget.left -= m + 1;
        if (budget.left < 0) return null;
        const more = advance(at, allowed);
        let grew = false;
        for (let i = 0; i <= m; i++) {
          if (more[i] === 1 && at[i] === 0) {
            at[i] = 1;
            grew = true;
          }
        }
        if (!grew) break;
      }
    }
    if (knownSoFar && at[m] === 1 && t.patternRank[p]! > least) least = t.patternRank[p]!;
    if (at[m] === 1) results.add(t.patternRank[p]!);
  }
  return { results, least };
}

/** Every rule some value described by the segments can make win under the matcher. */
export function exploreMatcher(m: Matcher, segments: readonly Segment[], budgetLimit = DEFAULT_EXPLORE_BUDGET): Exploration {
  const budget: Budget = { left: budgetLimit };
  const outcomes: PartOutcomes[] = [];
  for (const part of m.parts) {
    const o =
      part.mode === MODE_SEQUENCE
        ? sequenceOutcomes(part.automaton, part.sequence!, segments, budget)
        : part.mode === MODE_REGISTER
          ? registerOutcomes(part.automaton, segments, budget)
          : finalOutcomes(part.automaton, segments, budget);
    if (o === null) return { winners: [], unmatched: true, complete: false };
    outcomes.push(o);
  }
  let floor = -1;
  for (const o of outcomes) if (o.least > floor) floor = o.least;
  const winners = new Set<number>();
  for (const o of outcomes) for (const r of o.results) if (r >= 0 && r >= floor) winners.add(m.payloads[r]!);
  return { winners: [...winners].sort((x, y) => x - y), unmatched: floor < 0, complete: true };
}

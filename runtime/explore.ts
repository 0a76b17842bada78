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
 * Cost: at most O(states × classes) per unknown segment, so each exploration
 * runs under an explicit work budget; over budget, `complete` is false and the
 * caller must treat the value as not understood. Not on the `check()` hot
 * path: it allocates, and runs only for values that hold unknown parts.
 */
import type { Automaton } from "./automaton.js";

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
export const anyString: Segment = Object.freeze({ kind: "any" });

/** A value with no unknown part: the segments' concatenation, or null. */
export function literalOf(segments: readonly Segment[]): string | null {
  let out = "";
  for (const s of segments) {
    if (s.kind !== "text") return null;
    out += s.text;
  }
  return out;
}

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

/** The classes holding at least one code unit of `set` (cached per automaton and set object). */
function classesOf(a: Automaton, set: CharSet): number[] {
  let perSet = classCache.get(a);
  if (perSet === undefined) classCache.set(a, (perSet = new Map()));
  const cached = perSet.get(set);
  if (cached !== undefined) return cached;
  const marked = new Uint8Array(a.classCount);
  const small = !set.negated && set.ranges.reduce((n, [lo, hi]) => n + Math.max(0, hi - lo + 1), 0) <= 4096;
  if (small) {
    for (const [lo, hi] of set.ranges) for (let u = Math.max(0, lo); u <= Math.min(0xffff, hi); u++) marked[classOf(a, u)] = 1;
  } else {
    for (let u = 0; u <= 0xffff; u++) if (inSet(set, u)) marked[classOf(a, u)] = 1;
  }
  const out: number[] = [];
  for (let c = 0; c < a.classCount; c++) if (marked[c] === 1) out.push(c);
  perSet.set(set, out);
  return out;
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

/** The states one automaton can be in after the segments; null over budget. */
function statesAfter(a: Automaton, segments: readonly Segment[], budget: Budget): number[] | null {
  let states: number[] = [a.start];
  for (const seg of segments) {
    if (seg.kind === "text") {
      const t = seg.text;
      budget.left -= states.length * t.length;
      if (budget.left < 0) return null;
      const seen = new Set<number>();
      for (let q of states) {
        for (let i = 0; i < t.length && q !== 0; i++) q = step(a, q, classOf(a, t.charCodeAt(i)));
        seen.add(q);
      }
      states = [...seen];
    } else if (seg.kind === "any") {
      const r = closure(a, states, classesOf(a, ANY_CHAR), budget);
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
    // The dead state stays dead; drop it early unless it is all that is left.
    if (states.length > 1) states = states.filter((q) => q !== 0).concat(states.includes(0) ? [0] : []);
  }
  return states;
}

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

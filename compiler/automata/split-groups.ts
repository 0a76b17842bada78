/**
 * Splits a priority-ordered pattern list into groups that each fit the state
 * budget, taking the highest-priority patterns first, so that running the
 * groups in order and keeping the first match gives the same winner as one
 * big automaton.
 *
 * A failed attempt stops as soon as the budget is exceeded. A pattern that
 * alone overflows is set aside and reported.
 */
import { determinizeGroup, type RawGroup } from "./build-automaton.js";
import type { DeterminizeBudget } from "./determinize.js";
import type { ParsedPattern } from "./parse-pattern.js";

export interface GroupItem {
  readonly parsed: ParsedPattern;
  readonly payload: number;
  /** Position in the caller's pattern list, for problems. */
  readonly index: number;
}

export interface SplitResult {
  /** Highest priority first. */
  readonly groups: readonly RawGroup[];
  /** Caller indices of patterns that alone exceed the budget. */
  readonly tooLarge: readonly number[];
}

/** A group this full is good enough: searching for the last few patterns costs more than an extra group. */
const FULL_ENOUGH = 0.9;
/** Largest growth step of the search, so a poor size estimate cannot overshoot wildly. */
const MAX_GROWTH = 8;

/** `items` in priority order, lowest first. */
export function splitGroups(items: readonly GroupItem[], foldRep: Uint16Array | null, budget: DeterminizeBudget): SplitResult {
  const groups: RawGroup[] = [];
  const tooLarge: number[] = [];
  const live = [...items];
  const attempt = (from: number, to: number): RawGroup | null => {
    const slice = live.slice(from, to);
    return determinizeGroup(
      slice.map((i) => i.parsed),
      slice.map((i) => i.payload),
      foldRep,
      budget,
    );
  };
  let end = live.length;
  let seed: Found | null = null;
  while (end > 0) {
    const found = largestGroupEndingAt(attempt, end, budget, seed);
    seed = null;
    if (found === null) {
      tooLarge.push(live[end - 1]!.index);
      live.splice(end - 1, 1);
      end -= 1;
      continue;
    }
    // When the pattern just below the group cannot fit even alone, it is what
    // cut the group short: drop it and grow the same group past it.
    const below = end - found.size - 1;
    const alone = below >= 0 ? attempt(below, below + 1) : null;
    if (below >= 0 && alone === null) {
      tooLarge.push(live[below]!.index);
      live.splice(below, 1);
      end -= 1;
      seed = found;
      continue;
    }
    groups.push(found.group);
    end -= found.size;
    // The next group starts with that pattern; its attempt is already done.
    if (alone !== null) seed = { group: alone, size: 1 };
  }
  return { groups, tooLarge };
}

interface Found {
  readonly group: RawGroup;
  readonly size: number;
}

/**
 * Searches the number k of top patterns of items[0 .. end) that still fit.
 * Successful attempts are cheap while k is small, so k grows towards the
 * size a power law fitted to the last two fits predicts for 90% of the
 * budget (at most ×8 per step). It stops once a fit fills 90% of the budget
 * or the bracket between the largest fit and the smallest overflow is within
 * 1/16 of k, so a group costs a few determinizations, usually one or two of
 * them near the budget.
 */
function largestGroupEndingAt(
  attempt: (from: number, to: number) => RawGroup | null,
  end: number,
  budget: DeterminizeBudget,
  seed: Found | null,
): Found | null {
  const target = budget.maxStates * FULL_ENOUGH;
  let fits = 0;
  let fitsStates = 0;
  let fitsGroup: RawGroup | null = null;
  let fails = end + 1;
  // Growth exponent of states over patterns, from the last two fits: ~1 for
  // tries, ~2 or more when leading-star rules multiply with the rest.
  let exponent = 1;
  let k = 1;
  for (;;) {
    // A seed is a group already known to fit: start from it instead of from one pattern.
    const g = seed !== null && k === 1 ? seed.group : attempt(end - k, end);
    if (seed !== null && k === 1) {
      k = seed.size;
      seed = null;
    }
    if (g !== null) {
      const states = g.dfa.stateCount;
      if (fits > 0 && k > fits && states > fitsStates) {
        exponent = Math.min(4, Math.max(1, Math.log(states / fitsStates) / Math.log(k / fits)));
      }
      fits = k;
      fitsGroup = g;
      fitsStates = states;
      if (k === end || fitsStates >= target) break;
    } else {
      fails = k;
    }
    let guess: number;
    if (g === null) {
      // The estimate overshot: bisect, geometrically since sizes span decades.
      guess = fits === 0 ? fails / 2 : Math.sqrt(fits * fails);
    } else {
      // Aim at the target along the fitted power law, at most ×8 at once.
      guess = fits * Math.min(MAX_GROWTH, (target / Math.max(1, fitsStates)) ** (1 / exponent));
      if (guess < fits + Math.max(1, fits >> 4)) break; // too little left to gain
    }
    k = Math.min(end, fails - 1, Math.max(fits + 1, Math.floor(guess)));
    if (fails - fits <= Math.max(1, fits >> 4)) break;
  }
  return fitsGroup === null ? null : { group: fitsGroup, size: fits };
}

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
  let end = items.length;
  while (end > 0) {
    const found = largestGroupEndingAt(items, end, foldRep, budget);
    if (found === null) {
      tooLarge.push(items[end - 1]!.index);
      end -= 1;
    } else {
      groups.push(found.group);
      end -= found.size;
    }
  }
  return { groups, tooLarge };
}

/**
 * Searches the number k of top patterns of items[0 .. end) that still fit.
 * Successful attempts are cheap while k is small, so k grows by the ratio
 * budget / states of the last fit (at most ×8; automaton size is roughly
 * linear in the patterns for tries, worse with leading stars). After an
 * overflow it interpolates between the last fit and the overflow. It stops
 * once a fit fills 90% of the budget or the bracket is within 1/16 of k, so
 * a group costs a few determinizations, usually one or two of them near the
 * budget.
 */
function largestGroupEndingAt(
  items: readonly GroupItem[],
  end: number,
  foldRep: Uint16Array | null,
  budget: DeterminizeBudget,
): { group: RawGroup; size: number } | null {
  const target = budget.maxStates * FULL_ENOUGH;
  let fits = 0;
  let fitsStates = 0;
  let fitsGroup: RawGroup | null = null;
  let fails = end + 1;
  let k = 1;
  let overflowedLast = false;
  for (;;) {
    const slice = items.slice(end - k, end);
    const g = determinizeGroup(slice.map((i) => i.parsed), slice.map((i) => i.payload), foldRep, budget);
    if (g !== null) {
      overflowedLast = false;
      fits = k;
      fitsGroup = g;
      fitsStates = g.dfa.stateCount;
      if (k === end || fitsStates >= target) break;
      const grow = Math.min(MAX_GROWTH, target / Math.max(1, fitsStates));
      k = Math.min(end, fails - 1, Math.max(k + 1, Math.floor(k * grow)));
    } else {
      fails = k;
      // Interpolate, counting the overflow as exactly the budget (it is at
      // least that); after two overflows in a row growth is clearly
      // superlinear, so bisect instead.
      const t = overflowedLast ? 0.5 : (target - fitsStates) / (budget.maxStates - fitsStates);
      overflowedLast = true;
      k = Math.min(fails - 1, Math.max(fits + 1, Math.floor(fits + (fails - fits) * t)));
    }
    if (fails - fits <= Math.max(1, fits >> 4)) break;
  }
  return fitsGroup === null ? null : { group: fitsGroup, size: fits };
}

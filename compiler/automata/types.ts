/** Public types of the automata stage. */
import type { Automaton } from "../../runtime/automaton.js";
import type { Matcher } from "../../runtime/matcher.js";

/**
 * Array order is priority: a later entry beats an earlier one (last match
 * wins). `payload` (an integer in [0, 2^31)) is what a win returns.
 */
export interface PrioritizedPattern {
  readonly pattern: string;
  readonly payload: number;
}

export interface AutomataOptions {
  /** Match like a RegExp with the `i` flag (and no `u`). */
  readonly foldCase: boolean;
  /** Most subset-construction states per automaton, the dead state included (at least 2). Default 50,000. */
  readonly maxStates?: number;
  /** Longest accepted pattern, in UTF-16 code units. Default 4,096. */
  readonly maxPatternLength?: number;
  /**
   * Accept the set of every matching payload instead of the winner: a
   * state's accept is an index into `AutomataResult.sets`. Never split into
   * groups; over budget is a "too-many-states" problem.
   */
  readonly acceptSets?: boolean;
  /**
   * compileMatcher only: try one DFA for the whole set before keeping shapes
   * apart (default true). False exercises the parts on small sets (tests).
   */
  readonly trySingleDfa?: boolean;
}

export type AutomatonProblem =
  | { readonly kind: "pattern-too-long"; readonly index: number; readonly length: number; readonly limit: number }
  /** The pattern alone exceeds the state budget (e.g. `*a` followed by twenty `?`); it was left out. */
  | { readonly kind: "too-many-states"; readonly index: number; readonly limit: number }
  /** Informational: the rules were split into `groups` priority-ordered automata. */
  | { readonly kind: "split"; readonly groups: number; readonly limit: number };

export interface AutomataResult {
  /** Highest priority first: the first group with a match holds the winner (see runGroups). */
  readonly groups: readonly Automaton[];
  readonly problems: readonly AutomatonProblem[];
  /** With `acceptSets`: the distinct payload sets (each sorted ascending), indexed by accept value. */
  readonly sets?: readonly (readonly number[])[];
}

export interface MatcherResult {
  /** Accepts are ranks; `matcher.payloads` maps them back to the patterns' payloads. */
  readonly matcher: Matcher;
  /** As for compileAutomata; "split" only when a shape needed more than one automaton for the state budget. */
  readonly problems: readonly AutomatonProblem[];
}

export const DEFAULT_MAX_STATES = 50_000;
export const DEFAULT_MAX_PATTERN_LENGTH = 4_096;

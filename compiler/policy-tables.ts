import type { Automaton } from "../runtime/automaton.js";
import type { Matcher } from "../runtime/matcher.js";
import type { PathFolding } from "./lower/lower-policy.js";

/**
 * The decision tables of a policy. A surface name picks a value automaton
 * (directly for the names the runtime asks about, else through the surface
 * automaton, whose accepting states name the set of surface keys that match);
 * the value matcher (runtime/matcher.ts) names the winning rule.
 */
export interface PolicyTables {
  /** Accept payload = index into surfaceSets. */
  readonly surfaceAutomaton: readonly Automaton[];
  /** Per surface set: the value matcher for names matched through the surface automaton. */
  readonly setAutomaton: readonly number[];
  /** name → value matcher, for the runtime's known surfaces and every literal surface key. */
  readonly direct: ReadonlyArray<readonly [string, number]>;
  /** Payloads are rule indices; analyses read them through compiler/automata/matcher-view.ts. */
  readonly valueMatchers: readonly Matcher[];
  /** Per value matcher: the rules it was built from (ascending) and whether it folds win32 paths; for lints. */
  readonly valueSources: ReadonlyArray<{ readonly rules: readonly number[]; readonly folded: PathFolding }>;
}

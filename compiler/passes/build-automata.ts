import { runGroups } from "../../runtime/automaton.js";
import type { Matcher } from "../../runtime/matcher.js";
import { compileAutomata, compileMatcher, type AutomatonProblem } from "../automata/index.js";
import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { PolicyIR } from "../ir.js";
import { foldPattern, pathFolding, type LoweredPolicy, type PathFolding } from "../lower/lower-policy.js";
import type { PolicyTables } from "../policy-tables.js";

export interface AutomataLimits {
  readonly maxStates?: number;
  readonly maxPatternLength?: number;
  /** False keeps rule shapes in separate matcher parts even when one DFA would do (tests). */
  readonly trySingleDfa?: boolean;
}

export function buildAutomata(
  policy: PolicyIR,
  lowered: LoweredPolicy,
  limits: AutomataLimits = {},
): { tables: PolicyTables | null; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const surface = compileAutomata(
    lowered.surfacePatterns.map((pattern, payload) => ({ pattern, payload })),
    { foldCase: false, acceptSets: true, ...limits },
  );
  reportProblems(surface.problems, (i) => firstRuleWithSurface(lowered, i), policy, diagnostics, "surface key");
  if (!surface.sets || surface.groups.length !== 1) {
    if (surface.groups.length > 1) {
      diagnostics.push(diagnostic("tooManyStates", "the surface keys need more automaton states than the budget allows"));
    }
    return { tables: null, diagnostics };
  }
  const sets = surface.sets;

  const valueMatchers: Matcher[] = [];
  const valueSources: { rules: number[]; folded: PathFolding }[] = [];
  const automatonByKey = new Map<string, number>();
  const problemsSeen = new Set<string>();
  const valueAutomatonFor = (setId: number, fold: PathFolding): number => {
    const key = `${setId}/${fold}`;
    const known = automatonByKey.get(key);
    if (known !== undefined) return known;
    const members = new Set(sets[setId] ?? []);
    const rules: number[] = [];
    lowered.ruleSurface.forEach((s, r) => {
      if (members.has(s)) rules.push(r);
    });
    const built = compileMatcher(
      rules.map((r) => ({ pattern: foldPattern(lowered.rulePattern[r]!, fold), payload: r })),
      { foldCase: fold !== "none", ...limits },
    );
    const fresh = built.problems.filter((p) => {
      const k = JSON.stringify(p.kind === "split" ? p : { ...p, index: rules[p.index] });
      if (problemsSeen.has(k)) return false;
      problemsSeen.add(k);
      return true;
    });
    reportProblems(fresh, (i) => rules[i]!, policy, diagnostics, "pattern");
    const index = valueMatchers.length;
    valueMatchers.push(built.matcher);
    valueSources.push({ rules, folded: fold });
    automatonByKey.set(key, index);
    return index;
  };

  const setAutomaton = sets.map((_, setId) => valueAutomatonFor(setId, "none"));
  const direct = lowered.directNames.map((name) => {
    const setId = runGroups(surface.groups, name);
    return [name, setId < 0 ? -1 : valueAutomatonFor(setId, pathFolding(lowered.target, name))] as const;
  });
  return {
    tables: { surfaceAutomaton: surface.groups, setAutomaton, direct, valueMatchers, valueSources },
    diagnostics,
  };
}

function firstRuleWithSurface(lowered: LoweredPolicy, surfaceIndex: number): number {
  return Math.max(0, lowered.ruleSurface.indexOf(surfaceIndex));
}

function reportProblems(problems: readonly AutomatonProblem[], ruleOf: (index: number) => number, policy: PolicyIR, out: Diagnostic[], what: string): void {
  for (const p of problems) {
    if (p.kind === "split") {
      out.push(
        diagnostic("automatonSplit", `rules were split into ${p.groups} automata to stay within ${p.limit} states each`, undefined, {
          notes: ["each check now scans the value once per automaton; decisions are unchanged"],
        }),
      );
      continue;
    }
    const rule = policy.rules[ruleOf(p.index)];
    const text = what === "surface key" ? (rule?.surface ?? "") : (rule?.pattern ?? "");
    if (p.kind === "pattern-too-long") {
      out.push(diagnostic("patternTooLong", `${what} ${quote(text)} is ${p.length} characters long; the limit is ${p.limit}`, rule?.span));
    } else {
      out.push(
        diagnostic("tooManyStates", `${what} ${quote(text)} alone needs more than ${p.limit} automaton states`, rule?.span, {
          notes: ["a `*` followed by many `?` makes the automaton remember every position; write the pattern with fewer `?`"],
        }),
      );
    }
  }
}

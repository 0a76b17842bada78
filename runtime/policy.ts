import { runGroups, type Automaton } from "./automaton.js";
import { denyDecision, ruleDecision, type Decision } from "./decision.js";
import { exploreMatcher, type Segment } from "./explore.js";
import { runMatcher, type Matcher } from "./matcher.js";
import type { KnobsPayload, RulePayload } from "./format.js";

export interface PolicyInfo {
  readonly compilerVersion: string;
  readonly home: string;
  readonly platform: "posix" | "win32" | "darwin";
  readonly inputHash: string;
  readonly tablesHash: string;
}

/** A loaded policy. When `error` is set, every decision is `deny`. */
export interface Policy {
  readonly error: string | null;
  readonly info: PolicyInfo | null;
  readonly rules: readonly RulePayload[];
  readonly knobs: KnobsPayload;
  /** Last match wins on one surface; synchronous; allocates nothing. `yolo` adds to the module's own yoloMode. */
  check(surface: string, value: string, yolo?: boolean): Decision;
  /**
   * Every decision some value described by `segments` can get on `surface`
   * (runtime/explore.ts). Not allocation-free; for partly known values only.
   */
  explore(surface: string, segments: readonly Segment[], yolo?: boolean): Explored;
}

/** The decisions a partly known value can get, strongest rule last. */
export interface Explored {
  /** Distinct decisions, in rule priority order (the last is the highest-priority rule). */
  readonly decisions: readonly Decision[];
  /** False when the exploration ran out of budget: callers must not trust `decisions`. */
  readonly complete: boolean;
}

/** The validated, decoded tables a working policy runs on. */
export interface PolicyTablesRuntime {
  readonly rules: readonly RulePayload[];
  readonly knobs: KnobsPayload;
  readonly surfaceAutomaton: readonly Automaton[];
  readonly setAutomaton: Int32Array;
  readonly direct: ReadonlyMap<string, number>;
  readonly valueMatchers: readonly Matcher[];
}

const NO_KNOBS: KnobsPayload = Object.freeze({
  yoloMode: false,
  piInfrastructureReadPaths: Object.freeze([]),
  shellTools: Object.freeze(Object.create(null) as Record<string, never>),
});

export function denyingPolicy(error: string): Policy {
  const decision = denyDecision(error);
  return Object.freeze({
    error,
    info: null,
    rules: Object.freeze([]),
    knobs: NO_KNOBS,
    check: () => decision,
    explore: () => ({ decisions: [decision], complete: true }),
  });
}

export function workingPolicy(tables: PolicyTablesRuntime, info: PolicyInfo): Policy {
  const plain = tables.rules.map((r, i) => ruleDecision(r, i, false));
  const yolo = tables.rules.map((r, i) => ruleDecision(r, i, true));
  const moduleYolo = tables.knobs.yoloMode;
  const notString = denyDecision("surface and value must be strings");
  // The reference's evaluate() falls back to a builtin ask when no rule matches; the
  // composed default rule makes that unreachable, but the tables must not depend on it.
  const unmatched = Object.freeze({ action: "ask", matchedPattern: null, origin: "builtin", rule: -1 } as const);
  const { surfaceAutomaton, setAutomaton, direct, valueMatchers } = tables;

  function automatonFor(surface: string): number {
    const automaton = direct.get(surface);
    if (automaton !== undefined) return automaton;
    const set = runGroups(surfaceAutomaton, surface);
    return set < 0 ? -1 : setAutomaton[set]!;
  }

  function check(surface: string, value: string, yoloFlag = false): Decision {
    if (typeof surface !== "string" || typeof value !== "string") return notString;
    const automaton = automatonFor(surface);
    if (automaton < 0) return unmatched;
    const rule = runMatcher(valueMatchers[automaton]!, value);
    if (rule < 0) return unmatched;
    return (yoloFlag || moduleYolo ? yolo : plain)[rule]!;
  }

  function explore(surface: string, segments: readonly Segment[], yoloFlag = false): Explored {
    if (typeof surface !== "string" || !Array.isArray(segments)) return { decisions: [notString], complete: true };
    const automaton = automatonFor(surface);
    if (automaton < 0) return { decisions: [unmatched], complete: true };
    const found = exploreMatcher(valueMatchers[automaton]!, segments);
    const table = yoloFlag || moduleYolo ? yolo : plain;
    const decisions = found.winners.map((rule) => table[rule]!);
    return { decisions: found.unmatched ? [unmatched, ...decisions] : decisions, complete: found.complete };
  }

  return Object.freeze({ error: null, info, rules: tables.rules, knobs: tables.knobs, check, explore });
}

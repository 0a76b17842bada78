import { runGroups, type Automaton } from "./automaton.js";
import { denyDecision, ruleDecision, type Decision } from "./decision.js";
import type { KnobsPayload, RulePayload } from "./format.js";

export interface PolicyInfo {
  readonly compilerVersion: string;
  readonly home: string;
  readonly platform: "posix" | "win32";
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
}

/** The validated, decoded tables a working policy runs on. */
export interface PolicyTablesRuntime {
  readonly rules: readonly RulePayload[];
  readonly knobs: KnobsPayload;
  readonly surfaceAutomaton: readonly Automaton[];
  readonly setAutomaton: Int32Array;
  readonly direct: ReadonlyMap<string, number>;
  readonly valueAutomata: ReadonlyArray<readonly Automaton[]>;
}

const NO_KNOBS: KnobsPayload = Object.freeze({ yoloMode: false, piInfrastructureReadPaths: Object.freeze([]), shellTools: Object.freeze({}) });

export function denyingPolicy(error: string): Policy {
  const decision = denyDecision(error);
  return Object.freeze({
    error,
    info: null,
    rules: Object.freeze([]),
    knobs: NO_KNOBS,
    check: () => decision,
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
  const { surfaceAutomaton, setAutomaton, direct, valueAutomata } = tables;

  function check(surface: string, value: string, yoloFlag = false): Decision {
    if (typeof surface !== "string" || typeof value !== "string") return notString;
    let automaton = direct.get(surface);
    if (automaton === undefined) {
      const set = runGroups(surfaceAutomaton, surface);
      automaton = set < 0 ? -1 : setAutomaton[set]!;
    }
    if (automaton < 0) return unmatched;
    const rule = runGroups(valueAutomata[automaton]!, value);
    if (rule < 0) return unmatched;
    return (yoloFlag || moduleYolo ? yolo : plain)[rule]!;
  }

  return Object.freeze({ error: null, info, rules: tables.rules, knobs: tables.knobs, check });
}

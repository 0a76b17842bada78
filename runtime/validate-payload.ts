import { decodeAutomaton, type Automaton } from "./automaton.js";
import { decodeMatcher, type Matcher } from "./matcher.js";
import type { KnobsPayload, RulePayload, ShellToolPayload } from "./format.js";
import { FORMAT_VERSION } from "./format.js";
import { isAction } from "./action.js";
import type { PolicyTablesRuntime } from "./policy.js";

const LAYERS = new Set(["default", "baseline", "config"]);

type Result<T> = T | { error: string };
const isError = (x: unknown): x is { error: string } => typeof x === "object" && x !== null && "error" in x && Object.keys(x).length === 1;

/**
 * Checks every field and bound of a parsed payload, so the hot path can index
 * without checks. Anything unexpected is an error, never a guess.
 */
export function validatePayload(raw: unknown): Result<PolicyTablesRuntime> {
  if (!isRecord(raw)) return { error: "policy payload is not an object" };
  if (raw.format !== FORMAT_VERSION) return { error: `policy payload format ${String(raw.format)} is not ${FORMAT_VERSION}` };
  const rules = validateRules(raw.rules);
  if (isError(rules)) return rules;
  const knobs = validateKnobs(raw.knobs);
  if (isError(knobs)) return knobs;
  const valueMatchers = decodeList(raw.valueMatchers, "valueMatchers", (m, i): Result<Matcher> => {
    const d = decodeMatcher(m, rules.length);
    return "error" in d ? { error: `valueMatchers[${i}]: ${d.error}` } : d;
  });
  if (isError(valueMatchers)) return valueMatchers;
  const setAutomaton = indexList(raw.setAutomaton, "setAutomaton", valueMatchers.length);
  if (isError(setAutomaton)) return setAutomaton;
  const surfaceAutomaton = decodeGroups(raw.surfaceAutomaton, "surfaceAutomaton", setAutomaton.length);
  if (isError(surfaceAutomaton)) return surfaceAutomaton;
  if (!Array.isArray(raw.direct)) return { error: "direct is not an array" };
  const direct = new Map<string, number>();
  for (const entry of raw.direct as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== "string" || !isIndex(entry[1], valueMatchers.length)) {
      return { error: "direct has a malformed entry" };
    }
    direct.set(entry[0], entry[1] as number);
  }
  return { rules, knobs, surfaceAutomaton, setAutomaton, direct, valueMatchers };
}

function validateRules(raw: unknown): Result<RulePayload[]> {
  if (!Array.isArray(raw) || raw.length === 0) return { error: "rules is not a non-empty array" };
  const out: RulePayload[] = [];
  for (const [i, r] of (raw as unknown[]).entries()) {
    if (
      !isRecord(r) ||
      typeof r.surface !== "string" ||
      typeof r.pattern !== "string" ||
      !isAction(r.action) ||
      typeof r.origin !== "string" ||
      !LAYERS.has(r.layer as string) ||
      (r.reason !== undefined && typeof r.reason !== "string") ||
      (r.source !== undefined && typeof r.source !== "string")
    ) {
      return { error: `rules[${i}] is malformed` };
    }
    out.push(Object.freeze({ ...(r as unknown as RulePayload) }));
  }
  return Object.freeze(out) as RulePayload[];
}

function validateKnobs(raw: unknown): Result<KnobsPayload> {
  if (!isRecord(raw) || typeof raw.yoloMode !== "boolean") return { error: "knobs are malformed" };
  const paths = raw.piInfrastructureReadPaths;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === "string")) return { error: "knobs.piInfrastructureReadPaths is malformed" };
  const tools = raw.shellTools;
  if (!isRecord(tools)) return { error: "knobs.shellTools is malformed" };
  // A null-prototype copy of the own entries only: a tool named `toString` or
  // `__proto__` must find its own entry or nothing, never Object.prototype's.
  const shellTools: Record<string, ShellToolPayload> = Object.create(null);
  for (const [name, v] of Object.entries(tools)) {
    if (!isRecord(v) || typeof v.commandArgument !== "string" || (v.workdirArgument !== undefined && typeof v.workdirArgument !== "string")) {
      return { error: "knobs.shellTools is malformed" };
    }
    shellTools[name] = Object.freeze({
      commandArgument: v.commandArgument,
      ...(v.workdirArgument !== undefined ? { workdirArgument: v.workdirArgument } : {}),
    });
  }
  return Object.freeze({ yoloMode: raw.yoloMode, piInfrastructureReadPaths: Object.freeze([...paths]), shellTools: Object.freeze(shellTools) });
}

function decodeGroups(raw: unknown, what: string, payloadLimit: number): Result<Automaton[]> {
  return decodeList(raw, what, (s, i) => {
    const a = decodeAutomaton(s);
    if ("error" in a) return { error: `${what}[${i}]: ${a.error}` };
    for (let q = 0; q < a.accept.length; q++) {
      if (a.accept[q]! >= payloadLimit) return { error: `${what}[${i}] accepts an out-of-range payload` };
    }
    return a;
  });
}

function decodeList<T>(raw: unknown, what: string, decode: (item: unknown, i: number) => Result<T>): Result<T[]> {
  if (!Array.isArray(raw) || raw.length === 0) return { error: `${what} is not a non-empty array` };
  const out: T[] = [];
  for (const [i, item] of (raw as unknown[]).entries()) {
    const d = decode(item, i);
    if (isError(d)) return d;
    out.push(d);
  }
  return out;
}

function indexList(raw: unknown, what: string, limit: number): Result<Int32Array> {
  if (!Array.isArray(raw) || !raw.every((x) => isIndex(x, limit))) return { error: `${what} is malformed` };
  return Int32Array.from(raw as number[]);
}

function isIndex(x: unknown, limit: number): boolean {
  return typeof x === "number" && Number.isInteger(x) && x >= -1 && x < limit;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/**
 * A gate's answer as a GateDecision, and how the answers of every gate a call
 * met combine into one.
 */
import { ACTION_RANK as RANK } from "../action.js";
import type { BashDecision } from "../bash/index.js";
import type { Decision } from "../decision.js";
import type { GateDecision, GateName, GateUnit } from "./gate-types.js";
import type { TargetedDecision } from "./multi-value.js";
import type { FamilyDecision } from "./path-family.js";

export const fail = (gate: GateName, error: string): GateDecision => ({ action: "deny", matchedPattern: null, origin: "permc", gate, error });

/**
 * The decision as a gate reports it: its public fields, the gate and the value, and `surface` when given (a path
 * family's member) in place of the rule's. Built field by field, in the order a spread of the public fields would
 * give (JSON output shows it): a spread of objects of several shapes is several times slower, and a long command
 * reports hundreds.
 */
export function decisionOf(d: Decision, gate: GateName, value: string, surface?: string): GateDecision {
  const out: { -readonly [K in keyof GateDecision]?: GateDecision[K] } = { action: d.action, matchedPattern: d.matchedPattern };
  if (d.reason !== undefined) out.reason = d.reason;
  out.origin = d.origin;
  if (d.surface !== undefined) out.surface = surface ?? d.surface;
  if (d.error !== undefined) out.error = d.error;
  out.gate = gate;
  out.value = value;
  if (surface !== undefined && d.surface === undefined) out.surface = surface;
  return out as GateDecision;
}

export function fromCheck(c: TargetedDecision, gate: GateName): GateDecision {
  return decisionOf(c.decision, gate, c.value);
}

/** A path-family result names the directional member that decided, whatever rule (or the default) decided it. */
export function fromFamily(c: FamilyDecision, gate: GateName): GateDecision {
  return decisionOf(c.decision, gate, c.value, c.surface);
}

export function fromBash(b: BashDecision): GateDecision {
  const out: { -readonly [K in keyof GateDecision]?: GateDecision[K] } = { action: b.action, matchedPattern: b.matchedPattern };
  if (b.reason !== undefined) out.reason = b.reason;
  out.origin = b.origin;
  out.surface = "bash";
  out.gate = "tool";
  out.value = b.command;
  out.units = b.units.map(gateUnit);
  return out as GateDecision;
}

/** A unit as a gate reports it, field by field (as decisionOf, for speed): the optional fields only when set. */
function gateUnit(u: BashDecision["units"][number]): GateUnit {
  const out: { -readonly [K in keyof GateUnit]?: GateUnit[K] } = { text: u.text, action: u.action, matchedPattern: u.matchedPattern };
  if (u.context !== undefined) out.context = u.context;
  if (u.floor !== undefined) out.floor = u.floor;
  if (u.floorReason !== undefined) out.floorReason = u.floorReason;
  if (u.derived) out.derived = true;
  return out as GateUnit;
}

/** The first decision at the highest severity (reference `pickMostRestrictive`). */
export function mostRestrictive(ds: readonly GateDecision[]): GateDecision | null {
  let best: GateDecision | null = null;
  for (const d of ds) if (best === null || RANK[d.action] > RANK[best.action]) best = d;
  return best;
}

/**
 * mostRestrictive over a gate's candidates, offered one at a time: the first
 * at the highest severity is kept and made a GateDecision once, at the end
 * (a long command offers hundreds). Once a deny is held no later candidate
 * can replace it, so `offer` says the search is over.
 */
export class Strictest {
  #held: FamilyDecision | null = null;

  /** Keeps `c` if it is strictly more severe than what is held; true once a deny is held. */
  offer(c: FamilyDecision | null): boolean {
    if (c !== null && (this.#held === null || RANK[c.decision.action] > RANK[this.#held.decision.action])) this.#held = c;
    return this.#held?.decision.action === "deny";
  }

  decision(gate: GateName): GateDecision | null {
    return this.#held === null ? null : fromFamily(this.#held, gate);
  }
}

/**
 * Gates AND together, deny first (reference 32.0.1):
 * the first deny blocks without any earlier gate's ask being prompted;
 * otherwise the first ask prompts; otherwise the call is allowed (reported by
 * the tool gate, which always runs).
 */
export function combine(outcomes: readonly GateDecision[]): GateDecision {
  const worst = mostRestrictive(outcomes);
  if (worst === null) return fail("error", "no gate decided");
  const toolGate = outcomes[outcomes.length - 1]!;
  const decided = worst.action === "allow" ? toolGate : worst;
  // A bash call reports its units whichever gate decided.
  const withUnits = toolGate.units && !decided.units ? { ...decided, units: toolGate.units } : decided;
  const gates = outcomes.filter((o) => o.action !== "allow").map(({ units: _units, gates: _gates, ...own }) => own);
  return gates.length > 0 ? { ...withUnits, gates } : withUnits;
}

/**
 * A file a recursive command reaches by walking a directory it was given is
 * touched, not named: a deny on it becomes `ask` (the person decides whether
 * the walk may include it); an ask stays. Not when the walk surely opens
 * every file it reaches (`grep -r`, `gzip -r`, `ctags -R`): the denied file
 * is then read or rewritten as surely as a named one.
 */
export function underTree<T extends TargetedDecision>(walked: boolean, c: T): T {
  if (!walked || c.decision.action !== "deny") return c;
  return { ...c, decision: { ...c.decision, action: "ask" } };
}

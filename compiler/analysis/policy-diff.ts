import { stricter, type Action } from "../../runtime/action.js";
import type { Automaton } from "../../runtime/automaton.js";
import type { PolicyIR } from "../ir.js";
import { singleAutomaton } from "../automata/index.js";
import type { PolicyTables } from "../policy-tables.js";
import { pairAlphabet } from "./pair-alphabet.js";
import { spell, step } from "./witness.js";

export interface CompiledSide {
  readonly policy: PolicyIR;
  readonly tables: PolicyTables;
}

/**
 * One changed region: the values of a surface class that the old policy
 * decides by `oldRule` and the new one by `newRule`, with different actions.
 * Regions never overlap, so two new allows (`curl *`, `wget *`) are two
 * changes, each with its own example.
 */
export interface DecisionChange {
  /** A tool name this change applies to (the shortest one found for its surface class). */
  readonly surface: string;
  readonly from: Action;
  readonly to: Action;
  /** A shortest value of the region. */
  readonly example: string;
  /** The winning rule on each side (indices into each policy's rules). */
  readonly oldRule: number;
  readonly newRule: number;
}

export interface PolicyDiff {
  readonly changes: readonly DecisionChange[];
  /** Surfaces that could not be compared exactly (an automaton was split into groups, or the search budget ran out); their changes may be incomplete. */
  readonly skipped: readonly string[];
}

/** A change that lets more through: deny→ask, deny→allow, ask→allow. */
export function widens(c: DecisionChange): boolean {
  return stricter(c.from, c.to);
}

/**
 * Every changed region between two compiled policies, each with a shortest
 * example value: per surface class, per (old winning rule, new winning rule)
 * pair whose actions differ. Found on the product of the surface automata
 * (which tool names fall into which rule sets) and then of the value
 * automata, breadth first, so nothing is sampled and each example is a
 * shortest one of its region.
 */
export function diffPolicies(before: CompiledSide, after: CompiledSide): PolicyDiff {
  const { pairs, complete } = surfacePairs(before.tables, after.tables);
  const changes: DecisionChange[] = [];
  const skipped: string[] = [];
  for (const { name, a, b } of pairs) {
    const ma = before.tables.valueMatchers[a];
    const mb = after.tables.valueMatchers[b];
    const ga = ma ? singleAutomaton(ma) : null;
    const gb = mb ? singleAutomaton(mb) : null;
    if (!ga || !gb) {
      skipped.push(name);
      continue;
    }
    const found = valueChanges(name, ga, gb, before.policy, after.policy);
    changes.push(...found.changes);
    if (!found.complete) skipped.push(name);
  }
  if (!complete) skipped.push("(tool names)");
  return { changes, skipped };
}

interface SurfacePair {
  readonly name: string;
  readonly a: number;
  readonly b: number;
}

/** Distinct (old value automaton, new value automaton) pairs over all tool names, each with a shortest name. */
function surfacePairs(ta: PolicyTables, tb: PolicyTables): { pairs: SurfacePair[]; complete: boolean } {
  const out = new Map<string, SurfacePair>();
  const add = (name: string, a: number, b: number) => {
    const key = `${a}/${b}`;
    if (a >= 0 && b >= 0 && !out.has(key)) out.set(key, { name, a, b });
  };
  const directA = new Map(ta.direct);
  const directB = new Map(tb.direct);
  const viaSets = (t: PolicyTables, direct: ReadonlyMap<string, number>, name: string, set: number) =>
    direct.get(name) ?? (set >= 0 ? t.setAutomaton[set]! : -1);
  // Names the runtime asks about first, so reports use them where they can.
  for (const name of new Set([...directA.keys(), ...directB.keys()])) {
    add(name, directA.get(name) ?? runSets(ta, name), directB.get(name) ?? runSets(tb, name));
  }
  const sa = ta.surfaceAutomaton[0];
  const sb = tb.surfaceAutomaton[0];
  if (!sa || !sb) return { pairs: [...out.values()], complete: true };
  const alphabet = pairAlphabet(sa, sb);
  const width = sb.stateCount;
  const seen = new Map<number, string>([[sa.start * width + sb.start, ""]]);
  const queue = [sa.start * width + sb.start];
  let head = 0;
  for (; head < queue.length && seen.size < 200_000; head++) {
    const key = queue[head]!;
    const qa = Math.floor(key / width);
    const qb = key % width;
    const name = seen.get(key)!;
    add(name, viaSets(ta, directA, name, sa.accept[qa]!), viaSets(tb, directB, name, sb.accept[qb]!));
    for (const u of alphabet) {
      const next = step(sa, qa, u) * width + step(sb, qb, u);
      if (!seen.has(next)) {
        seen.set(next, name + String.fromCharCode(u));
        queue.push(next);
      }
    }
  }
  return { pairs: [...out.values()], complete: head >= queue.length };
}

function runSets(t: PolicyTables, name: string): number {
  const a = t.surfaceAutomaton[0];
  if (!a) return -1;
  let q = a.start;
  for (let i = 0; i < name.length; i++) q = step(a, q, name.charCodeAt(i));
  const set = a.accept[q]!;
  return set >= 0 ? t.setAutomaton[set]! : -1;
}

function valueChanges(surface: string, a: Automaton, b: Automaton, pa: PolicyIR, pb: PolicyIR): { changes: DecisionChange[]; complete: boolean } {
  const alphabet = pairAlphabet(a, b);
  const width = b.stateCount;
  const start = a.start * width + b.start;
  const parent = new Map<number, number>([[start, -1]]);
  const via = new Map<number, number>();
  const queue = [start];
  const found = new Map<string, DecisionChange>();
  let head = 0;
  for (; head < queue.length && parent.size < 500_000; head++) {
    const key = queue[head]!;
    const qa = Math.floor(key / width);
    const qb = key % width;
    const ra = a.accept[qa]!;
    const rb = b.accept[qb]!;
    const from = pa.rules[ra]?.action;
    const to = pb.rules[rb]?.action;
    if (from && to && from !== to && !found.has(`${ra}/${rb}`)) {
      found.set(`${ra}/${rb}`, { surface, from, to, example: spell(key, parent, via), oldRule: ra, newRule: rb });
    }
    for (const u of alphabet) {
      const next = step(a, qa, u) * width + step(b, qb, u);
      if (parent.has(next)) continue;
      parent.set(next, key);
      via.set(next, u);
      queue.push(next);
    }
  }
  return { changes: [...found.values()], complete: head >= queue.length };
}

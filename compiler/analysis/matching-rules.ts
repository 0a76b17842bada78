import type { Automaton } from "../../runtime/automaton.js";
import { expandHome } from "../../runtime/expand-home.js";
import type { RulePayload } from "../../runtime/format.js";
import { compileAutomata } from "../automata/index.js";
import type { Target } from "../ir.js";
import { foldPattern, pathFolding, type PathFolding } from "../lower/lower-policy.js";
import { step } from "./witness.js";

/** Why a rule does not match a request. */
export type Miss =
  /** The rule is on another surface. */
  | { readonly kind: "surface" }
  /** The value stops fitting the pattern at this index (the code unit there cannot follow what came before). */
  | { readonly kind: "differs"; readonly at: number }
  /** The whole value fits the start of the pattern, which needs more. */
  | { readonly kind: "too-short" };

/**
 * Which rules of a module match a request, each judged alone with the same
 * automata construction the tables use: the explanation and the decision
 * cannot disagree about what a pattern means.
 */
export class RuleMatcher {
  private readonly cache = new Map<string, Automaton | null>();

  constructor(
    private readonly rules: readonly RulePayload[],
    private readonly target: Target,
  ) {}

  /** Indices of every rule matching (surface, value), in priority order (the last one wins). */
  matching(surface: string, value: string): number[] {
    const out: number[] = [];
    this.rules.forEach((_r, i) => {
      if (this.whyNot(i, surface, value) === null) out.push(i);
    });
    return out;
  }

  /** Null when rule `i` matches (surface, value); otherwise where it stops matching. */
  whyNot(i: number, surface: string, value: string): Miss | null {
    const r = this.rules[i]!;
    if (this.firstMismatch(r.surface, surface, "none") !== null) return { kind: "surface" };
    return this.firstMismatch(r.pattern, value, pathFolding(this.target, surface));
  }

  private firstMismatch(pattern: string, value: string, fold: PathFolding): Miss | null {
    const a = this.automaton(pattern, fold);
    if (a === null) return { kind: "differs", at: 0 };
    // A decided state fixes the outcome whatever follows: accepted, or dead (no value can still match).
    let q = a.start;
    for (let i = 0; i < value.length && a.decided[q] !== 1; i++) {
      q = step(a, q, value.charCodeAt(i));
      if (a.decided[q] === 1 && a.accept[q]! < 0) return { kind: "differs", at: i };
    }
    if (a.accept[q]! >= 0) return null;
    return a.decided[q] === 1 ? { kind: "differs", at: 0 } : { kind: "too-short" };
  }

  private automaton(pattern: string, fold: PathFolding): Automaton | null {
    const expanded = expandHome(pattern, this.target.home, this.target.platform);
    const key = `${fold}\u0000${expanded}`;
    let a = this.cache.get(key);
    if (a === undefined) {
      a = compileAutomata([{ pattern: foldPattern(expanded, fold), payload: 0 }], { foldCase: fold !== "none" }).groups[0] ?? null;
      this.cache.set(key, a);
    }
    return a;
  }
}

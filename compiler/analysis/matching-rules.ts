import { runAutomaton, type Automaton } from "../../runtime/automaton.js";
import { expandHome } from "../../runtime/expand-home.js";
import type { RulePayload } from "../../runtime/format.js";
import { compileAutomata } from "../automata/index.js";
import { PATH_SURFACES, type Target } from "../ir.js";
import { foldSlashes } from "../lower/plan-surfaces.js";

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
    const fold = this.target.platform === "win32" && PATH_SURFACES.includes(surface);
    const out: number[] = [];
    this.rules.forEach((r, i) => {
      if (this.matches(r.surface, surface, false) && this.matches(r.pattern, value, fold)) out.push(i);
    });
    return out;
  }

  private matches(pattern: string, value: string, fold: boolean): boolean {
    const expanded = expandHome(pattern, this.target.home, this.target.platform);
    const key = `${fold ? 1 : 0}\u0000${expanded}`;
    let a = this.cache.get(key);
    if (a === undefined) {
      a = compileAutomata([{ pattern: fold ? foldSlashes(expanded) : expanded, payload: 0 }], { foldCase: fold }).groups[0] ?? null;
      this.cache.set(key, a);
    }
    return a !== null && runAutomaton(a, value) === 0;
  }
}

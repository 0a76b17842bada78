import { productAlphabet, searchProduct } from "../analysis/witness.js";
import { ruleAutomaton } from "../analysis/rule-automaton.js";
import { canDecide, winnersByAutomaton } from "../analysis/winners.js";
import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { PolicyIR } from "../ir.js";
import type { LoweredPolicy } from "../lower/plan-surfaces.js";
import type { PolicyTables } from "./build-automata.js";
import { describeRule } from "./describe-rule.js";

/** Above this many config rules the product searches would dominate compile time; the lint is skipped. */
const MAX_RULES = 2_000;

/**
 * A deny or ask rule that a later allow overrides on some values it matches,
 * with the shortest such value: the place where a user's "never" quietly
 * stopped holding (e.g. `*.env` deny followed by `*` allow).
 */
export function lintOverriddenDeny(policy: PolicyIR, lowered: LoweredPolicy, tables: PolicyTables): Diagnostic[] {
  if (policy.rules.length > MAX_RULES) return [];
  const out: Diagnostic[] = [];
  const winners = winnersByAutomaton(tables);
  policy.rules.forEach((rule, r) => {
    // A rule that never decides is reported as shadowed instead; a catch-all `*` is a
    // surface's own default, and later allows refining it are its purpose.
    if (rule.layer !== "config" || rule.action === "allow" || rule.pattern === "*" || !canDecide(tables, winners, r)) return;
    for (const [i, src] of tables.valueSources.entries()) {
      const groups = tables.valueAutomata[i]!;
      if (!src.rules.includes(r) || groups.length !== 1) continue;
      const ra = ruleAutomaton(lowered, r, src.folded);
      if (!ra) continue;
      const overriding = (w: number) => w > r && policy.rules[w]?.action === "allow";
      const { witness } = searchProduct(ra.automaton, groups[0]!, productAlphabet(groups[0]!, ra.literals), overriding);
      if (!witness) continue;
      out.push(
        diagnostic("overriddenDeny", `${rule.action} rule ${quote(rule.pattern)} on ${quote(rule.surface)} is overridden by a later allow for some values`, rule.span, {
          notes: [`for example ${quote(witness.value)} is allowed by ${describeRule(policy, witness.winner)}`],
          help: "move the allow before this rule, or narrow it, if the values should stay protected",
        }),
      );
      return;
    }
  });
  return out;
}

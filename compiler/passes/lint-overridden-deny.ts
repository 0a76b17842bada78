import { singleAutomaton } from "../automata/index.js";
import { productAlphabet, searchProduct } from "../analysis/witness.js";
import { ruleAutomaton } from "../analysis/rule-automaton.js";
import { canDecide, ruleHomes } from "../analysis/winners.js";
import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { PolicyIR } from "../ir.js";
import type { LoweredPolicy } from "../lower/lower-policy.js";
import type { PolicyTables } from "../policy-tables.js";
import { describeRule } from "./describe-rule.js";

/**
 * Product states all searches together may visit. A count, not a clock, so
 * the lint's output is the same on every machine; it keeps the lint to tens
 * of milliseconds on real configs and bounded on generated ones.
 */
const WORK_BUDGET = 60_000;
/** A fixed charge per rule checked, so many small searches also end. */
const RULE_COST = 1_000;

/** A deny or ask rule a later allow overrides, with the shortest such value (the relation `permc graph --lints` draws). */
export interface OverriddenDeny {
  readonly rule: number;
  /** The allow rule that decides `value`. */
  readonly by: number;
  readonly value: string;
}

/**
 * A deny or ask rule that a later allow overrides on some values it matches,
 * with the shortest such value: the place where a user's "never" quietly
 * stopped holding (e.g. `*.env` deny followed by `*` allow). `unchecked`
 * counts the rules the work budget left out.
 */
export function overriddenDenies(policy: PolicyIR, lowered: LoweredPolicy, tables: PolicyTables): { found: OverriddenDeny[]; unchecked: number } {
  const found: OverriddenDeny[] = [];
  let budget = WORK_BUDGET;
  let unchecked = 0;
  const h = ruleHomes(tables, policy.rules.length);
  policy.rules.forEach((rule, r) => {
    // A rule that never decides is reported as shadowed instead; a catch-all `*` is a
    // surface's own default, and later allows refining it are its purpose.
    if (rule.layer !== "config" || rule.action === "allow" || rule.pattern === "*" || !canDecide(h, r)) return;
    if (budget <= 0) {
      unchecked++;
      return;
    }
    for (const i of h.homes[r]!) {
      const src = tables.valueSources[i]!;
      const one = singleAutomaton(tables.valueMatchers[i]!);
      if (!one) continue;
      const ra = ruleAutomaton(lowered, r, src.folded);
      budget -= RULE_COST;
      if (!ra) continue;
      const overriding = (w: number) => w > r && policy.rules[w]?.action === "allow";
      const search = searchProduct(ra.automaton, one, productAlphabet(one, ra.literals), overriding, Math.max(1, budget), true);
      budget -= search.explored;
      const { witness } = search;
      if (!witness) continue;
      found.push({ rule: r, by: witness.winner, value: witness.value });
      return;
    }
  });
  return { found, unchecked };
}

export function lintOverriddenDeny(policy: PolicyIR, lowered: LoweredPolicy, tables: PolicyTables): Diagnostic[] {
  const { found, unchecked } = overriddenDenies(policy, lowered, tables);
  const out = found.map(({ rule: r, by, value }) => {
    const rule = policy.rules[r]!;
    return diagnostic(
      "overriddenDeny",
      `${rule.action} rule ${quote(rule.pattern)} on ${quote(rule.surface)} is overridden by a later allow for some values`,
      rule.span,
      {
        notes: [`for example ${quote(value)} is allowed by ${describeRule(policy, by)}`],
        help: "move the allow before this rule, or narrow it, if the values should stay protected",
      },
    );
  });
  if (unchecked > 0) {
    out.push(
      diagnostic("overriddenDeny", `${unchecked} more deny and ask rules were not checked for later allows (the lint's work budget ran out)`, undefined, {
        severity: "info",
      }),
    );
  }
  return out;
}

import { singleAutomaton } from "../automata/index.js";
import { productAlphabet, searchProduct } from "../analysis/witness.js";
import { ruleAutomaton } from "../analysis/rule-automaton.js";
import { canDecide, ruleHomes } from "../analysis/winners.js";
import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { PolicyIR } from "../ir.js";
import type { LoweredPolicy } from "../lower/lower-policy.js";
import type { PolicyTables } from "../policy-tables.js";
import { describeRule } from "./describe-rule.js";

const MAX_EXPLAINED = 50;

/** A config rule that can never decide, and the later rules that cover it (the relation `permc graph --lints` draws). */
export interface ShadowedRule {
  readonly rule: number;
  /** Later rules that win on values the rule matches, ascending; empty when not explained. */
  readonly covering: readonly number[];
  /** A value the rule matches and which rule decides it instead. */
  readonly witness?: { readonly value: string; readonly winner: number };
}

/** Every shadowed config rule; the first `explained` of them get their covering rules (a product search each). */
export function shadowedRules(policy: PolicyIR, lowered: LoweredPolicy, tables: PolicyTables, explained = MAX_EXPLAINED): ShadowedRule[] {
  const h = ruleHomes(tables, policy.rules.length);
  const out: ShadowedRule[] = [];
  policy.rules.forEach((rule, r) => {
    if (rule.layer !== "config") return;
    const homes = h.homes[r]!;
    if (homes.length === 0 || canDecide(h, r)) return;
    // Explaining costs a product search; past a handful the list itself is the message.
    out.push(out.length < explained ? { rule: r, ...covering(lowered, tables, r, homes[0]!) } : { rule: r, covering: [] });
  });
  return out;
}

/**
 * A config rule that is the winner in no state of any automaton it belongs to
 * can never decide anything: later rules cover every value it matches. This
 * is exact, read off the minimized automata, not guessed from the strings.
 */
export function lintShadowedRule(policy: PolicyIR, lowered: LoweredPolicy, tables: PolicyTables): Diagnostic[] {
  return shadowedRules(policy, lowered, tables).map(({ rule: r, covering, witness }) => {
    const rule = policy.rules[r]!;
    const notes = covering.slice(0, 5).map((w) => `covered by ${describeRule(policy, w)}`);
    if (covering.length > 5) notes.push(`and ${covering.length - 5} more rules`);
    if (witness) notes.push(`for example ${quote(witness.value)} is decided by ${describeRule(policy, witness.winner)}`);
    return diagnostic(
      "shadowedRule",
      `rule ${quote(rule.pattern)} on ${quote(rule.surface)} can never decide: later rules cover every value it matches`,
      rule.span,
      { notes },
    );
  });
}

function covering(lowered: LoweredPolicy, tables: PolicyTables, r: number, home: number): Omit<ShadowedRule, "rule"> {
  const one = singleAutomaton(tables.valueMatchers[home]!);
  const ra = ruleAutomaton(lowered, r, tables.valueSources[home]!.folded);
  if (!ra || !one) return { covering: [] };
  const search = searchProduct(ra.automaton, one, productAlphabet(one, ra.literals), (w) => w > r);
  const rules = [...search.winners].filter((w) => w > r).sort((a, b) => a - b);
  return { covering: rules, ...(search.witness ? { witness: { value: search.witness.value, winner: search.witness.winner } } : {}) };
}

import { singleAutomaton } from "../automata/index.js";
import { productAlphabet, searchProduct } from "../analysis/witness.js";
import { ruleAutomaton } from "../analysis/rule-automaton.js";
import { canDecide, ruleHomes } from "../analysis/winners.js";
import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { PolicyIR } from "../ir.js";
import type { LoweredPolicy } from "../lower/plan-surfaces.js";
import type { PolicyTables } from "./build-automata.js";
import { describeRule } from "./describe-rule.js";

/**
 * A config rule that is the winner in no state of any automaton it belongs to
 * can never decide anything: later rules cover every value it matches. This
 * is exact, read off the minimized automata, not guessed from the strings.
 */
const MAX_EXPLAINED = 50;

export function lintShadowedRules(policy: PolicyIR, lowered: LoweredPolicy, tables: PolicyTables): Diagnostic[] {
  const h = ruleHomes(tables, policy.rules.length);
  const out: Diagnostic[] = [];
  policy.rules.forEach((rule, r) => {
    if (rule.layer !== "config") return;
    const homes = h.homes[r]!;
    if (homes.length === 0 || canDecide(h, r)) return;
    // Explaining costs a product search; past a handful the list itself is the message.
    const notes = out.length < MAX_EXPLAINED ? coveringNotes(policy, lowered, tables, r, homes[0]!) : [];
    out.push(
      diagnostic("shadowedRule", `rule ${quote(rule.pattern)} on ${quote(rule.surface)} can never decide: later rules cover every value it matches`, rule.span, { notes }),
    );
  });
  return out;
}

function coveringNotes(policy: PolicyIR, lowered: LoweredPolicy, tables: PolicyTables, r: number, home: number): string[] {
  const one = singleAutomaton(tables.valueMatchers[home]!);
  const ra = ruleAutomaton(lowered, r, tables.valueSources[home]!.folded);
  if (!ra || !one) return [];
  const search = searchProduct(ra.automaton, one, productAlphabet(one, ra.literals), (w) => w > r);
  const covering = [...search.winners].filter((w) => w > r).sort((a, b) => a - b);
  const notes = covering.slice(0, 5).map((w) => `covered by ${describeRule(policy, w)}`);
  if (covering.length > 5) notes.push(`and ${covering.length - 5} more rules`);
  if (search.witness) notes.push(`for example ${quote(search.witness.value)} is decided by ${describeRule(policy, search.witness.winner)}`);
  return notes;
}

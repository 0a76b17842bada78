/**
 * `permc graph`'s products from a compile that ran through the automata
 * stage: the DOT of a surface's value matcher, and of the rule relation the
 * automata lints compute (which rule shadows or overrides which).
 */
import { runGroups } from "../../runtime/automaton.js";
import { matcherStateCount } from "../automata/index.js";
import type { SourceTexts } from "../diagnostics/index.js";
import type { PolicyIR } from "../ir.js";
import type { LoweredPolicy } from "../lower/lower-policy.js";
import type { PolicyTables } from "../policy-tables.js";
import { overriddenDenies } from "../passes/lint-overridden-deny.js";
import { shadowedRules } from "../passes/lint-shadowed-rule.js";
import { dotString } from "./dot.js";
import { matcherDot } from "./matcher-dot.js";
import { ruleLines } from "./rule-label.js";

/** What a graph is drawn from: the compile state through the automata stage. */
export interface GraphInput {
  readonly policy: PolicyIR;
  readonly lowered: LoweredPolicy;
  readonly tables: PolicyTables;
  readonly sources: SourceTexts;
}

/** Graphviz lays out a few hundred states in well under a second; far beyond that the picture says nothing. */
export const MAX_GRAPH_STATES = 2000;

/** The value matcher a surface name is checked with (as the runtime finds it), or -1 when no rule applies to it. */
export function matcherIndexFor(tables: PolicyTables, surface: string): number {
  const direct = tables.direct.find(([name]) => name === surface);
  if (direct) return direct[1];
  const set = runGroups(tables.surfaceAutomaton, surface);
  return set < 0 ? -1 : (tables.setAutomaton[set] ?? -1);
}

/** The names the runtime asks about directly: what `--surface` usually takes. */
export function knownSurfaces(tables: PolicyTables): string[] {
  return tables.direct.filter(([, i]) => i >= 0).map(([name]) => name);
}

export function surfaceDot(input: GraphInput, surface: string): { dot: string } | { error: string } {
  const index = matcherIndexFor(input.tables, surface);
  if (index < 0) return { error: `no rule applies to surface ${JSON.stringify(surface)}; surfaces with rules: ${knownSurfaces(input.tables).join(", ")}` };
  const matcher = input.tables.valueMatchers[index]!;
  const states = matcherStateCount(matcher);
  if (states > MAX_GRAPH_STATES)
    return { error: `the matcher of ${JSON.stringify(surface)} has ${states} states, more than the ${MAX_GRAPH_STATES} a picture can show` };
  const folded = input.tables.valueSources[index]!.folded;
  return {
    dot: matcherDot(matcher, {
      title: `surface ${surface}${folded === "win32" ? " (win32 paths: case and slashes folded)" : folded === "case" ? " (darwin paths: case folded)" : ""}`,
      ruleLines: (r) => ruleLines(input.policy, input.sources, r),
    }),
  };
}

const FILL: Readonly<Record<string, string>> = { allow: "#d9f2d9", ask: "#fcefc7", deny: "#f7d4d4" };

/**
 * The relation the automata lints compute, as DOT: an edge `later → earlier`
 * labelled "shadows" when the later rules together cover every value of the
 * earlier one (each covering rule gets an edge), "overrides" with the
 * shortest value where a later allow beats a deny or ask.
 */
export function lintRelationDot(input: GraphInput): string {
  const { policy, lowered, tables, sources } = input;
  const shadowed = shadowedRules(policy, lowered, tables, Number.POSITIVE_INFINITY);
  const { found: overridden, unchecked } = overriddenDenies(policy, lowered, tables);
  const edges: string[] = [];
  const nodes = new Set<number>();
  for (const s of shadowed) {
    nodes.add(s.rule);
    for (const w of s.covering) {
      nodes.add(w);
      edges.push(`  r${w} -> r${s.rule} [label="shadows", style=dashed, color=gray30];`);
    }
  }
  for (const o of overridden) {
    nodes.add(o.rule).add(o.by);
    edges.push(`  r${o.by} -> r${o.rule} [label=${dotString(["overrides", `e.g. ${JSON.stringify(o.value)}`])}, color=firebrick, fontcolor=firebrick];`);
  }
  const lines = [
    `digraph "lints" {`,
    `  label=${dotString(["rules the lints relate: later rule → earlier rule it shadows or overrides", ...(unchecked > 0 ? [`${unchecked} deny and ask rules not checked (work budget)`] : [])])};`,
    "  labelloc=t; rankdir=LR;",
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  for (const r of [...nodes].sort((a, b) => a - b)) {
    const rule = policy.rules[r]!;
    const alone = shadowed.some((s) => s.rule === r && s.covering.length === 0) ? ["shadowed (cover not computed)"] : [];
    lines.push(`  r${r} [label=${dotString([...ruleLines(policy, sources, r, true), ...alone])}, fillcolor=${dotString(FILL[rule.action] ?? "white")}];`);
  }
  if (nodes.size === 0) lines.push(`  none [shape=plaintext, style="", label="no rule shadows or overrides another"];`);
  lines.push(...edges, "}");
  return lines.join("\n") + "\n";
}

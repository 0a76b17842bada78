/**
 * A value matcher (runtime/matcher.ts) as a DOT graph: one cluster per part,
 * its live states (the dead state 0 is left out, so a missing edge means
 * "no rule can match any more"), edges labelled with the code units they
 * take, and each accepting state labelled with the rule that wins there.
 */
import type { Automaton } from "../../runtime/automaton.js";
import { MODE_REGISTER, MODE_SEQUENCE, type Matcher, type MatcherPart } from "../../runtime/matcher.js";
import { classRanges, edgeLabel, type Range } from "./char-ranges.js";
import { dotString } from "./dot.js";

export interface MatcherDotOptions {
  /** The graph's name, e.g. the surface. */
  readonly title: string;
  /** Label lines for the rule a payload names. */
  readonly ruleLines: (payload: number) => readonly string[];
}

const DEAD = 0;

/** Where state q goes on each class. */
function successors(a: Automaton, q: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < a.classCount; c++) {
    const j = a.base[q]! + c;
    out.push(a.check[j] === q ? a.next[j]! : a.defaults[q]!);
  }
  return out;
}

/** Hit-list entries shown per state of a sequence part before the rest is counted. */
const MAX_HITS_SHOWN = 4;

const MODES: Readonly<Record<number, string>> = {
  [MODE_REGISTER]: "register: the best rule of any state passed decides",
  [MODE_SEQUENCE]: "sequence: each state lists the factors ending there; a rule matches once all its factors occurred in order",
};

/**
 * An accepting state's label lines. Final and register parts accept a rank
 * (the rule that wins there); a sequence part accepts a hit list, whose steps
 * name a rule and which of its factors ends there.
 */
function acceptLines(m: Matcher, part: MatcherPart, accept: number, options: MatcherDotOptions): string[] {
  const t = part.sequence;
  if (part.mode !== MODE_SEQUENCE || !t) return [...options.ruleLines(m.payloads[accept]!)];
  const lines: string[] = [];
  const first = t.listStart[accept]!;
  const end = t.listStart[accept + 1]!;
  for (let i = first; i < end && i < first + MAX_HITS_SHOWN; i++) {
    const step = t.listStep[i]!;
    const pattern = t.stepPattern[step]!;
    const [head, ...rest] = options.ruleLines(m.payloads[t.patternRank[pattern]!]!);
    lines.push(`factor ${t.stepStage[step]! + 1}/${t.patternStages[pattern]} of ${head}`, ...rest);
  }
  if (end - first > MAX_HITS_SHOWN) lines.push(`and ${end - first - MAX_HITS_SHOWN} more factors`);
  if (t.listPrefix[accept]! >= 0) lines.push("(an anchored prefix, when read from the start)");
  return lines;
}

function partDot(m: Matcher, p: number, options: MatcherDotOptions): string[] {
  const part = m.parts[p]!;
  const a = part.automaton;
  const ranges = classRanges(a);
  const id = (q: number) => `p${p}_q${q}`;
  const mode = MODES[part.mode] ?? "final: the state the value ends in decides";
  const lines = [
    `  subgraph cluster_part${p} {`,
    `    label=${dotString([`part ${p + 1} of ${m.parts.length}`, mode])};`,
    `    style=rounded; color=gray50;`,
    `    p${p}_start [shape=point, label=""];`,
    `    p${p}_start -> ${id(a.start)};`,
  ];
  for (let q = 1; q < a.stateCount; q++) {
    const accept = a.accept[q]!;
    if (accept >= 0) {
      lines.push(`    ${id(q)} [shape=doublecircle, label=${dotString([`q${q}`, ...acceptLines(m, part, accept, options)])}];`);
    } else {
      lines.push(`    ${id(q)} [label=${dotString(`q${q}`)}];`);
    }
  }
  for (let q = 1; q < a.stateCount; q++) {
    const next = successors(a, q);
    const byTarget = new Map<number, Range[]>();
    next.forEach((t, c) => {
      if (t === DEAD) return;
      const list = byTarget.get(t) ?? [];
      list.push(...ranges[c]!);
      byTarget.set(t, list);
    });
    const targets = [...byTarget.keys()].sort((x, y) => x - y);
    for (const t of targets) {
      const others = targets.filter((o) => o !== t).flatMap((o) => byTarget.get(o)!);
      lines.push(`    ${id(q)} -> ${id(t)} [label=${dotString(edgeLabel(byTarget.get(t)!, others))}];`);
    }
  }
  lines.push("  }");
  return lines;
}

export function matcherDot(m: Matcher, options: MatcherDotOptions): string {
  const lines = [
    `digraph ${dotString(options.title)} {`,
    `  label=${dotString([options.title, "dead state left out: a value with no edge to follow matches no (more) rule"])};`,
    "  labelloc=t; rankdir=LR;",
    '  node [shape=circle, fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  for (let p = 0; p < m.parts.length; p++) lines.push(...partDot(m, p, options));
  lines.push("}");
  return lines.join("\n") + "\n";
}

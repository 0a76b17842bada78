import { lineColumn, type SourceTexts } from "../diagnostics/index.js";
import type { PolicyIR } from "../ir.js";

/** Where a rule was written, `file:line`, or what it is when it was written nowhere (a default, a baseline). */
export function ruleWhere(policy: PolicyIR, sources: SourceTexts, r: number): string {
  const rule = policy.rules[r];
  if (!rule) return "no rule";
  const text = rule.span ? sources.get(rule.span.file) : undefined;
  if (rule.span && text !== undefined) return `${rule.span.file}:${lineColumn(text, rule.span.start).line}`;
  return rule.layer === "default" ? "universal default" : `${rule.origin} (built in)`;
}

/** `#3 allow git *` and its place, as the lines of a node label. */
export function ruleLines(policy: PolicyIR, sources: SourceTexts, r: number, withSurface = false): string[] {
  const rule = policy.rules[r];
  if (!rule) return [`#${r}`];
  const what = rule.layer === "default" ? `#${r} ${rule.action} (default)` : `#${r} ${rule.action} ${rule.pattern}`;
  return [what, ...(withSurface && rule.layer !== "default" ? [`on ${rule.surface}`] : []), ruleWhere(policy, sources, r)];
}

import { quote } from "../diagnostics/index.js";
import type { PolicyIR } from "../ir.js";

/** `rule `git *` on `bash` (global)`: how diagnostics name another rule. */
export function describeRule(policy: PolicyIR, index: number): string {
  const r = policy.rules[index];
  if (!r) return "no rule";
  if (r.layer === "default") return `the universal default \`${r.action}\``;
  return `${r.action} rule ${quote(r.pattern)} on ${quote(r.surface)} (${r.origin})`;
}

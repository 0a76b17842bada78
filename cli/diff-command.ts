import { diffPolicies, widens, type CompiledSide, type DecisionChange } from "../compiler/analysis/policy-diff.js";
import { hasErrors, quote } from "../compiler/diagnostics/index.js";
import type { PolicyIR } from "../compiler/ir.js";
import { compile } from "../compiler/pipeline.js";
import { formatFrom, targetFrom } from "./compile-command.js";
import { readInputs } from "./inputs.js";
import { reportDiagnostics } from "./io.js";
import { parseOptions, UsageError } from "./usage.js";

export async function runDiff(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { "fail-on-widen": { type: "boolean" }, home: { type: "string" }, platform: { type: "string" }, format: { type: "string" } },
  });
  if (positionals.length !== 2) throw new UsageError("diff takes two policy files: <old> <new>");
  const format = formatFrom(values.format);
  const target = targetFrom(values);
  const sides: CompiledSide[] = [];
  for (const file of positionals) {
    const { inputs, diagnostics } = readInputs([{ file }]);
    if (diagnostics.length > 0) {
      reportDiagnostics(diagnostics, new Map(), format);
      return 1;
    }
    const result = compile({ inputs, target, command: `permc diff ${file}`, until: "automata" });
    if (hasErrors(result.diagnostics) || !result.state.tables || !result.state.policy) {
      reportDiagnostics(result.diagnostics, result.sources, format);
      return 1;
    }
    sides.push({ policy: result.state.policy, tables: result.state.tables });
  }
  const [before, after] = sides as [CompiledSide, CompiledSide];
  const diff = diffPolicies(before, after);
  if (format === "json") {
    const json = diff.changes.map((c) => ({ ...c, widens: widens(c), oldRule: ruleJson(before.policy, c.oldRule), newRule: ruleJson(after.policy, c.newRule) }));
    process.stdout.write(JSON.stringify({ changes: json, skipped: diff.skipped }, null, 2) + "\n");
  } else {
    process.stdout.write(renderChanges(diff.changes, before.policy, after.policy) + "\n");
    for (const s of diff.skipped) process.stdout.write(`note: surface ${quote(s)} is too large to compare exactly\n`);
  }
  return values["fail-on-widen"] && diff.changes.some(widens) ? 1 : 0;
}

function ruleJson(policy: PolicyIR, i: number) {
  const r = policy.rules[i]!;
  return { surface: r.surface, pattern: r.pattern, action: r.action, layer: r.layer, origin: r.origin };
}

function describe(policy: PolicyIR, i: number): string {
  const r = policy.rules[i]!;
  return r.layer === "default" ? "the universal default" : r.layer === "baseline" ? `the MCP baseline ${quote(r.pattern)}` : `${quote(r.pattern)} on ${quote(r.surface)}`;
}

function renderChanges(changes: readonly DecisionChange[], before: PolicyIR, after: PolicyIR): string {
  if (changes.length === 0) return "no decision changes";
  return changes
    .map((c) => `${widens(c) ? "WIDER " : "narrower"} ${c.surface === "" ? "(any other tool)" : c.surface}: ${c.from} → ${c.to}, e.g. ${quote(c.example)}\n    was ${describe(before, c.oldRule)}, now ${describe(after, c.newRule)}`)
    .join("\n");
}

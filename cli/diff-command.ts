import { diffPolicies, widens, type CompiledSide, type DecisionChange } from "../compiler/analysis/policy-diff.js";
import { hasErrors, lineColumn, quote, type SourceTexts } from "../compiler/diagnostics/index.js";
import type { PolicyIR } from "../compiler/ir.js";
import { compile } from "../compiler/pipeline.js";
import { formatFrom, targetFrom } from "./compile-command.js";
import { readInputs } from "./inputs.js";
import { reportDiagnostics } from "./io.js";
import { parseOptions, UsageError } from "./usage.js";
import type { RuleJson } from "./rule-json.js";

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
  const sources: SourceTexts[] = [];
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
    sources.push(result.sources);
  }
  const [before, after] = sides as [CompiledSide, CompiledSide];
  const rule = (side: 0 | 1, i: number) => ruleJson(sides[side]!.policy, i, sources[side]!);
  const diff = diffPolicies(before, after);
  if (format === "json") {
    const json = diff.changes.map((c) => ({ ...c, widens: widens(c), oldRule: rule(0, c.oldRule), newRule: rule(1, c.newRule) }));
    process.stdout.write(JSON.stringify({ changes: json, skipped: diff.skipped }, null, 2) + "\n");
  } else {
    process.stdout.write(renderChanges(diff.changes, (c) => [rule(0, c.oldRule), rule(1, c.newRule)]) + "\n");
    for (const s of diff.skipped) process.stdout.write(`note: surface ${quote(s)} is too large to compare exactly; its changes may be incomplete\n`);
  }
  return values["fail-on-widen"] && diff.changes.some(widens) ? 1 : 0;
}

function ruleJson(policy: PolicyIR, i: number, sources: SourceTexts): RuleJson {
  const r = policy.rules[i]!;
  const text = r.span ? sources.get(r.span.file) : undefined;
  const at = r.span && text !== undefined ? lineColumn(text, r.span.start) : undefined;
  return {
    surface: r.surface,
    pattern: r.pattern,
    action: r.action,
    layer: r.layer,
    origin: r.origin,
    source: r.span && at ? `${r.span.file}:${at.line}:${at.column}` : null,
  };
}

function describe(r: RuleJson): string {
  const what =
    r.layer === "default"
      ? "the universal default"
      : r.layer === "baseline"
        ? `the MCP baseline ${quote(r.pattern)}`
        : `${quote(r.pattern)} on ${quote(r.surface)}`;
  return `${what} (${r.action}${r.source ? `, ${r.source}` : ", built in"})`;
}

/** One block per changed region: what changes, a shortest example, and the deciding rule on each side. */
function renderChanges(changes: readonly DecisionChange[], rules: (c: DecisionChange) => [RuleJson, RuleJson]): string {
  if (changes.length === 0) return "no decision changes";
  const widened = changes.filter(widens).length;
  const head = `${changes.length} changed region${changes.length === 1 ? "" : "s"}: ${widened} wider, ${changes.length - widened} narrower`;
  return [
    head,
    ...changes.map((c) => {
      const [was, now] = rules(c);
      return `${widens(c) ? "WIDER   " : "narrower"} ${c.surface === "" ? "(any other tool)" : c.surface}: ${c.from} → ${c.to}, e.g. ${quote(c.example)}\n    was ${describe(was)}\n    now ${describe(now)}`;
    }),
  ].join("\n");
}

import type { PolicyPayload, RulePayload } from "../../runtime/format.js";
import { FORMAT_VERSION } from "../../runtime/format.js";
import { serializeAutomaton, serializeMatcher } from "../automata/index.js";
import { lineColumn, type SourceTexts } from "../diagnostics/index.js";
import type { PolicyIR, Rule } from "../ir.js";
import type { PolicyTables } from "../policy-tables.js";

/** The JSON payload a generated module carries; key order is fixed so the text is deterministic. */
export function buildPayload(policy: PolicyIR, tables: PolicyTables, sources: SourceTexts): PolicyPayload {
  return {
    format: FORMAT_VERSION,
    rules: policy.rules.map((r) => rulePayload(r, sources)),
    knobs: {
      yoloMode: policy.knobs.yoloMode,
      piInfrastructureReadPaths: [...policy.knobs.piInfrastructureReadPaths],
      shellTools: policy.knobs.shellTools,
    },
    surfaceAutomaton: tables.surfaceAutomaton.map(serializeAutomaton),
    setAutomaton: [...tables.setAutomaton],
    direct: tables.direct.map(([n, i]) => [n, i] as const),
    valueMatchers: tables.valueMatchers.map(serializeMatcher),
  };
}

function rulePayload(r: Rule, sources: SourceTexts): RulePayload {
  const text = r.span ? sources.get(r.span.file) : undefined;
  const at = r.span && text !== undefined ? lineColumn(text, r.span.start) : null;
  return {
    surface: r.surface,
    pattern: r.pattern,
    action: r.action,
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    origin: r.origin,
    layer: r.layer,
    ...(r.span && at ? { source: `${r.span.file}:${at.line}:${at.column}` } : {}),
  };
}

// Top-level keys naming Pi's MCP tools also become `mcp` rules (reference 38.0.0).
import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { Rule } from "../ir.js";
import { isPiMcpTool } from "../../runtime/gate/mcp-targets.js";
import type { MergedPolicy } from "./merge-scopes.js";

/**
 * Since reference 38.0.0 Pi's `mcp__<server>__<tool>` tools are gated on the
 * `mcp` surface, not on their own name. A top-level key that names such a
 * tool — exactly, or with a wildcard after `mcp__` — is copied onto `mcp` as
 * a rule for that name, taken from its action string or its `*` entry
 * (origin and reason kept). The copies go after every other config rule; the
 * caller computes the MCP baseline before them, so a copied allow does not
 * arm it. The original key stays (it still governs a tool of that exact
 * name, which Pi no longer asks about). A key of another shape (`*__wipe`)
 * is not copied and no longer reaches Pi's MCP tools.
 *
 * Before: `{"*":"allow","mcp__danger_srv__wipe":"deny"}`
 * After:  `… (mcp__danger_srv__wipe,*,deny) (mcp,mcp__danger_srv__wipe,deny)` and a notice
 */
export function relocateMcpToolKeys(merged: MergedPolicy): { rules: Rule[]; diagnostics: Diagnostic[] } {
  const rules: Rule[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const s of merged.surfaces) {
    if (!namesPiMcpTool(s.surface)) continue;
    const source =
      s.value.kind === "action"
        ? { action: s.value.action, origin: s.value.origin, span: s.keySpan }
        : (s.value.patterns.find((p) => p.pattern === "*") ?? null);
    if (source === null) {
      diagnostics.push(
        diagnostic("mcpToolKeyRelocated", `key ${quote(s.surface)} names a Pi MCP tool, which is gated on \`mcp\`; its patterns apply to nothing`, s.keySpan, {
          notes: ['only an action string or a `"*"` entry is copied onto `mcp` (reference 38.0.0)'],
        }),
      );
      continue;
    }
    const span = "keySpan" in source ? source.keySpan : source.span;
    rules.push({
      surface: "mcp",
      pattern: s.surface,
      action: source.action,
      ...("reason" in source && source.reason !== undefined ? { reason: source.reason } : {}),
      origin: source.origin,
      layer: "config",
      span,
    });
    diagnostics.push(
      diagnostic("mcpToolKeyRelocated", `key ${quote(s.surface)} also decides as the rule \`mcp\` ${quote(s.surface)} ${source.action}`, span, {
        notes: ["Pi's `mcp__<server>__<tool>` tools are gated on the `mcp` surface since reference 38.0.0; this copy is checked after every other rule"],
      }),
    );
  }
  return { rules, diagnostics };
}

/** `mcp__server__tool` exactly, or a pattern with a wildcard after `mcp__` (`mcp__danger_srv__*`). */
export function namesPiMcpTool(key: string): boolean {
  return key.startsWith("mcp__") && (isPiMcpTool(key) || /[*?]/.test(key.slice("mcp__".length)));
}

// Turns the merged permission map into the reference's ordered rule list: default, MCP baseline, config rules.
import type { Diagnostic } from "../diagnostics/index.js";
import type { Origin, PolicyIR, Rule } from "../ir.js";
import type { MergedPolicy } from "./merge-scopes.js";
import { relocateMcpToolKeys } from "./relocate-mcp-tool-keys.js";

/** MCP metadata tools the reference allows once any `mcp` rule allows something. */
export const MCP_BASELINE_TOOLS: readonly string[] = ["mcp_status", "mcp_list", "mcp_search", "mcp_describe", "mcp_connect"];

/**
 * Index 0 is the single default rule (action of `"*"` if it is an action
 * string, else `ask`); then the five MCP baseline allows, only when some
 * config rule has surface exactly `mcp` and action `allow`; then one config
 * rule per surface (in merged key order, `"*"` excluded) and pattern (in key
 * order), a string value standing for pattern `"*"`; last, the `mcp` copies of
 * keys naming Pi's MCP tools (`relocateMcpToolKeys`). Later rules win.
 *
 * Before: `{"*":"deny","mcp":{"exa:*":"allow"}}` (global)
 * After:  `(*,*,deny,default,global) (mcp,mcp_status..,allow,baseline)×5 (mcp,exa:*,allow,config,global)`
 */
export function composeRules(merged: MergedPolicy): { policy: PolicyIR; diagnostics: Diagnostic[] } {
  const config: Rule[] = [];
  for (const s of merged.surfaces) {
    if (s.surface === "*") continue;
    if (s.value.kind === "action") {
      config.push({ surface: s.surface, pattern: "*", action: s.value.action, origin: s.value.origin, layer: "config", span: s.keySpan });
      continue;
    }
    for (const p of s.value.patterns) {
      config.push({
        surface: s.surface,
        pattern: p.pattern,
        action: p.action,
        ...(p.reason !== undefined ? { reason: p.reason } : {}),
        origin: p.origin,
        layer: "config",
        span: p.keySpan,
      });
    }
  }

  const rules: Rule[] = [defaultRule(merged)];
  // The baseline is decided before the Pi MCP tool keys are copied onto `mcp`, so a copied allow does not arm it.
  if (config.some((r) => r.surface === "mcp" && r.action === "allow")) {
    for (const tool of MCP_BASELINE_TOOLS) rules.push({ surface: "mcp", pattern: tool, action: "allow", origin: "baseline", layer: "baseline" });
  }
  const relocated = relocateMcpToolKeys(merged);
  rules.push(...config, ...relocated.rules);
  return { policy: { rules, knobs: merged.knobs, settings: merged.settings }, diagnostics: relocated.diagnostics };
}

/**
 * The fallback's action comes only from an action string under `"*"`. Its
 * origin is looked up like any pattern's: a map under `"*"` that has a `"*"`
 * pattern lends that pattern's scope to the `ask` fallback, as in the reference.
 */
function defaultRule(merged: MergedPolicy): Rule {
  const universal = merged.surfaces.find((s) => s.surface === "*");
  if (!universal) return { surface: "*", pattern: "*", action: "ask", origin: "builtin", layer: "default" };
  if (universal.value.kind === "action") {
    return { surface: "*", pattern: "*", action: universal.value.action, origin: universal.value.origin, layer: "default", span: universal.keySpan };
  }
  const star = universal.value.patterns.find((p) => p.pattern === "*");
  const origin: Origin = star ? star.origin : "builtin";
  return { surface: "*", pattern: "*", action: "ask", origin, layer: "default", span: universal.keySpan };
}

import { diagnostic, type Diagnostic } from "../diagnostics/index.js";
import type { ScopeDocument } from "../frontend/scope-document.js";
import { mergeScopes } from "./merge-scopes.js";

/**
 * The reference's own warning: a universal
 * `allow` with no bash policy of its own lets every command through. Like the
 * reference it looks at the global and project files only.
 */
export function lintPermissiveBashFallback(docs: readonly ScopeDocument[]): Diagnostic[] {
  const fileScopes = docs.filter((d) => d.scope === "global" || d.scope === "project");
  const merged = mergeScopes(fileScopes);
  const universal = merged.surfaces.find((s) => s.surface === "*");
  if (universal?.value.kind !== "action" || universal.value.action !== "allow") return [];
  const bash = merged.surfaces.find((s) => s.surface === "bash");
  if (bash && (bash.value.kind === "action" || bash.value.patterns.some((p) => p.pattern === "*"))) return [];
  return [
    diagnostic("permissiveBashFallback", "the universal fallback is `allow` and bash has no `*` rule, so every bash command is allowed", universal.keySpan, {
      notes: bash ? ["bash rules exist, but a command none of them matches falls back to `allow`"] : ["no bash rules are set at all"],
    }),
  ];
}

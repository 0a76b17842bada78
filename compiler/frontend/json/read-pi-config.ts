import { diagnostic, quote, type Diagnostic } from "../../diagnostics/index.js";
import { byPosition } from "../by-position.js";
import { parseJsonText } from "./parse-json-text.js";
import type { RawValue } from "../raw-value.js";
import { scopeDocument, type ReadResult, type SurfaceEntry } from "../scope-document.js";
import { isStrictScope, type SourceInput } from "../source.js";
import { strictConfig } from "../strict-config.js";
import { tolerantPermission } from "../tolerant-permission.js";

/**
 * Reads a pi-permission-system config file. Global and project files get the
 * reference's strict schema: any error rejects the file (`doc` is null).
 * Agent scopes written as JSON (`{"permission": {…}}`) get the tolerant
 * agent-scope rules instead: bad entries are dropped with a warning.
 */
export function readPiConfig(input: SourceInput): ReadResult {
  const { doc, diagnostics } = readUnsorted(input);
  return { doc, diagnostics: byPosition(diagnostics) };
}

function readUnsorted(input: SourceInput): ReadResult {
  const { value, diagnostics } = parseJsonText(input.file, input.text);
  if (!value) return { doc: null, diagnostics };
  if (isStrictScope(input.scope)) {
    const config = strictConfig(value, diagnostics);
    if (!config || diagnostics.some((d) => d.severity === "error")) return { doc: null, diagnostics };
    return { doc: scopeDocument(input, config.permission, config.knobs, config.ux), diagnostics };
  }
  const permission = tolerantAgentJson(value, diagnostics);
  if (diagnostics.some((d) => d.severity === "error")) return { doc: null, diagnostics };
  return { doc: scopeDocument(input, permission, {}, {}), diagnostics };
}

function tolerantAgentJson(root: RawValue, diags: Diagnostic[]): SurfaceEntry[] {
  if (root.kind !== "map") {
    diags.push(
      diagnostic("frontmatterEntryDropped", "an agent scope must be a JSON object; this file contributes nothing", root.span, {
        help: 'write `{ "permission": { … } }`',
      }),
    );
    return [];
  }
  for (const entry of root.entries) {
    if (entry.key === "permission") continue;
    diags.push(
      diagnostic("unknownKey", `key ${quote(entry.key)} is ignored in an agent scope`, entry.keySpan, {
        severity: "warning",
        help: "agent scopes contribute only `permission`; knobs such as `yoloMode` belong in the global or project config",
      }),
    );
  }
  return tolerantPermission(root.entries.find((e) => e.key === "permission")?.value, diags);
}

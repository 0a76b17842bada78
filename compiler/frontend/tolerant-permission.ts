import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { Action } from "../ir.js";
import { isAction } from "../../runtime/action.js";
import { actionHelp } from "./action.js";
import { describeRaw, getProperty, type RawEntry, type RawValue } from "./raw-value.js";
import type { PatternEntry, SurfaceEntry } from "./scope-document.js";
import { protoWarning } from "./strict-permission.js";
import { suggestKey } from "./suggest-key.js";
import { surfaceTypo } from "./surface-typo.js";
import { universalMapWarning } from "./universal-map-warning.js";
import { misspelledDirectionalKey } from "./directional-key.js";

/** Extra help for a dropped entry, from what the user actually wrote (e.g. a quoted key split at its `:`). */
export type DropHelp = (entry: RawEntry) => string | undefined;

/**
 * Agent scopes are normalised tolerantly by the reference: an entry it cannot
 * use is dropped on its own, silently. permc keeps exactly the same entries and
 * says which ones were dropped.
 */
export function tolerantPermission(value: RawValue | undefined, diags: Diagnostic[], dropHelp: DropHelp = () => undefined): SurfaceEntry[] {
  if (value === undefined) return [];
  if (value.kind !== "map") {
    diags.push(dropped(`\`permission\` must be a map of surfaces, found ${describeRaw(value)}; the whole block is ignored`, value.span, flowHelp(value)));
    return [];
  }
  const out: SurfaceEntry[] = [];
  for (const entry of value.entries) {
    if (entry.key === "__proto__") {
      diags.push(protoWarning(entry, "surface"));
      continue;
    }
    const v = entry.value;
    const misspelled = misspelledDirectionalKey(entry.key, entry.keySpan);
    if (misspelled) {
      // An error even in this tolerant scope: the rule would govern no path at all.
      diags.push(misspelled);
      continue;
    }
    if (entry.key === "") {
      diags.push(diagnostic("emptyKey", "empty surface name; it can only match a tool with an empty name", entry.keySpan, { severity: "warning" }));
    }
    const typo = surfaceTypo(entry.key, entry.keySpan);
    if (typo) diags.push(typo);
    if (v.kind === "string") {
      if (isAction(v.value)) {
        out.push({ surface: entry.key, value: { kind: "action", action: v.value }, keySpan: entry.keySpan, valueSpan: v.span });
      } else {
        diags.push(
          dropped(`surface ${quote(entry.key)} is dropped: ${quote(v.value)} is not an action`, v.span, actionHelp(v.value) ?? flowHelp(v) ?? dropHelp(entry)),
        );
      }
      continue;
    }
    if (v.kind !== "map") {
      diags.push(dropped(`surface ${quote(entry.key)} is dropped: expected an action or a map, found ${describeRaw(v)}`, v.span, dropHelp(entry)));
      continue;
    }
    const patterns: PatternEntry[] = [];
    for (const p of v.entries) {
      if (p.key === "__proto__") {
        diags.push(protoWarning(p, "pattern"));
        continue;
      }
      const kept = tolerantPatternValue(p, diags);
      if (kept) patterns.push({ pattern: p.key, ...kept, keySpan: p.keySpan, valueSpan: p.value.span });
      else
        diags.push(
          dropped(`pattern ${quote(p.key)} under ${quote(entry.key)} is dropped: ${whyNotAction(p.value)}`, p.value.span, patternHelp(p) ?? dropHelp(p)),
        );
    }
    if (patterns.length === 0) {
      diags.push(dropped(`surface ${quote(entry.key)} is dropped: none of its patterns is valid`, entry.keySpan));
      continue;
    }
    const surfaceValue = { kind: "map", patterns } as const;
    if (entry.key === "*") diags.push(universalMapWarning(entry.keySpan, surfaceValue));
    out.push({ surface: entry.key, value: surfaceValue, keySpan: entry.keySpan, valueSpan: v.span });
  }
  return out;
}

/** The reference keeps an action string, or any object whose `action` reads as `"deny"` and whose `reason` is absent or a string. */
function tolerantPatternValue(p: RawEntry, diags: Diagnostic[]): { action: Action; reason?: string } | null {
  const v = p.value;
  if (v.kind === "string") return isAction(v.value) ? { action: v.value } : null;
  if (v.kind !== "map") return null;
  const action = getProperty(v, "action");
  const reason = getProperty(v, "reason");
  if (action?.kind !== "string" || action.value !== "deny") return null;
  if (reason !== undefined && reason.kind !== "string") return null;
  for (const e of v.entries) {
    if (e.key !== "action" && e.key !== "reason") {
      const near = suggestKey(e.key, ["action", "reason"]);
      diags.push(
        dropped(
          `key ${quote(e.key)} of the deny object under ${quote(p.key)} is ignored`,
          e.keySpan,
          near !== undefined ? `did you mean ${quote(near)}?` : undefined,
        ),
      );
    }
  }
  return reason === undefined ? { action: "deny" } : { action: "deny", reason: reason.value };
}

function whyNotAction(v: RawValue): string {
  if (v.kind === "string") return `${quote(v.value)} is not an action`;
  if (v.kind !== "map") return `expected an action, found ${describeRaw(v)}`;
  const action = getProperty(v, "action");
  if (action === undefined) return "the object has no `action`";
  if (action.kind !== "string" || action.value !== "deny") return "only `deny` can be written as an object";
  return "`reason` must be a string";
}

/** The frontmatter reader has no flow syntax: `{…}` and `[…]` stay plain strings. */
function flowHelp(v: RawValue): string | undefined {
  if (v.kind !== "string" || !/^[[{]/.test(v.value)) return undefined;
  return "inline `{…}` and `[…]` are read as plain text; write one `key: value` per line, nested by indentation";
}

function patternHelp(p: RawEntry): string | undefined {
  return p.value.kind === "string" ? actionHelp(p.value.value) : undefined;
}

function dropped(message: string, span: RawValue["span"], help?: string): Diagnostic {
  return diagnostic("frontmatterEntryDropped", message, span, help ? { help } : {});
}

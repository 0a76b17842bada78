// Prints a ScopeDocument as `.perm` text or as a pi-permission-system JSON config: `permc convert`.
import { isBareName } from "../../grammar/index.js";
import type { ScopeDocument, UxKnobs } from "../frontend/scope-document.js";
import { PI_SETTING_KEYS } from "../ir.js";

/** A surface name as the DSL writes it: bare when it lexes as one word, else a JSON string. */
export function permName(name: string): string {
  return isBareName(name) ? name : JSON.stringify(name);
}

/** One-line JSON with a space after `,` and `:`, the layout `set` values use. */
export function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return "[" + value.map(inlineJson).join(", ") + "]";
  if (value !== null && typeof value === "object") {
    return (
      "{" +
      Object.entries(value)
        .map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`)
        .join(", ") +
      "}"
    );
  }
  return JSON.stringify(value);
}

const UX_ORDER: readonly (keyof UxKnobs)[] = ["$schema", ...PI_SETTING_KEYS, "toolInputPreviewMaxLength", "toolTextSummaryMaxLength"];

/**
 * The document's rules in compiled order, so the page order is the decision
 * order by construction (no `rule-out-of-order` can arise): `default` first,
 * then every surface in the document's key order, its patterns in key order.
 */
export function printPerm(doc: ScopeDocument, header?: string): string {
  const lines: string[] = [];
  if (header) lines.push(`# ${header}`);
  lines.push(`scope ${doc.scope}`);
  const sets: string[] = [];
  for (const key of UX_ORDER) if (doc.ux[key] !== undefined) sets.push(`set ${key} ${inlineJson(doc.ux[key])}`);
  if (doc.knobs.yoloMode !== undefined) sets.push(`set yoloMode ${inlineJson(doc.knobs.yoloMode)}`);
  if (doc.knobs.piInfrastructureReadPaths !== undefined) sets.push(`set piInfrastructureReadPaths ${inlineJson(doc.knobs.piInfrastructureReadPaths)}`);
  if (doc.knobs.shellTools !== undefined) sets.push(`set shellTools ${inlineJson(doc.knobs.shellTools)}`);
  if (sets.length > 0) lines.push("", ...sets);
  const universal = doc.universal;
  if (universal) {
    lines.push("");
    if (universal.value.kind === "action") lines.push(`default ${universal.value.action}`);
    else {
      lines.push('# the reference discards a pattern map under "*"; kept so the conversion says the same');
      for (const p of universal.value.patterns) lines.push(ruleLine("*", p.pattern, p.action, p.reason));
    }
  }
  // A blank line between surfaces, except between consecutive `<surface> <action>` lines.
  let previousShorthand = false;
  for (const entry of doc.permission) {
    if (entry.surface === "*") continue;
    const shorthand = entry.value.kind === "action";
    if (!(shorthand && previousShorthand)) lines.push("");
    previousShorthand = shorthand;
    if (entry.value.kind === "action") lines.push(`${permName(entry.surface)} ${entry.value.action}`);
    else for (const p of entry.value.patterns) lines.push(ruleLine(entry.surface, p.pattern, p.action, p.reason));
  }
  for (const t of doc.tests ?? []) lines.push(`test ${permName(t.surface)} ${JSON.stringify(t.value)} -> ${t.expect}`);
  return lines.join("\n") + "\n";
}

function ruleLine(surface: string, pattern: string, action: string, reason?: string): string {
  return `${permName(surface)} ${JSON.stringify(pattern)} ${action}${reason !== undefined ? " " + JSON.stringify(reason) : ""}`;
}

/**
 * The same document as a config file. Keys are emitted in the document's
 * order, which already is JavaScript's enumeration order, so parsing the
 * output gives the same rule order back.
 */
export function printJson(doc: ScopeDocument): string {
  const root: Record<string, unknown> = {};
  for (const key of UX_ORDER) if (doc.ux[key] !== undefined) root[key] = doc.ux[key];
  if (doc.knobs.yoloMode !== undefined) root["yoloMode"] = doc.knobs.yoloMode;
  if (doc.knobs.piInfrastructureReadPaths !== undefined) root["piInfrastructureReadPaths"] = doc.knobs.piInfrastructureReadPaths;
  if (doc.knobs.shellTools !== undefined) root["shellTools"] = doc.knobs.shellTools;
  const permission: Record<string, unknown> = {};
  for (const entry of doc.permission) {
    if (entry.value.kind === "action") permission[entry.surface] = entry.value.action;
    else {
      const map: Record<string, unknown> = {};
      for (const p of entry.value.patterns) map[p.pattern] = p.reason !== undefined ? { action: p.action, reason: p.reason } : p.action;
      permission[entry.surface] = map;
    }
  }
  root["permission"] = permission;
  return JSON.stringify(root, null, 2) + "\n";
}

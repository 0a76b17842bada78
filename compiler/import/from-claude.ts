// Claude Code settings.json `permissions` → permc rules.
//
// Claude checks deny, then ask, then allow, and the first tier with a match
// decides. Under last match wins the same decisions come from writing, per
// surface, the allow rules first, then ask, then deny.
import { ACTIONS, type Action } from "../../runtime/action.js";
import { translateGitignorePath } from "./gitignore-path.js";
import { ImportBuilder, type ImportResult } from "./imported-policy.js";
import { isRecord, parseLenientJson } from "./lenient-json.js";

/** Claude tools whose permission maps onto built-in permc surfaces. Read rules also govern Grep, Glob and LS (Claude applies them "best effort" to every reading tool); Edit rules govern every editing tool. */
const TOOL_SURFACES: Readonly<Record<string, readonly string[]>> = {
  Bash: ["bash"],
  Read: ["read", "grep", "find", "ls"],
  Edit: ["edit", "write"],
  MultiEdit: ["edit"],
  Write: ["write"],
  Grep: ["grep"],
  Glob: ["find"],
  LS: ["ls"],
  Skill: ["skill"],
};
const PATH_TOOLS = new Set(["Read", "Edit", "MultiEdit", "Write", "Grep", "Glob", "LS"]);
const READ_SURFACES = ["read", "grep", "find", "ls"];

export function importClaude(file: string, text: string): ImportResult | { error: string } {
  const parsed = parseLenientJson(text);
  if ("error" in parsed) return { error: `not JSON: ${parsed.error}` };
  if (!isRecord(parsed.value)) return { error: "the settings file is not a JSON object" };
  const b = new ImportBuilder();
  if (parsed.lenient) b.note("info", "the file has comments or trailing commas (not strict JSON); read leniently");
  const perms = parsed.value["permissions"];
  if (perms !== undefined && !isRecord(perms)) return { error: "`permissions` is not an object" };
  const p = perms ?? {};
  if (perms === undefined) b.note("info", "no `permissions` block: only Claude's defaults are imported");

  b.header.push(
    "Claude Code checks deny, then ask, then allow; here the last matching line wins,",
    "so each surface lists its allow rules first, then ask, then deny: the same decisions.",
  );
  const defaultAction = applyDefaultMode(b, p["defaultMode"]);

  for (const key of Object.keys(p)) {
    if (!["allow", "ask", "deny", "defaultMode", "additionalDirectories", "disableBypassPermissionsMode"].includes(key)) {
      b.note("dropped", "not a Claude Code permissions key; ignored", `permissions.${key}`);
    }
  }
  additionalDirectories(b, p["additionalDirectories"]);
  for (const tier of ACTIONS) {
    const list = p[tier];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      b.note("dropped", `not a list of rules; ignored${widensIfDeny(tier)}`, `permissions.${tier}`, tier !== "allow");
      continue;
    }
    for (const entry of list) {
      if (typeof entry !== "string") b.note("dropped", `a rule must be a string; ignored${widensIfDeny(tier)}`, JSON.stringify(entry), tier !== "allow");
      else claudeRule(b, entry.trim(), tier);
    }
  }
  return b.finish("claude", file, defaultAction);
}

/**
 * Claude's modes as a default plus base rules. Reading tools run without a
 * prompt in the working directory in every mode; outside it permc's
 * `external_directory` gate (default ask) stands in for Claude's prompt.
 */
function applyDefaultMode(b: ImportBuilder, mode: unknown): Action {
  const m = typeof mode === "string" ? mode : "default";
  let fallback: Action = "ask";
  if (m === "bypassPermissions") fallback = "allow";
  else if (m === "dontAsk") fallback = "deny";
  else if (!["default", "acceptEdits", "plan", "auto"].includes(m)) b.note("dropped", "unknown defaultMode; treated as `default`", `defaultMode ${m}`);
  // Plan mode runs nothing that changes the machine; dontAsk denies what would prompt: asking instead is weaker.
  if (m === "plan" || m === "auto")
    b.note("inexact", `defaultMode ${m} has no permc equivalent; imported as \`default\` (unmatched calls ask)`, `defaultMode ${m}`, m === "plan");
  if (m === "dontAsk")
    b.note("inexact", "dontAsk denies what no allow rule covers; its ask rules are kept as ask — WIDENS: Claude would deny them", "defaultMode dontAsk", true);
  const base = m === "bypassPermissions" ? [] : m === "acceptEdits" ? [...READ_SURFACES, "edit", "write"] : READ_SURFACES;
  for (const s of base) b.rule(s, "*", "allow");
  b.header.push(
    `defaultMode ${m}: unmatched calls ${fallback}${base.length > 0 ? `; ${base.join(", ")} are allowed in the working directory as Claude allows them` : ""}.`,
  );
  b.note("assumed", `defaultMode ${m}: default ${fallback}${base.length > 0 ? `, base allow on ${base.join(", ")}` : ""}`);
  return fallback;
}

function additionalDirectories(b: ImportBuilder, dirs: unknown): void {
  if (dirs === undefined) return;
  if (!Array.isArray(dirs)) return b.note("dropped", "not a list; ignored", "additionalDirectories");
  for (const d of dirs) {
    if (typeof d !== "string" || d === "") continue;
    const dir = d.replace(/\/+$/, "");
    if (!dir.startsWith("/") && !dir.startsWith("~")) {
      b.note("dropped", "a relative additional directory cannot be resolved without the project root; left out", d);
      continue;
    }
    // Claude treats an additional directory like the working directory: outside paths there pass the external-directory gate.
    b.rule("external_directory", dir, "allow");
    b.rule("external_directory", `${dir}/*`, "allow");
  }
}

const RULE = /^([A-Za-z][A-Za-z0-9_.-]*)(?:\((.*)\))?$/s;

function claudeRule(b: ImportBuilder, rule: string, action: Action): void {
  if (rule.startsWith("mcp__")) return mcpRule(b, rule, action);
  const m = RULE.exec(rule);
  if (!m && /^(\/\/|#)/.test(rule)) {
    b.note("dropped", "a comment written as a rule string; matches no tool call in Claude either", rule);
    return;
  }
  if (!m) {
    b.note("dropped", `not a Claude permission rule (Tool or Tool(specifier))${widensIfDeny(action)}`, rule, action !== "allow");
    return;
  }
  const tool = m[1]!;
  const spec = m[2];
  const surfaces = TOOL_SURFACES[tool] ?? [tool];
  if (spec === undefined || spec === "" || spec === "*" || spec === "**") {
    for (const s of surfaces) b.rule(s, "*", action);
    return;
  }
  if (tool === "Bash") return bashRule(b, rule, spec, action);
  if (PATH_TOOLS.has(tool)) return pathRule(b, rule, tool, spec, action);
  if (tool === "Skill") {
    b.rule("skill", spec.endsWith(":*") ? spec.slice(0, -2) + "*" : spec, action);
    return;
  }
  // permc checks extension tools by name only (the value is always "*").
  b.note(
    "dropped",
    `permc checks a ${tool} call by its tool name only, so this specifier cannot be expressed${widensIfDeny(action)}`,
    rule,
    action !== "allow",
  );
}

const LEGACY_PREFIX_NOTE =
  "legacy `prefix:*` rules read as documented, `prefix*` (any command starting with the prefix); if your Claude version enforces a word boundary after the prefix, these rules are wider here";

function widensIfDeny(action: Action): string {
  return action === "allow" ? "" : ` — WIDENS: what this ${action} covered falls to the other rules`;
}

/**
 * `:*` at the end is Claude's legacy prefix form; its docs say it matches
 * commands "starting with" the prefix (`npm run test:*` covers
 * `npm run test:unit`), so it becomes `prefix*`. Some write-ups describe a
 * word boundary instead; under that reading `prefix*` is wider (reported once).
 */
function bashRule(b: ImportBuilder, rule: string, spec: string, action: Action): void {
  let pattern = spec;
  if (pattern.endsWith(":*")) {
    pattern = pattern.slice(0, -2) + "*";
    if (!b.notes.some((n) => n.message.startsWith(LEGACY_PREFIX_NOTE))) b.note("assumed", LEGACY_PREFIX_NOTE + " (e.g. " + rule + ")");
  }
  if (pattern.includes(":*"))
    b.note(
      "inexact",
      `\`:*\` inside a pattern is no prefix marker; its \`*\` is a wildcard here (${action === "allow" ? "grants more" : `${action === "deny" ? "denies" : "asks"} more`})`,
      rule,
      action === "allow",
    );
  if (pattern.trim() === "") pattern = "*";
  b.rule("bash", pattern, action);
}

function pathRule(b: ImportBuilder, rule: string, tool: string, spec: string, action: Action): void {
  const t = translateGitignorePath(spec);
  if (tool === "Write") b.note("info", "Claude documents path rules for Read and Edit; this Write rule is kept on the write tool", rule);
  // Extra paths matched widen only an allow (outside the project the external_directory gate still asks);
  // paths missed widen any rule (a deny or ask no longer covers them).
  for (const why of t.inexact) {
    const misses = t.missing.includes(why);
    const effect = misses ? "misses paths the source covers" : action === "allow" ? "grants more" : `${action === "deny" ? "denies" : "asks"} more`;
    b.note("inexact", `${why} (${effect})`, rule, misses || (action === "allow" && !t.outside.includes(why)));
  }
  for (const why of t.assumed) b.note("assumed", why, rule);
  for (const s of TOOL_SURFACES[tool]!) for (const p of t.patterns) b.rule(s, p, action);
}

/** `mcp__server__tool` → `mcp "server:tool"`, a bare server or `mcp__server__*` → `mcp "server:*"`. */
function mcpRule(b: ImportBuilder, rule: string, action: Action): void {
  const rest = rule.slice(5).replace(/:\*$/, "");
  const sep = rest.indexOf("__");
  const server = sep < 0 ? rest : rest.slice(0, sep);
  const tool = sep < 0 ? "*" : rest.slice(sep + 2) || "*";
  if (rule.endsWith(":*")) b.note("info", "`:*` after an MCP name is not Claude syntax; read as the whole server", rule);
  b.rule("mcp", `${server}:${tool.replace(/\*{2,}/g, "*")}`, action);
}

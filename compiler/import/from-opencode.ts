// OpenCode `permission` config (opencode.json(c), or an agent file's
// frontmatter) → permc rules.
//
// OpenCode's own evaluation is already last match wins over one flat list:
// its defaults, then the config's keys in order, each key's patterns in order
// (docs: "the last matching rule wins"; `*` any run, `?` one character, `~`
// and `$HOME` expanded). Its wildcard is permc's, so patterns carry over; the
// work is in the surface names and the defaults.
import { suggestKey } from "../frontend/suggest-key.js";
import { ACTIONS, isAction, type Action } from "../../runtime/action.js";
import { frontmatter, parseYamlMaps } from "./frontmatter-yaml.js";
import { collapseStars, ImportBuilder, type ImportResult } from "./imported-policy.js";
import { isRecord, parseLenientJson } from "./lenient-json.js";
import { permissionsArrayRules, type SourceRule } from "./opencode-v2-rules.js";

/** OpenCode permission names → permc surfaces. `edit` governs every file-changing tool (write, edit, patch). */
const SURFACES: Readonly<Record<string, readonly string[]>> = {
  edit: ["edit", "write"],
  write: ["write"],
  patch: ["edit", "write"],
  multiedit: ["edit"],
  read: ["read"],
  glob: ["find"],
  grep: ["grep"],
  list: ["ls"],
  bash: ["bash"],
  external_directory: ["external_directory"],
  skill: ["skill"],
};
/** OpenCode permissions that no permc surface stands for. */
const NO_SURFACE: Readonly<Record<string, string>> = {
  doom_loop: "OpenCode's repeated-identical-call guard has no permc surface",
};
/** Legacy `tools` names that OpenCode folds into `edit`. */
const EDIT_TOOLS = new Set(["write", "edit", "patch", "multiedit"]);

export interface OpencodeOptions {
  readonly agent?: string;
}

export function importOpencode(file: string, text: string, options: OpencodeOptions = {}): ImportResult | { error: string } {
  const b = new ImportBuilder();
  let root: Record<string, unknown>;
  let blocks: { label: string; tools: unknown; permission: unknown; permissions?: unknown }[];
  if (/\.md$/i.test(file)) {
    const fm = frontmatter(text);
    if (fm === null) return { error: "the agent file has no `---` frontmatter" };
    root = parseYamlMaps(fm);
    blocks = [{ label: "agent frontmatter", tools: root["tools"], permission: root["permission"] }];
    if (options.agent) b.note("info", "--agent is ignored for an agent file: its frontmatter is the agent");
  } else {
    const parsed = parseLenientJson(text);
    if ("error" in parsed) return { error: `not JSON: ${parsed.error}` };
    if (!isRecord(parsed.value)) return { error: "the config is not a JSON object" };
    root = parsed.value;
    blocks = [{ label: "permission", tools: root["tools"], permission: root["permission"], permissions: root["permissions"] }];
    if (options.agent !== undefined) {
      const agents = isRecord(root["agent"]) ? root["agent"] : {};
      const agent = agents[options.agent];
      if (!isRecord(agent)) return { error: `no agent ${JSON.stringify(options.agent)} under \`agent\` (agents: ${Object.keys(agents).join(", ") || "none"})` };
      // An agent's rules come after the global ones: they win where both match.
      blocks.push({ label: `agent.${options.agent}.permission`, tools: agent["tools"], permission: agent["permission"], permissions: agent["permissions"] });
    } else if (isRecord(root["agent"])) {
      const withRules = Object.entries(root["agent"]).filter(
        ([, a]) => isRecord(a) && (a["permission"] !== undefined || a["permissions"] !== undefined || a["tools"] !== undefined),
      );
      if (withRules.length > 0) b.note("info", `agents with their own permissions are not imported without --agent: ${withRules.map(([n]) => n).join(", ")}`);
    }
  }

  // OpenCode 2's `permissions` arrays ask where no rule matches; OpenCode 1's defaults allow.
  const v2 = blocks.some((bl) => bl.permissions !== undefined);
  b.header.push(
    "OpenCode decides by the last matching rule, as permc does: rules keep their order,",
    v2
      ? "after OpenCode 2's default for a call no rule matches (ask)."
      : "after OpenCode's built-in defaults (everything allow; external_directory ask; reading .env files deny).",
  );
  const rules: SourceRule[] = v2 ? [{ key: "*", pattern: "*", action: "ask" }] : [...defaultRules()];
  if (v2) b.note("assumed", "OpenCode 2's `permissions` arrays: rules in order, the last match wins, no match asks (`*` ask comes first)");
  else b.note("assumed", "OpenCode's defaults come first: `*` allow, external_directory ask, read `*.env`/`*.env.*` deny with `*.env.example` allow");
  for (const block of blocks) {
    rules.push(...blockRules(b, block.label, block.tools, block.permission));
    rules.push(...permissionsArrayRules(b, block.label.replace(/permission$/, "permissions"), block.permissions));
  }
  if (blocks.every((bl) => bl.permission === undefined && bl.permissions === undefined && bl.tools === undefined))
    b.note("info", "no `permission` block: only OpenCode's defaults are imported");

  // A `*` key matching every pattern overrides all that precedes it: it becomes the default.
  let defaultAction: Action = "allow";
  let start = 0;
  rules.forEach((r, i) => {
    if (r.key === "*" && r.pattern === "*") {
      defaultAction = r.action;
      start = i + 1;
    }
  });
  for (const r of rules.slice(start)) emit(b, r);
  return b.finish("opencode", file, defaultAction);
}

function defaultRules(): SourceRule[] {
  return [
    { key: "*", pattern: "*", action: "allow" },
    { key: "external_directory", pattern: "*", action: "ask" },
    { key: "read", pattern: "*", action: "allow" },
    { key: "read", pattern: "*.env", action: "deny" },
    { key: "read", pattern: "*.env.*", action: "deny" },
    { key: "read", pattern: "*.env.example", action: "allow" },
  ];
}

function blockRules(b: ImportBuilder, label: string, tools: unknown, permission: unknown): SourceRule[] {
  // Legacy `tools: {name: bool}` is folded in first; `permission` keys replace a tool's entry.
  const merged = new Map<string, unknown>();
  if (isRecord(tools)) {
    b.note(
      "assumed",
      `legacy \`tools\` booleans read as permissions (false → deny, true → allow; write/patch/multiedit → edit), overridden by \`permission\``,
      `${label} tools`,
    );
    for (const [tool, enabled] of Object.entries(tools)) {
      const on = enabled === true || enabled === "true";
      const off = enabled === false || enabled === "false";
      if (!on && !off) continue;
      merged.set(EDIT_TOOLS.has(tool) ? "edit" : tool, on ? "allow" : "deny");
    }
  }
  if (typeof permission === "string") {
    merged.set("*", permission);
  } else if (isRecord(permission)) {
    for (const [key, value] of Object.entries(permission)) {
      merged.delete(key);
      merged.set(key, value);
    }
  } else if (permission !== undefined) b.note("dropped", "`permission` must be an action or an object; ignored", label);

  const rules: SourceRule[] = [];
  for (const [key, value] of merged) {
    if (typeof value === "string") {
      if (isAction(value)) rules.push({ key, pattern: "*", action: value });
      else b.note("dropped", notAnAction(value), `${label}.${key}`, meantToRestrict(value));
    } else if (isRecord(value)) {
      for (const [pattern, action] of Object.entries(value)) {
        if (typeof action === "string" && isAction(action)) rules.push({ key, pattern, action });
        else b.note("dropped", notAnAction(action), `${label}.${key}.${pattern}`, meantToRestrict(action));
      }
    } else b.note("dropped", "must be an action or a pattern map", `${label}.${key}`);
  }
  return rules;
}

function notAnAction(value: unknown): string {
  return `${JSON.stringify(value)} is not allow, ask or deny${meantToRestrict(value) ? " — WIDENS: it reads as a deny or ask that is lost" : ""}`;
}

/** A value that is a deny or ask in all but spelling (`"Deny"`, `"deny "`, `"aks"`): dropping it loses a restriction. */
function meantToRestrict(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const near = suggestKey(value.trim(), ACTIONS);
  return near === "ask" || near === "deny";
}

function emit(b: ImportBuilder, r: SourceRule): void {
  const source = `${r.key}: ${JSON.stringify(r.pattern)} ${r.action}`;
  if (NO_SURFACE[r.key]) return b.note("dropped", `${NO_SURFACE[r.key]!}${r.action === "allow" ? "" : " — WIDENS"}`, source, r.action !== "allow");
  const pattern = collapseStars(r.pattern);
  if (r.key === "*") {
    // Not every pattern: a rule on every surface, which only `**` says in permc.
    b.note("inexact", "a `*` key with a pattern map becomes a rule on surface `**` (every tool)", source);
    b.rule("**", pattern, r.action);
    return;
  }
  const surfaces = SURFACES[r.key];
  if (surfaces) {
    for (const s of surfaces) b.rule(s, pattern, r.action);
    return;
  }
  // Any other permission names a tool (webfetch, task, an MCP tool, a custom tool); permc checks those by name with the value "*".
  if (pattern !== "*" && !/^\*+$/.test(pattern)) {
    b.note(
      "inexact",
      `permc checks ${r.key} by tool name only, so this pattern never matches (OpenCode matches it against the tool's input)${r.action === "allow" ? "" : " — WIDENS"}`,
      source,
      r.action !== "allow",
    );
  }
  b.rule(collapseStars(r.key), pattern, r.action);
}

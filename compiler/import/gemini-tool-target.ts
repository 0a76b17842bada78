// What a Gemini CLI policy rule's `toolName` (with its `mcpName`) names, in
// permc's terms. The surfaces come from the hook's own table
// (runtime/gemini/tools.ts), so an imported rule lands on the surface the
// hook decides that tool on. Name matching follows Gemini CLI 0.61.0's
// policy engine: `*` alone is every tool, `mcp_*` every MCP tool,
// `mcp_<server>_*` one server's; a `*` anywhere else is a literal character,
// so such a name matches no tool.
import { KNOWN_SURFACES } from "../ir.js";
import { ownEntry } from "../../runtime/format.js";
import { GEMINI_TABLE } from "../../runtime/gemini/tools.js";

export type ToolTarget =
  /** Every tool (`toolName = "*"`). */
  | { readonly kind: "all" }
  /**
   * A permc surface. `field` is the Gemini argument whose value permc decides
   * there (`command`, `file_path`, `dir_path`, `name`); without one the
   * surface is decided by the tool's name alone.
   */
  | { readonly kind: "surface"; readonly surface: string; readonly field?: string; readonly unmodelled?: true }
  /** MCP tools: patterns on permc's `mcp` surface (`server:tool`). */
  | { readonly kind: "mcp"; readonly patterns: readonly string[] }
  /** A subagent's name, which Gemini CLI matches against `invoke_agent`'s `agent_name`. */
  | { readonly kind: "subagent"; readonly name: string }
  /** No tool call ever has this name, or permc cannot name it; `why` says which. */
  | { readonly kind: "none"; readonly why: string };

const MCP_PREFIX = "mcp_";

/** Gemini CLI 0.61.0's own subagents (its agents/ definitions): policy rules may name them as tools. */
const BUILTIN_SUBAGENTS: ReadonlySet<string> = new Set(["codebase_investigator", "cli_help", "generalist", "browser_agent", "confucius"]);

/** The permc argument whose value each mapped tool is decided on, in the order the hook table's `fields` may hold them. */
const DECIDED_FIELDS = ["command", "path", "name"] as const;

export function toolTarget(toolName: string, mcpName: string | undefined): ToolTarget {
  if (mcpName !== undefined) return mcpTarget(mcpName, toolName);
  if (toolName === "*") return { kind: "all" };
  if (toolName.startsWith(MCP_PREFIX)) return fullMcpName(toolName);
  if (toolName.includes("*"))
    return { kind: "none", why: "Gemini CLI reads this `*` literally (a wildcard only as `*`, `mcp_*` or `mcp_<server>_*`), so no tool has this name" };
  if (toolName.includes("__"))
    return {
      kind: "none",
      why: "the `__` form of an MCP name is one Gemini CLI no longer matches (it warns that it is deprecated): write mcpName, or mcp_<server>_<tool>",
    };
  const canonical = ownEntry(GEMINI_TABLE.aliases, toolName) ?? toolName;
  const entry = ownEntry(GEMINI_TABLE.tools, canonical);
  if (entry?.kind === "permc") {
    const field = DECIDED_FIELDS.map((f) => ownEntry(entry.fields, f)).find((f) => f !== undefined);
    return field === undefined ? { kind: "surface", surface: entry.tool } : { kind: "surface", surface: entry.tool, field };
  }
  // Every other tool the hook knows is decided on its own name.
  if (entry !== undefined) return { kind: "surface", surface: canonical };
  if (BUILTIN_SUBAGENTS.has(toolName)) return { kind: "subagent", name: toolName };
  if (KNOWN_SURFACES.includes(toolName) || toolName.includes("?"))
    return { kind: "none", why: `no Gemini CLI tool has this name, and as a permc surface \`${toolName}\` would mean something else` };
  return { kind: "surface", surface: toolName, unmodelled: true };
}

/** `mcpName` with a tool name, as Gemini CLI joins them (`mcp_<server>_<tool>`, `mcp_<server>_*`, `mcp_*`). */
function mcpTarget(server: string, tool: string): ToolTarget {
  if (server === "*") {
    if (tool === "*") return { kind: "mcp", patterns: ["*"] };
    return { kind: "none", why: 'Gemini CLI joins mcpName = "*" and a tool name into `mcp_*_<tool>`, a name it matches literally, so no tool has it' };
  }
  if (tool === "*") return { kind: "mcp", patterns: [`${server}:*`] };
  if (tool.includes("*")) return { kind: "none", why: "Gemini CLI reads this `*` literally in an MCP tool name, so no tool has this name" };
  return { kind: "mcp", patterns: [`${server}:${tool}`] };
}

/**
 * `mcp_<server>_<tool>` without `mcpName`. Gemini CLI compares the whole
 * name, and a server name may hold `_`, so every place the name can split
 * into server and tool is one permc pattern: together they match exactly
 * the calls Gemini CLI's name matches.
 */
function fullMcpName(name: string): ToolTarget {
  const rest = name.slice(MCP_PREFIX.length);
  if (rest === "*") return { kind: "mcp", patterns: ["*"] };
  if (rest.endsWith("_*") && rest.length > 2 && !rest.slice(0, -2).includes("*")) return { kind: "mcp", patterns: [`${rest.slice(0, -2)}:*`] };
  if (rest.includes("*")) return { kind: "none", why: "Gemini CLI reads this `*` literally in an MCP tool name, so no tool has this name" };
  const patterns: string[] = [];
  for (let i = rest.indexOf("_", 1); i > 0 && i < rest.length - 1; i = rest.indexOf("_", i + 1)) patterns.push(`${rest.slice(0, i)}:${rest.slice(i + 1)}`);
  if (patterns.length === 0)
    return { kind: "none", why: "an MCP tool name needs a server and a tool (mcp_<server>_<tool>); Gemini CLI matches no tool with this one" };
  return { kind: "mcp", patterns };
}

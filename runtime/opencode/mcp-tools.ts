/**
 * OpenCode names an MCP server's tools `<server>_<tool>`, the server and the
 * tool each with every character outside `[A-Za-z0-9_-]` made `_`. Such a tool
 * is modelled: OpenCode asks for it under that name, and so does permc. A
 * name that only looks like one (no configured server prefixes it) is not.
 */
const spelled = (name: string): string => name.replace(/[^A-Za-z0-9_-]/g, "_");

/** The server names of OpenCode's `mcp` config (an object keyed by server). */
export function mcpServerNames(mcp: unknown): string[] {
  return typeof mcp === "object" && mcp !== null && !Array.isArray(mcp) ? Object.keys(mcp) : [];
}

/** Whether `tool` is `<server>_<something>` for one of `servers`, as given or as OpenCode spells it. */
export function isMcpToolOf(tool: string, servers: readonly string[]): boolean {
  return servers.some((s) => s !== "" && [s, spelled(s)].some((p) => tool.startsWith(`${p}_`) && tool.length > p.length + 1));
}

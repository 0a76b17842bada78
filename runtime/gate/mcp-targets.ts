/**
 * The ordered candidate names an MCP call is checked under
 * (config-and-matching.md §4.6). The first candidate that hits a non-default
 * rule decides, so the order is part of the semantics.
 */
export function mcpTargets(input: unknown, configuredServers: readonly string[] = []): string[] {
  const field = (name: string): string | null => {
    const v = isRecord(input) ? input[name] : undefined;
    if (typeof v !== "string") return null;
    const t = v.trim();
    return t === "" ? null : t;
  };
  const tool = field("tool");
  const connect = field("connect");
  const describe = field("describe");
  const search = field("search");
  const server = field("server");
  const out: string[] = [];
  if (tool !== null || (describe !== null && connect === null)) {
    const raw = tool ?? describe!;
    out.push(...qualifiedTargets(raw, server, configuredServers));
    out.push(tool !== null ? "mcp_call" : "mcp_describe");
  } else if (connect !== null) {
    out.push(`mcp_connect_${connect}`, connect, "mcp_connect");
  } else if (search !== null) {
    if (server !== null) out.push(`mcp_server_${server}`, server);
    out.push(search, "mcp_search");
  } else if (server !== null) {
    out.push(`mcp_server_${server}`, server, "mcp_list");
  } else {
    out.push("mcp_status");
  }
  out.push("mcp");
  return [...new Set(out)];
}

function qualifiedTargets(raw: string, explicitServer: string | null, configuredServers: readonly string[]): string[] {
  const colon = raw.indexOf(":");
  const split = colon > 0 && colon < raw.length - 1 ? { server: raw.slice(0, colon), tool: raw.slice(colon + 1) } : null;
  if (explicitServer !== null) {
    const tool = split ? split.tool : raw;
    return [`${explicitServer}_${tool}`, `${explicitServer}:${tool}`, explicitServer, tool, raw];
  }
  if (split) return [`${split.server}_${split.tool}`, `${split.server}:${split.tool}`, split.server, split.tool, raw];
  const out: string[] = [];
  for (const s of configuredServers) {
    if (raw.endsWith(`_${s}`) && !raw.startsWith(`${s}_`)) out.push(`${s}_${raw}`, `${s}:${raw}`, s);
  }
  out.push(raw);
  return out;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

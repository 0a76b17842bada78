/**
 * The candidate names (targets) an MCP call is checked under, in the
 * reference's order. Since reference 33.0.0
 * the whole `mcp` rule list is evaluated against all targets at once (the
 * last rule matching any target wins, `evaluateAnyValue`); the order only
 * decides which target the result is reported under. Every list ends with
 * `mcp`.
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

/**
 * Server derivation (reference 33.0.0): an explicit `server` argument or a
 * `server:tool` name first; else the longest configured server `S` whose
 * `S_` prefixes the name (list order irrelevant); else, the legacy way, any
 * configured server the name ends with as `_S`. A prefix match suppresses a
 * suffix coincidence, and a name that already carries its server's prefix
 * is never prefixed again (`github_github_search_code`).
 */
function qualifiedTargets(raw: string, explicitServer: string | null, configuredServers: readonly string[]): string[] {
  const colon = raw.indexOf(":");
  const split = colon > 0 && colon < raw.length - 1 ? { server: raw.slice(0, colon), tool: raw.slice(colon + 1) } : null;
  if (explicitServer !== null) {
    if (!split && raw.startsWith(`${explicitServer}_`) && raw.length > explicitServer.length + 1) return [raw, explicitServer];
    const tool = split ? split.tool : raw;
    return [`${explicitServer}_${tool}`, `${explicitServer}:${tool}`, explicitServer, tool, raw];
  }
  if (split) return [`${split.server}_${split.tool}`, `${split.server}:${split.tool}`, split.server, split.tool, raw];
  const prefix = longest(configuredServers.filter((s) => s !== "" && raw.startsWith(`${s}_`) && raw.length > s.length + 1));
  if (prefix !== null) return [raw, prefix];
  const out: string[] = [];
  for (const s of configuredServers) {
    if (s !== "" && raw.endsWith(`_${s}`)) out.push(`${s}_${raw}`, `${s}:${raw}`, s);
  }
  out.push(raw);
  return out;
}

/**
 * Pi's own MCP tools (reference 38.0.0): `mcp__<server>__<tool>` with both
 * segments non-empty (`mcp__a`, `mcp__a__`, `mcp___b` are not).
 */
export function isPiMcpTool(name: string): boolean {
  if (!name.startsWith("mcp__")) return false;
  const rest = name.slice("mcp__".length);
  const sep = rest.indexOf("__");
  return sep > 0 && sep + 2 < rest.length;
}

/** Pi spells a server name as an identifier: every other character becomes `_`. */
function piServerName(server: string): string {
  return server.replace(/[^A-Za-z0-9_]/g, "_");
}

/**
 * The targets of a Pi MCP tool call, gated on the `mcp` surface (reference
 * 38.0.0): the server is the longest configured server whose
 * Pi spelling prefixes the rest of the name (followed by `__`), otherwise
 * the rest up to its first `__`. For each configured spelling of that server
 * and then Pi's: `S_tool`, `S:tool`, `S`; then `tool`, the full name,
 * `mcp_call`, `mcp`.
 *
 * Example: server `danger-srv`, `mcp__danger_srv__wipe` → `danger-srv_wipe`,
 * `danger-srv:wipe`, `danger-srv`, `danger_srv_wipe`, `danger_srv:wipe`,
 * `danger_srv`, `wipe`, `mcp__danger_srv__wipe`, `mcp_call`, `mcp`.
 */
export function piMcpTargets(name: string, configuredServers: readonly string[] = []): string[] {
  const rest = name.slice("mcp__".length);
  let server: string | null = null;
  for (const s of configuredServers) {
    const spelled = piServerName(s);
    if (spelled === "" || !rest.startsWith(`${spelled}__`) || rest.length <= spelled.length + 2) continue;
    if (server === null || spelled.length > server.length) server = spelled;
  }
  server ??= rest.slice(0, rest.indexOf("__"));
  const tool = rest.slice(server.length + 2);
  const spellings = [...configuredServers.filter((s) => piServerName(s) === server), server];
  const out = spellings.flatMap((s) => [`${s}_${tool}`, `${s}:${tool}`, s]);
  out.push(tool, name, "mcp_call", "mcp");
  return [...new Set(out)];
}

function longest(names: readonly string[]): string | null {
  let best: string | null = null;
  for (const n of names) if (best === null || n.length > best.length) best = n;
  return best;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

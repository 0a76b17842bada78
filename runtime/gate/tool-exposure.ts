import { expandHome } from "../expand-home.js";
import { WIN32_FOLDED_SURFACES, win32PathValue } from "../path-surfaces.js";
import type { Policy } from "../policy.js";
import { wildcardMatches } from "../session-rules.js";
import { isPiMcpTool, piMcpTargets } from "./mcp-targets.js";
import { evaluateAnyValue } from "./multi-value.js";
import { toolNameOf } from "./tool-name.js";

export type Exposure = "hidden" | "exposed";

export interface ExposureOptions {
  /** Server names from Pi's `mcp.json` files, for Pi's `mcp__<server>__<tool>` tools. */
  readonly mcpServers?: readonly string[];
  /** What `~`, `$HOME` and `${HOME}` in a probe expand to; default: the home the module was compiled for. */
  readonly home?: string;
}

/**
 * Whether an agent may see a tool at all (reference 30.1.0): hidden only
 * when every probe on the tool's surface resolves to deny.
 * The probes are `*` and every pattern of a config rule whose surface key
 * matches the tool, each home-expanded as a pattern is, each decided by the
 * normal last-match evaluation. So a pattern after a deny catch-all keeps
 * the tool visible (`{"*":"deny","git *":"ask"}`), and a deny catch-all after
 * it hides the tool. A Pi MCP tool (`mcp__<server>__<tool>`) is hidden
 * exactly when its `mcp` targets resolve to deny (38.0.0). Exposure is decided
 * once at agent start: yolo and session rules never apply, and it only ever
 * hides tools; every call is still decided in full by the gate.
 */
export function toolExposure(policy: Policy, toolName: string, options: ExposureOptions = {}): Exposure {
  const tool = typeof toolName === "string" ? toolNameOf(toolName) : "";
  if (policy.error) return "hidden";
  if (isPiMcpTool(tool)) {
    return evaluateAnyValue(policy, "mcp", piMcpTargets(tool, options.mcpServers), false).decision.action === "deny" ? "hidden" : "exposed";
  }
  const home = options.home ?? policy.info?.home ?? "";
  const platform = policy.info?.platform ?? "posix";
  const probes = new Set(["*"]);
  for (const rule of policy.rules) {
    if (rule.layer !== "config" || !wildcardMatches(expandHome(rule.surface, home, platform), tool)) continue;
    probes.add(expandHome(rule.pattern, home, platform));
  }
  // Path surfaces on win32 fold a probe's separators as they fold a pattern's (reference 23.0.1).
  const fold = platform === "win32" && WIN32_FOLDED_SURFACES.includes(tool) ? win32PathValue : (p: string) => p;
  for (const probe of probes) if (policy.check(tool, fold(probe), false).action !== "deny") return "exposed";
  return "hidden";
}

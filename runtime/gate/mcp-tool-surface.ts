import { inputField } from "./call-shape.js";
import { bySession } from "./gate-context.js";
import { isPiMcpTool, mcpTargets, piMcpTargets } from "./mcp-targets.js";
import { evaluateAnyValue } from "./multi-value.js";
import { fail, fromCheck } from "./outcomes.js";
import type { ToolSurface } from "./tool-surface.js";

/** The fields the MCP proxy tool names its target with (mcp-targets.ts). */
const MCP_NAME_FIELDS = ["tool", "connect", "describe", "search", "server"] as const;

/**
 * MCP (the proxy tool and Pi's `mcp__<server>__<tool>` tools, both on
 * `mcp`): the last rule matching any target wins, reported under the first
 * target it matches (reference 33.0.0, 38.0.0).
 */
export const mcpToolSurface: ToolSurface = {
  name: "mcp",
  applies: ({ tool }) => tool === "mcp" || isPiMcpTool(tool),
  decide: ({ tool, args }, ctx) => {
    const badField = tool === "mcp" ? MCP_NAME_FIELDS.find((f) => inputField(args, f) !== undefined && typeof inputField(args, f) !== "string") : undefined;
    // A name field of another shape (`{"tool":["fs_read_file"]}`) is not an absent one: an adapter may still turn it into a name.
    if (badField !== undefined) return fail("input", `the mcp call's '${badField}' must be a string`);
    const targets = tool === "mcp" ? mcpTargets(args, ctx.options.mcpServers) : piMcpTargets(tool, ctx.options.mcpServers);
    return fromCheck(bySession(ctx, evaluateAnyValue(ctx.policy, "mcp", targets, ctx.yolo), "mcp", targets), "tool");
  },
};

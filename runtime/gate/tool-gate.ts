import { fileToolSurface } from "./file-tool-surface.js";
import { bySession } from "./gate-context.js";
import type { GateEntry } from "./gate-entry.js";
import { mcpToolSurface } from "./mcp-tool-surface.js";
import { evaluateFirst } from "./multi-value.js";
import { fromCheck } from "./outcomes.js";
import { shellToolSurface } from "./shell-tool-surface.js";
import { skillToolSurface } from "./skill-tool-surface.js";
import type { ToolSurface } from "./tool-surface.js";

/** Any other tool: its surface on `*`. */
const otherToolSurface: ToolSurface = {
  name: "other",
  applies: () => true,
  decide: ({ tool }, ctx) => {
    const first = evaluateFirst(ctx.policy, tool, ["*"], ctx.yolo);
    return fromCheck(bySession(ctx, first, tool, [first.value]), "tool");
  },
};

/** The kinds of tool the tool gate tells apart, in the order it tries them; the last applies to every call. */
export const TOOL_SURFACES: readonly ToolSurface[] = [shellToolSurface, fileToolSurface, mcpToolSurface, skillToolSurface, otherToolSurface];

/**
 * The tool's own surface, always last and always answering (it reports an
 * allowed call): a shell command's units, a file tool over its path's
 * aliases, MCP targets, a skill's name, any other tool on `*`.
 */
export const toolGate: GateEntry<"call"> = {
  name: "tool",
  on: "call",
  gate: "tool",
  run: (call, ctx) => TOOL_SURFACES.find((s) => s.applies(call))!.decide(call, ctx),
};

import { win32PathValue } from "../path-surfaces.js";
import { bySession } from "./gate-context.js";
import { evaluateAnyValue } from "./multi-value.js";
import { fromCheck, mostRestrictive } from "./outcomes.js";
import type { ToolSurface } from "./tool-surface.js";

/**
 * A built-in file tool: its surface over the path's aliases, each spelling
 * on its own (the most restrictive wins, the file Pi opens on a tie).
 */
export const fileToolSurface: ToolSurface = {
  name: "file",
  applies: (call) => call.aliasSets !== null,
  decide: ({ tool, aliasSets }, ctx) => {
    // win32 folds separators on the value too (reference 23.0.1): `src/a.ts` meets `src/*` (compiled as `src\*`).
    const checks = aliasSets!.map((aliases) => {
      const matched = ctx.platform === "win32" ? aliases.map(win32PathValue) : aliases;
      return fromCheck(bySession(ctx, evaluateAnyValue(ctx.policy, tool, matched, ctx.yolo), tool, [...new Set([...aliases, ...matched])]), "tool");
    });
    return mostRestrictive(checks)!;
  },
};

import { inputField } from "./call-shape.js";
import { bySession } from "./gate-context.js";
import { evaluateFirst } from "./multi-value.js";
import { fail, fromCheck, mostRestrictive } from "./outcomes.js";
import type { ToolSurface } from "./tool-surface.js";

/** The `skill` tool: the skill's name on the `skill` surface (`*` when no name is given). */
export const skillToolSurface: ToolSurface = {
  name: "skill",
  applies: ({ tool }) => tool === "skill",
  decide: ({ tool, args }, ctx) => {
    const { policy, yolo } = ctx;
    const name = inputField(args, "name");
    if (name === undefined) return fromCheck(bySession(ctx, evaluateFirst(policy, tool, ["*"], yolo), tool, ["*"]), "tool");
    if (typeof name !== "string") return fail("input", "the skill call's 'name' must be a string");
    // The name as given and trimmed (a host may trim it before it looks the skill up): the stricter decides.
    const names = [...new Set([name, name.trim()])];
    return mostRestrictive(names.map((n) => fromCheck(bySession(ctx, evaluateFirst(policy, tool, [n], yolo), tool, [n]), "tool")))!;
  },
};

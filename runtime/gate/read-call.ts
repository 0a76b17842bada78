import type { ShellToolPayload } from "../format.js";
import { missingInput, shellToolOf } from "./call-shape.js";
import type { GateContext } from "./gate-context.js";
import type { GateDecision, ToolCall } from "./gate-types.js";
import { fail } from "./outcomes.js";
import { toolNameOf } from "./tool-name.js";

/** A call every gate may look at: a registered tool's name and an input of the right shape. */
export interface ReadCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly shell: ShellToolPayload | undefined;
}

/**
 * Before any gate: a policy that could not load and a home that is not known
 * deny every call (`error`); an unregistered tool is blocked (`registration`,
 * as Pi does); a call of an unexpected shape is not decided, so denied
 * (`input`; the shapes and own-property lookups: call-shape.ts).
 */
export function readCall(ctx: GateContext, call: ToolCall): ReadCall | { error: GateDecision } {
  const { policy, options } = ctx;
  if (policy.error) return { error: fail("error", policy.error) };
  if (ctx.unknownHome) return { error: fail("error", ctx.unknownHome) };
  if (typeof call !== "object" || call === null) return { error: fail("input", "a tool call must be an object") };
  const tool = typeof call.tool === "string" ? toolNameOf(call.tool) : "";
  if (tool === "") return { error: fail("registration", "the tool call has no tool name") };
  if (options.registeredTools && !options.registeredTools.includes(tool)) {
    return { error: fail("registration", `tool '${tool}' is not registered in this runtime`) };
  }
  const input = call.input;
  if (input === undefined) return { error: fail("input", `tool '${tool}' was called without an input`) };
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { error: fail("input", "tool input must be an object") };
  const args = input as Record<string, unknown>;
  const shell = shellToolOf(policy, tool);
  const missing = missingInput(tool, args, shell);
  if (missing) return { error: fail("input", missing) };
  return { tool, args, shell };
}

/**
 * Gemini CLI's `BeforeTool` hook contract around permc's gate (Gemini CLI
 * 0.61.0; docs/gemini.md). Input (stdin): `hook_event_name` ("BeforeTool"),
 * `tool_name`, `tool_input` (the tool's arguments), `cwd`, and for an MCP
 * tool `mcp_context` (`server_name`, `tool_name`). Output: a JSON object on
 * stdout with exit 0, `{"decision":"allow"|"ask"|"deny","reason":"…"}`:
 * deny blocks the call and the model reads "Tool execution blocked: <reason>";
 * ask makes Gemini CLI ask the person whatever its own policy says (YOLO too);
 * allow leaves the call to that policy. The hook runs before that policy.
 * Anything that is not a decision blocks with exit 2 and the reason on stderr
 * (Gemini CLI reads exit 2's stderr, when stdout is empty, as a deny; any
 * other failure only warns and runs the call).
 *
 * A headless session (`gemini -p`) has nobody to ask: Gemini CLI 0.61.0 turns
 * its own policy's asks into denies there, but a hook's ask it sends to a
 * confirmation nothing answers, and waits without end. The call does not
 * run, but the session hangs; the input does not say which kind of session
 * it is, so the hook is told: `askBlocks` (`permc hook gemini --ask-blocks`,
 * written by `permc init gemini --headless`) answers every ask with a deny
 * whose reason says a person would have been asked (docs/gemini.md).
 */
import path from "node:path";
import { createGate, type GateDecision, type GateOptions } from "../gate/index.js";
import { denyMessage } from "../pi/messages.js";
import type { Policy } from "../policy.js";
import { decideHostCall } from "../hosts/decide-host-call.js";
import { readHookCall } from "../hosts/hook-input.js";
import { blocked, decisionReason, type HookOutcome } from "../hosts/hook-outcome.js";
import { floorUnmodelledTool } from "../hosts/unmodelled-tool.js";
import { GEMINI_TABLE } from "./tools.js";

export interface GeminiHookOptions extends Omit<GateOptions, "cwd"> {
  /** Nobody can answer a prompt (`gemini -p`): an ask is answered with a deny, its reason kept. */
  readonly askBlocks?: boolean;
}

/** Decides one hook invocation. Never rejects. */
export async function runGeminiHook(policy: Policy, stdinText: string, options: GeminiHookOptions = {}): Promise<HookOutcome> {
  try {
    if (policy.error) return blocked(`the policy module is unusable, so every call is blocked: ${policy.error}`);
    const call = readHookCall(stdinText, "BeforeTool", "permc hook gemini");
    if ("problem" in call) return blocked(call.problem);
    const { input, cwd } = call;
    const { askBlocks, ...gateOptions } = options;
    const gate = createGate(policy, { ...gateOptions, cwd });
    const gateIn = (dir: string) => createGate(policy, { ...gateOptions, cwd: path.resolve(cwd, dir) });
    const mcp = mcpName(call.tool, call.event);
    let d: GateDecision;
    if (mcp === null) d = floorUnmodelledTool(policy, call.tool, await gate.decide({ tool: call.tool, input }));
    else d = await decideHostCall(GEMINI_TABLE, { policy, gate, gateIn }, mcp ?? call.tool, input);
    const tool = mcp ?? call.tool;
    if (d.error !== undefined) return { ...blocked(denyMessage(tool, d, cwd)), decision: d, tool };
    const asked = d.action === "ask" && askBlocks === true;
    const reason = decisionReason(tool, d, cwd);
    const output = asked
      ? { decision: "deny", reason: `${reason} (a person would have been asked; this session cannot ask, so the call is blocked)` }
      : { decision: d.action, reason };
    return { exitCode: 0, stdout: `${JSON.stringify(output)}\n`, stderr: "", decision: d, tool };
  } catch (e) {
    return blocked(`permission hook failed and blocked the call (fail-closed): ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * An MCP call's name as permc's rules spell it, `mcp__<server>__<tool>`, from
 * the input's `mcp_context`; undefined for a tool that is not MCP's; null for
 * an `mcp_` name whose server and tool the input does not say (unmodelled).
 */
function mcpName(tool: string, event: Readonly<Record<string, unknown>>): string | null | undefined {
  const context = Object.hasOwn(event, "mcp_context") ? event.mcp_context : undefined;
  if (typeof context === "object" && context !== null && !Array.isArray(context)) {
    const c = context as Record<string, unknown>;
    const server = Object.hasOwn(c, "server_name") ? c.server_name : undefined;
    const name = Object.hasOwn(c, "tool_name") ? c.tool_name : undefined;
    if (typeof server === "string" && server !== "" && typeof name === "string" && name !== "") return `mcp__${server}__${name}`;
    return null;
  }
  return tool.startsWith("mcp_") ? null : undefined;
}

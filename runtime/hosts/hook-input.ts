/**
 * The JSON a command hook reads on stdin, as Claude Code, Codex and Gemini
 * CLI all send it: one object with `hook_event_name`, `tool_name`,
 * `tool_input` (an object) and `cwd` (absolute). Anything else is no call to
 * decide, and the caller blocks it: a hook that cannot read its input must
 * not let the call through.
 */
import path from "node:path";
import { toolNameOf } from "../gate/tool-name.js";

/** One tool call a hook was asked about. */
export interface HookCall {
  readonly tool: string;
  readonly input: Record<string, unknown>;
  /** The directory the call is resolved in: the input's `cwd`, else the hook process's own. */
  readonly cwd: string;
  /** The whole input object, for host-specific fields (Gemini CLI's `mcp_context`). */
  readonly event: Readonly<Record<string, unknown>>;
}

/** The call in `stdinText`, or why there is none; `eventName` is the only event accepted, `command` names the hook in messages. */
export function readHookCall(stdinText: string, eventName: string, command: string): HookCall | { readonly problem: string } {
  let event: unknown;
  try {
    event = JSON.parse(stdinText);
  } catch {
    return { problem: "the hook input on stdin is not valid JSON" };
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) return { problem: "the hook input must be a JSON object" };
  const e = event as Record<string, unknown>;
  const own = (k: string): unknown => (Object.hasOwn(e, k) ? e[k] : undefined);
  const name = own("hook_event_name");
  if (name !== undefined && name !== eventName) {
    return { problem: `${command} answers ${eventName} only, but was run for ${JSON.stringify(name)}; register it under hooks.${eventName}` };
  }
  const tool = own("tool_name");
  if (typeof tool !== "string" || toolNameOf(tool) === "") return { problem: "the hook input has no tool_name" };
  const input = own("tool_input");
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { problem: `the hook input for tool '${tool}' has no tool_input object` };
  const cwdField = own("cwd");
  if (cwdField !== undefined && (typeof cwdField !== "string" || !path.isAbsolute(cwdField)))
    return { problem: "the hook input's cwd is not an absolute path" };
  return { tool, input: input as Record<string, unknown>, cwd: typeof cwdField === "string" ? cwdField : process.cwd(), event: e };
}

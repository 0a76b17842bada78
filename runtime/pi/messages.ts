import type { GateDecision } from "../gate/index.js";
import { visible } from "./visible.js";

/** Every message the extension shows starts with this tag, so users can tell who blocked. */
export const TAG = "[permc]";

/** Long inputs (a megabyte command) are cut in messages and logs. */
export function clip(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/** What the call tried to do, as the deciding gate saw it: "run bash command 'rm x'". */
export function describeAttempt(tool: string, d: GateDecision, cwd: string): string {
  const value = visible(clip(d.value ?? ""));
  tool = visible(clip(tool, 200));
  switch (d.gate) {
    case "path":
    case "bash_path":
      return `access path '${value}' via tool '${tool}'`;
    case "external_directory":
    case "bash_external_directory":
      return `access '${value}' outside working directory '${cwd}' via tool '${tool}'`;
    default:
      if (d.surface === "bash" || d.units) return `run bash command '${value}'`;
      if (tool === "mcp") return `run MCP target '${value}'`;
      return `run tool '${tool}'`;
  }
}

function matched(d: GateDecision): string {
  return d.matchedPattern !== null ? ` (matched '${clip(d.matchedPattern)}')` : "";
}

function reasonOf(d: GateDecision): string {
  return d.reason !== undefined ? ` Reason: ${clip(d.reason)}.` : "";
}

export function denyMessage(tool: string, d: GateDecision, cwd: string): string {
  if (d.error !== undefined) return `${TAG} Tool '${clip(tool)}' was blocked (fail-closed): ${clip(d.error, 1000)}`;
  return `${TAG} Current agent is not permitted to ${describeAttempt(tool, d, cwd)}${matched(d)}.${reasonOf(d)}`;
}

export function noUiMessage(tool: string, d: GateDecision, cwd: string): string {
  return `${TAG} Permission to ${describeAttempt(tool, d, cwd)}${matched(d)} requires approval, but no interactive UI is available.`;
}

export function userDeniedMessage(tool: string, d: GateDecision, cwd: string): string {
  return `${TAG} User denied permission to ${describeAttempt(tool, d, cwd)}.`;
}

export function failClosedMessage(error: unknown): string {
  return `${TAG} Permission gate failed and blocked the tool call (fail-closed): ${clip(error instanceof Error ? error.message : String(error), 1000)}`;
}

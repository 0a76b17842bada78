/**
 * Codex CLI's tools as its PreToolUse hook names them (runtime/hosts/host-table.ts),
 * read from @openai/codex 0.171.0 (the hook input schema its binary embeds,
 * `pre-tool-use.command.input`, and its block messages): the shell
 * (`shell`, `exec_command`, unified exec) arrives as `Bash` with
 * `tool_input.command`; `apply_patch` with the patch text in
 * `tool_input.command`; MCP tools as `mcp__<server>__<tool>`, decided on
 * `mcp` as for Claude Code. Codex runs no PreToolUse hook for its own file
 * reading or web search, so they are not here (docs/codex.md). Any other name
 * is unmodelled: at least ask (which Codex's hook turns into a block).
 */
import type { HostTable, HostTool } from "../hosts/host-table.js";

export const CODEX_TABLE: HostTable = Object.freeze({
  host: "Codex",
  tools: Object.freeze<Record<string, HostTool>>({
    Bash: { kind: "permc", tool: "bash", fields: { command: "command" } },
    apply_patch: { kind: "patch", textField: "command" },
  }),
  prefixes: Object.freeze<Record<string, HostTool>>({ mcp__: { kind: "own-surface" } }),
  aliases: Object.freeze({}),
});

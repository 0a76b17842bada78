/**
 * Gemini CLI's tools as its BeforeTool hook names them (runtime/hosts/host-table.ts),
 * read from @google/gemini-cli 0.61.0 (its tool-name and parameter constants
 * and tool declarations, and the tools a `gemini -p` session declares to the
 * model): the hook gets the tool's own name and its arguments as
 * `tool_input`. MCP tools arrive as `mcp_<server>_<tool>`, a
 * name that does not say where the server's name ends; the hook input's
 * `mcp_context` does, and runtime/gemini/hook.ts decides such a call as
 * `mcp__<server>__<tool>` on `mcp`. A name not listed is unmodelled: at least
 * ask unless a rule names it exactly.
 */
import type { HostTable, HostTool } from "../hosts/host-table.js";

const NO_PERMISSION = { kind: "no-permission" } as const;
const OWN_SURFACE = { kind: "own-surface" } as const;

export const GEMINI_TABLE: HostTable = Object.freeze({
  host: "Gemini CLI",
  tools: Object.freeze<Record<string, HostTool>>({
    // dir_path: the directory the command runs in (within the workspace, says the tool); decided from there.
    run_shell_command: { kind: "permc", tool: "bash", fields: { command: "command" }, dirField: "dir_path" },
    read_file: { kind: "permc", tool: "read", fields: { path: "file_path" } },
    write_file: { kind: "permc", tool: "write", fields: { path: "file_path" } },
    replace: { kind: "permc", tool: "edit", fields: { path: "file_path" } },
    glob: { kind: "permc", tool: "find", fields: { path: "dir_path", pattern: "pattern" }, rootGlobField: "pattern" },
    grep_search: { kind: "permc", tool: "grep", fields: { path: "dir_path", pattern: "pattern" }, rootGlobField: "include_pattern" },
    list_directory: { kind: "permc", tool: "ls", fields: { path: "dir_path" } },
    activate_skill: { kind: "permc", tool: "skill", fields: { name: "name" } },
    // Its `include` holds paths and globs: each is decided as a read, and the tool asks at least.
    read_many_files: { kind: "paths", reads: ["include"], writes: [] },
    web_fetch: OWN_SURFACE,
    google_web_search: OWN_SURFACE,
    invoke_agent: OWN_SURFACE,
    write_todos: NO_PERMISSION,
    // The background shells of this session (started by run_shell_command's is_background, which the hook decided):
    // listed, and their output logs read by pid; no path or command of the model's. Claude Code's TaskOutput likewise.
    list_background_processes: NO_PERMISSION,
    read_background_output: NO_PERMISSION,
    ask_user: NO_PERMISSION,
    update_topic: NO_PERMISSION,
    enter_plan_mode: NO_PERMISSION,
  }),
  prefixes: Object.freeze<Record<string, HostTool>>({ mcp__: OWN_SURFACE }),
  aliases: Object.freeze({ search_file_content: "grep_search" }),
});

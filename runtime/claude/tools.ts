/**
 * Claude Code's tools as data (runtime/hosts/host-table.ts): every tool
 * Claude Code 2.1.332 ships (its binary's tool list), and the older names it
 * still maps (`Task` → `Agent`, `KillShell` → `TaskStop`). Field names follow
 * the tool inputs of its SDK types (`sdk-tools.d.ts`). A tool not listed here
 * is decided on its own name's surface and asks at least, unless a rule names
 * it exactly (runtime/hosts/unmodelled-tool.ts); `mcp__<server>__<tool>`
 * names are decided on `mcp`, as `permc import claude` writes their rules.
 */
import type { HostTable, HostTool } from "../hosts/host-table.js";

const NO_PERMISSION = { kind: "no-permission" } as const;
const OWN_SURFACE = { kind: "own-surface" } as const;

export const CLAUDE_TABLE: HostTable = Object.freeze({
  host: "Claude Code",
  tools: Object.freeze<Record<string, HostTool>>({
    Bash: { kind: "permc", tool: "bash", fields: { command: "command" } },
    // Monitor runs its `command` in a shell and streams the output (without one it watches a web socket: unmodelled).
    Monitor: { kind: "permc", tool: "bash", fields: { command: "command" } },
    PowerShell: { kind: "unreadable-shell", commandField: "command" },
    Read: { kind: "permc", tool: "read", fields: { path: "file_path" } },
    NotebookRead: { kind: "permc", tool: "read", fields: { path: "notebook_path" } },
    LSP: { kind: "permc", tool: "read", fields: { path: "filePath" } },
    Write: { kind: "permc", tool: "write", fields: { path: "file_path" } },
    Edit: { kind: "permc", tool: "edit", fields: { path: "file_path" } },
    MultiEdit: { kind: "permc", tool: "edit", fields: { path: "file_path" } },
    NotebookEdit: { kind: "permc", tool: "edit", fields: { path: "notebook_path" } },
    Glob: { kind: "permc", tool: "find", fields: { path: "path", pattern: "pattern" }, rootGlobField: "pattern" },
    Grep: { kind: "permc", tool: "grep", fields: { path: "path", pattern: "pattern" }, rootGlobField: "glob" },
    LS: { kind: "permc", tool: "ls", fields: { path: "path" } },
    Skill: { kind: "permc", tool: "skill", fields: { name: "skill" } },
    // Artifact publishes files (read) and downloads assets into out_dir (write); what it publishes to stays unmodelled.
    Artifact: { kind: "paths", reads: ["file_path", "file_paths"], writes: ["out_dir"] },
    EnterWorktree: { kind: "paths", reads: [], writes: ["path"] },
    Projects: { kind: "paths", reads: ["local_path"], writes: [] },
    SendUserFile: { kind: "paths", reads: ["file_path", "file_paths", "path"], writes: [] },
    WebFetch: OWN_SURFACE,
    WebSearch: OWN_SURFACE,
    Agent: OWN_SURFACE,
    TodoWrite: NO_PERMISSION,
    TaskCreate: NO_PERMISSION,
    TaskGet: NO_PERMISSION,
    TaskList: NO_PERMISSION,
    TaskUpdate: NO_PERMISSION,
    TaskStop: NO_PERMISSION,
    TaskOutput: NO_PERMISSION,
    EnterPlanMode: NO_PERMISSION,
    ExitPlanMode: NO_PERMISSION,
    AskUserQuestion: NO_PERMISSION,
    ToolSearch: NO_PERMISSION,
  }),
  // The gate decides `mcp__<server>__<tool>` on `mcp` (its server and tool targets).
  prefixes: Object.freeze<Record<string, HostTool>>({ mcp__: OWN_SURFACE }),
  aliases: Object.freeze({ Task: "Agent", KillShell: "TaskStop", KillBash: "TaskStop", BashOutput: "TaskOutput" }),
});

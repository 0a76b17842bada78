/**
 * Claude Code's tools as permc tool calls: which permc tool decides each,
 * and which field of Claude's `tool_input` carries what the gate reads.
 * Field names follow Claude Code's tool inputs as its hooks reference shows
 * them (docs/claude-code.md cites the pages). A tool not listed here keeps
 * its own name and input: the gate decides it on that name's surface
 * (`WebFetch "*"`, `Task "*"`), and `mcp__<server>__<tool>` names on `mcp`,
 * as `permc import claude` writes their rules. Nothing is left undecided.
 */
import { ownEntry } from "../format.js";
import type { ToolCall } from "../gate/index.js";

interface Mapping {
  /** The permc tool (surface) that decides the call. */
  readonly tool: string;
  /** permc input field → Claude input field. */
  readonly fields: Readonly<Record<string, string>>;
}

export const CLAUDE_TOOLS: Readonly<Record<string, Mapping>> = Object.freeze({
  Bash: { tool: "bash", fields: { command: "command" } },
  Read: { tool: "read", fields: { path: "file_path" } },
  NotebookRead: { tool: "read", fields: { path: "notebook_path" } },
  Write: { tool: "write", fields: { path: "file_path" } },
  Edit: { tool: "edit", fields: { path: "file_path" } },
  MultiEdit: { tool: "edit", fields: { path: "file_path" } },
  NotebookEdit: { tool: "edit", fields: { path: "notebook_path" } },
  Glob: { tool: "find", fields: { path: "path", pattern: "pattern" } },
  Grep: { tool: "grep", fields: { path: "path", pattern: "pattern" } },
  LS: { tool: "ls", fields: { path: "path" } },
});

/**
 * The permc calls that decide one Claude tool call; the most restrictive
 * answer wins. Usually one. A Glob pattern (or Grep `glob`) whose literal
 * directory part leaves the search root (`/etc/*`, `../*`, `~/x/*`) adds a
 * call on that directory, so a pattern cannot reach where `path` could not.
 */
export function claudeToolCalls(toolName: string, toolInput: Readonly<Record<string, unknown>>): ToolCall[] {
  const mapping = ownEntry(CLAUDE_TOOLS, toolName);
  if (!mapping) return [{ tool: toolName, input: toolInput }];
  const input: Record<string, unknown> = {};
  for (const [ours, theirs] of Object.entries(mapping.fields)) {
    const value = ownEntry(toolInput, theirs);
    if (value !== undefined) input[ours] = value;
  }
  const calls: ToolCall[] = [{ tool: mapping.tool, input }];
  if (mapping.tool === "find" || mapping.tool === "grep") {
    const pattern = mapping.tool === "find" ? ownEntry(toolInput, "pattern") : ownEntry(toolInput, "glob");
    const root = escapingRoot(pattern);
    if (root !== null) calls.push({ tool: mapping.tool, input: { ...input, path: joinRoot(input.path, root) } });
  }
  return calls;
}

const GLOB_CHAR = /[*?[{]/;

/** The literal directory part of a glob when it can leave the search root (absolute, `~`, or a `..` segment); else null. */
export function escapingRoot(pattern: unknown): string | null {
  if (typeof pattern !== "string") return null;
  const p = pattern.trim();
  const cut = p.search(GLOB_CHAR);
  const literal = cut === -1 ? p : p.slice(0, cut);
  const dir = literal.includes("/") ? literal.slice(0, literal.lastIndexOf("/") + 1) : cut === -1 ? literal : "";
  const escapes = dir.startsWith("/") || dir.startsWith("~") || /(^|\/)\.\.(\/|$)/.test(dir);
  if (!escapes) return null;
  return dir.length > 1 ? dir.replace(/\/+$/, "") : dir;
}

function joinRoot(base: unknown, root: string): string {
  if (root.startsWith("/") || root.startsWith("~") || typeof base !== "string" || base.trim() === "") return root;
  return `${base.replace(/\/+$/, "")}/${root}`;
}

/**
 * OpenCode's built-in tools as permc tool calls, the way `permc import
 * opencode` names their permissions (edit covers write and patches, glob is
 * find, list is ls). Argument names follow OpenCode's tool definitions
 * (docs/opencode.md cites them): `filePath` for read/write/edit, `command`
 * (and `workdir`) for bash, `pattern`/`path` for glob and grep, `patchText`
 * for apply_patch. Any other tool keeps its own name and arguments and is
 * decided on that surface.
 */
import { ownEntry } from "../format.js";
import type { ToolCall } from "../gate/index.js";

export interface OpenCodeCall extends ToolCall {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** bash's `workdir`, when given: the directory the command runs in. */
  readonly workdir?: unknown;
}

const FILE_TOOLS: Readonly<Record<string, string>> = { read: "read", write: "write", edit: "edit", multiedit: "edit" };
const SEARCH_TOOLS: Readonly<Record<string, string>> = { glob: "find", grep: "grep", list: "ls" };

export function openCodeToolCalls(tool: string, args: Readonly<Record<string, unknown>>): OpenCodeCall[] {
  const arg = (k: string) => ownEntry(args, k);
  if (tool === "bash") {
    const workdir = arg("workdir");
    const bash: OpenCodeCall = { tool: "bash", input: pick({ command: arg("command") }), ...(workdir !== undefined ? { workdir } : {}) };
    // The directory itself is decided as listing it from the project (its path and external_directory rules), as the command runs there.
    return typeof workdir === "string" && workdir.trim() !== "" ? [bash, { tool: "ls", input: { path: workdir.trim() } }] : [bash];
  }
  const file = ownEntry(FILE_TOOLS, tool);
  if (file) return [{ tool: file, input: pick({ path: arg("filePath") ?? arg("path") }) }];
  const search = ownEntry(SEARCH_TOOLS, tool);
  if (search) return [{ tool: search, input: pick({ path: arg("path"), pattern: arg("pattern") }) }];
  if (tool === "patch" || tool === "apply_patch") {
    const files = patchFiles(arg("patchText"));
    // A patch whose files cannot be read is decided as an edit without a path: denied, never guessed.
    return files.length === 0 ? [{ tool: "edit", input: {} }] : files.map((f) => ({ tool: "edit", input: { path: f } }));
  }
  return [{ tool, input: args }];
}

/** Every file a patch adds, updates, deletes or moves to (`*** Update File: x`, `*** Move to: y`). */
export function patchFiles(text: unknown): string[] {
  if (typeof text !== "string") return [];
  return [...text.matchAll(/^\*\*\* (?:(?:Add|Update|Delete) File|Move to): (.+)$/gm)].map((m) => m[1]!.trim()).filter((f) => f !== "");
}

function pick(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

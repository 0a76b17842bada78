import { builtinFileTool, builtinTool } from "../builtin-tools.js";
import { ownEntry, type ShellToolPayload } from "../format.js";
import type { Policy } from "../policy.js";

/**
 * What a tool call must carry before any rule is consulted. A call of an
 * unexpected shape is "not decided", which is never allow: it gets a deny
 * with a message saying what was missing.
 *
 * Every lookup keyed by a tool name or an input field reads own properties
 * only, so tool names such as `toString`, `constructor` or `__proto__` are
 * ordinary names.
 */

/** Pi's read, write and edit cannot run without a path (builtin-tools.ts). */
const pathRequired = (tool: string) => builtinFileTool(tool)?.path === "required";
/** Pi's grep, find and ls search the working directory when the path is left out. */
const pathDefaultsToCwd = (tool: string) => builtinFileTool(tool)?.path === "cwd";

/** The shell tool entry for `tool` (bash's row in builtin-tools.ts, or a configured shellTools entry), or undefined. */
export function shellToolOf(policy: Policy, tool: string): ShellToolPayload | undefined {
  const builtin = builtinTool(tool);
  return builtin?.kind === "shell" ? builtin : ownEntry(policy.knobs.shellTools, tool);
}

/** The input's own field `name`, never an inherited one. */
export function inputField(args: Readonly<Record<string, unknown>>, name: string): unknown {
  return ownEntry(args, name);
}

/** Why the call cannot be decided, or null. `args` is already known to be a plain object. */
export function missingInput(tool: string, args: Readonly<Record<string, unknown>>, shell: ShellToolPayload | undefined): string | null {
  if (shell) {
    return inputField(args, shell.commandArgument) === undefined
      ? `tool '${tool}' was called without '${shell.commandArgument}': there is no command to decide`
      : null;
  }
  if (pathRequired(tool) && isBlank(inputField(args, "path"))) return `tool '${tool}' was called without 'path': there is no file to decide`;
  return null;
}

/**
 * For grep, find and ls without a path: the same input naming the working
 * directory, which is what Pi searches. The gate decides that in addition to
 * the reference's `*` check, and the stricter answer wins. Null otherwise.
 */
export function cwdDefaultedInput(tool: string, args: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | null {
  if (!pathDefaultsToCwd(tool) || !isBlank(inputField(args, "path"))) return null;
  return { ...args, path: "." };
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

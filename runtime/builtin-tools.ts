/**
 * Pi's built-in tools, as permc knows them: one row per tool, read by the
 * gate (what a call must carry, which path member it consults, what it walks),
 * by path matching (which surfaces fold on win32) and by the Pi extension's
 * session suggestions. Imports nothing, so path-surfaces.ts (shared with the
 * compiler) can read it.
 */

/** A file tool: gated on the file Pi opens, and on its own surface over the path's aliases. */
export interface BuiltinFileTool {
  readonly kind: "file";
  /** Which directional path member its own path consults (reference 27.1.0): readers read, `write` writes, `edit` both. */
  readonly route: "read" | "write" | "both";
  /** `required`: it cannot run without a path; `cwd`: it searches the working directory when the path is left out. */
  readonly path: "required" | "cwd";
  /** What it reaches under a directory it is given (walked-directory.ts): every file under it, or its entries. */
  readonly walks?: "tree" | "entries";
  /** Pi's read tries other spellings of a path it cannot open (path-aliases.ts). */
  readonly readFallbacks?: true;
}

/** A shell tool: decided on the command it runs. */
export interface BuiltinShellTool {
  readonly kind: "shell";
  readonly commandArgument: string;
}

export type BuiltinTool = BuiltinFileTool | BuiltinShellTool;

const BUILTIN_TOOLS: Readonly<Record<string, BuiltinTool>> = Object.freeze({
  read: { kind: "file", route: "read", path: "required", readFallbacks: true },
  write: { kind: "file", route: "write", path: "required" },
  edit: { kind: "file", route: "both", path: "required" },
  grep: { kind: "file", route: "read", path: "cwd", walks: "tree" },
  find: { kind: "file", route: "read", path: "cwd", walks: "tree" },
  ls: { kind: "file", route: "read", path: "cwd", walks: "entries" },
  bash: { kind: "shell", commandArgument: "command" },
});

/** The built-in tool of this name (own rows only: `constructor` is an ordinary tool name), or undefined. */
export function builtinTool(name: string): BuiltinTool | undefined {
  return Object.hasOwn(BUILTIN_TOOLS, name) ? BUILTIN_TOOLS[name] : undefined;
}

/** The built-in file tool of this name, or undefined. */
export function builtinFileTool(name: string): BuiltinFileTool | undefined {
  const tool = builtinTool(name);
  return tool?.kind === "file" ? tool : undefined;
}

/** `read`, `write`, `edit`, `grep`, `find`, `ls`, in the table's order. */
export const BUILTIN_FILE_TOOL_NAMES: readonly string[] = Object.keys(BUILTIN_TOOLS).filter((name) => builtinFileTool(name) !== undefined);

/** A file tool that only reads (`read`, `grep`, `find`, `ls`): the infrastructure read bypass covers these, never write, edit or bash. */
export function readsOnly(name: string): boolean {
  return builtinFileTool(name)?.route === "read";
}

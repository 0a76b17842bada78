/**
 * OpenCode's tools as data: for each tool name OpenCode registers, how permc
 * reads its call (which permc tool decides it, from which input fields).
 * Names and fields follow OpenCode's tool definitions (docs/opencode.md cites
 * them); OpenCode 2 renamed `bash` to `shell` and `task` to `subagent`. The
 * permc tool names are the surfaces `permc import opencode` writes (edit
 * covers patches, glob is find, list is ls). A name missing here is a tool
 * permc does not model: it is decided on its own name and is at least `ask`
 * (runtime/hosts/unmodelled-tool.ts).
 */

export type OpenCodeTool =
  /** Runs `command` in a shell, in `workdir` when given. */
  | { readonly kind: "shell"; readonly command: string; readonly workdir: string }
  /** Opens one file, named by the first of `path` that is present. */
  | { readonly kind: "file"; readonly as: "read" | "write" | "edit"; readonly path: readonly string[] }
  /** Searches or lists under `path`, with `pattern`. */
  | { readonly kind: "search"; readonly as: "find" | "grep" | "ls"; readonly path: string; readonly pattern: string }
  /** Applies a patch text (runtime/patch/patch-files.ts): one `edit` per file it touches. */
  | { readonly kind: "patch"; readonly text: string }
  /** Runs other tool calls, `{tool, parameters}` each, without the plugin hook seeing them. */
  | { readonly kind: "batch"; readonly calls: string; readonly tool: string; readonly parameters: string }
  /** Decided on a surface of its own, with its arguments as they are. */
  | { readonly kind: "own"; readonly as: string };

const SHELL: OpenCodeTool = { kind: "shell", command: "command", workdir: "workdir" };
const FILE_PATH = ["filePath", "path"] as const;
const PATCH: OpenCodeTool = { kind: "patch", text: "patchText" };
const own = (as: string): OpenCodeTool => ({ kind: "own", as });

export const OPENCODE_TOOLS: Readonly<Record<string, OpenCodeTool>> = {
  bash: SHELL,
  shell: SHELL,
  read: { kind: "file", as: "read", path: FILE_PATH },
  write: { kind: "file", as: "write", path: FILE_PATH },
  edit: { kind: "file", as: "edit", path: FILE_PATH },
  multiedit: { kind: "file", as: "edit", path: FILE_PATH },
  glob: { kind: "search", as: "find", path: "path", pattern: "pattern" },
  grep: { kind: "search", as: "grep", path: "path", pattern: "pattern" },
  list: { kind: "search", as: "ls", path: "path", pattern: "pattern" },
  patch: PATCH,
  apply_patch: PATCH,
  batch: { kind: "batch", calls: "tool_calls", tool: "tool", parameters: "parameters" },
  // OpenCode asks its own permission of each of these under the tool's name (todo and question tools included), so `*` covers them as it does there.
  task: own("task"),
  subagent: own("task"),
  skill: own("skill"),
  webfetch: own("webfetch"),
  websearch: own("websearch"),
  codesearch: own("codesearch"),
  todowrite: own("todowrite"),
  todoread: own("todoread"),
  question: own("question"),
  lsp: own("lsp"),
};

/** How deep a batch may sit inside batches: OpenCode refuses a batch inside a batch, so none. */
export const MAX_BATCH_DEPTH = 1;

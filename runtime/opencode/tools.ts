/**
 * OpenCode's tool calls as permc tool calls, read through the table of
 * OpenCode's tools (host-tools.ts). A call becomes one or more steps: a
 * permc call for the gate, or a refusal when its input cannot be read the
 * way OpenCode would run it (a patch a host could read as other files, a
 * batch entry of another shape). A tool the table does not name keeps its
 * own name and arguments and is marked unmodelled, so the plugin raises an
 * allow for it to an ask.
 */
import { ownEntry } from "../format.js";
import type { ToolCall } from "../gate/index.js";
import { readPatchFiles } from "../patch/patch-files.js";
import { MAX_BATCH_DEPTH, OPENCODE_TOOLS, type OpenCodeTool } from "./host-tools.js";

export interface OpenCodeCall extends ToolCall {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** The shell's working directory, when given: the directory the command runs in. */
  readonly workdir?: unknown;
  /** The OpenCode tool this call was read from, when the table does not model it. */
  readonly unmodelled?: string;
}

/** A call permc refuses to decide as anything but a deny, and why. */
export interface OpenCodeRefusal {
  readonly refused: string;
}

export type OpenCodeStep = OpenCodeCall | OpenCodeRefusal;

export interface ReadOptions {
  /** Whether a tool OpenCode names `<server>_<tool>` belongs to a configured MCP server (decided on its name, as OpenCode does). */
  readonly isMcpTool?: (tool: string) => boolean;
}

export function openCodeToolCalls(tool: string, args: Readonly<Record<string, unknown>>, options: ReadOptions = {}, depth = 0): OpenCodeStep[] {
  const known = ownEntry(OPENCODE_TOOLS, tool);
  if (known === undefined) {
    const mcp = options.isMcpTool?.(tool) ?? false;
    return [{ tool, input: args, ...(mcp ? {} : { unmodelled: tool }) }];
  }
  return readKnown(known, tool, args, options, depth);
}

function readKnown(known: OpenCodeTool, tool: string, args: Readonly<Record<string, unknown>>, options: ReadOptions, depth: number): OpenCodeStep[] {
  const arg = (k: string) => ownEntry(args, k);
  switch (known.kind) {
    case "shell": {
      const workdir = arg(known.workdir);
      const shell: OpenCodeCall = { tool: "bash", input: pick({ command: arg(known.command) }), ...(workdir !== undefined ? { workdir } : {}) };
      // The directory itself is decided as listing it from the project (its path and external_directory rules), as the command runs there.
      return typeof workdir === "string" && workdir.trim() !== "" ? [shell, { tool: "ls", input: { path: workdir.trim() } }] : [shell];
    }
    case "file":
      return [{ tool: known.as, input: pick({ path: known.path.map(arg).find((v) => v !== undefined) }) }];
    case "search":
      return [{ tool: known.as, input: pick({ path: arg(known.path), pattern: arg(known.pattern) }) }];
    case "patch": {
      const reading = readPatchFiles(arg(known.text));
      if ("unreadable" in reading) return [{ refused: `the patch cannot be read as OpenCode would apply it: ${reading.unreadable}` }];
      // A patch naming no file is decided as an edit without a path: denied, never guessed.
      return reading.files.length === 0 ? [{ tool: "edit", input: {} }] : reading.files.map((f) => ({ tool: "edit", input: { path: f } }));
    }
    case "batch":
      return readBatch(known, tool, arg(known.calls), options, depth);
    case "own":
      return [{ tool: known.as, input: args }];
  }
}

/** A batch is decided as the calls it runs: each entry `{tool, parameters}` read as its own call. */
function readBatch(known: Extract<OpenCodeTool, { kind: "batch" }>, tool: string, calls: unknown, options: ReadOptions, depth: number): OpenCodeStep[] {
  if (depth >= MAX_BATCH_DEPTH) return [{ refused: `'${tool}' inside another batch is not decided` }];
  if (!Array.isArray(calls) || calls.length === 0) return [{ refused: `'${tool}' needs a non-empty '${known.calls}' list` }];
  return calls.flatMap((entry, i): OpenCodeStep[] => {
    const inner = isObject(entry) ? ownEntry(entry, known.tool) : undefined;
    const parameters = isObject(entry) ? ownEntry(entry, known.parameters) : undefined;
    if (typeof inner !== "string" || inner === "" || !isObject(parameters))
      return [{ refused: `'${tool}' entry ${i + 1} is not {${known.tool}: a name, ${known.parameters}: an object}` }];
    return openCodeToolCalls(inner, parameters, options, depth + 1);
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function pick(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

import { builtinFileTool } from "../builtin-tools.js";
import { toolPathRoute } from "../path-surfaces.js";
import { pathContext, type GateContext } from "./gate-context.js";
import type { PathSubject } from "./gate-entry.js";
import type { GateDecision } from "./gate-types.js";
import { fail } from "./outcomes.js";
import { pathAliases, type PathSpelling } from "./path-aliases.js";

const LITERAL_SPELLING: PathSpelling = { kind: "literal" };
const MAX_PATH_LENGTH = 32_767;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/**
 * A tool's own `path` (an MCP proxy call's `arguments.path`), one subject per
 * spelling. Built-in file tools are gated on the file Pi opens (reference
 * 38.0.2) and, stricter than the reference (D-tool-20-spelling), on the
 * 20.7.2 spelling too (quotes and surrounding spaces stripped, `$HOME`
 * expanded): the most restrictive answer wins, so a host that resolves the
 * path the other way cannot open a denied file. Extension and MCP tools: the
 * literal spelling. `aliasSets`: each spelling's aliases, for the tool gate.
 */
export function pathSubjects(
  ctx: GateContext,
  tool: string,
  args: Readonly<Record<string, unknown>>,
): { subjects: PathSubject[]; aliasSets: ReadonlyArray<readonly string[]> | null } | { error: GateDecision } {
  const raw = tool === "mcp" ? (isRecord(args.arguments) ? args.arguments.path : undefined) : args.path;
  if (raw === undefined || raw === null) return { subjects: [], aliasSets: null };
  if (typeof raw !== "string") return { error: fail("input", "'path' must be a string") };
  // No file system accepts a longer path (Windows' extended limit), and canonicalising a huge one is slow.
  if (raw.length > MAX_PATH_LENGTH) return { error: fail("input", `'path' is longer than ${MAX_PATH_LENGTH} characters`) };
  // No file system opens a name with a NUL in it; a host that cut the string there would open `.env` for `.env\0x`.
  if (raw.includes("\u0000")) return { error: fail("input", "'path' holds a NUL character, which no file name can") };
  if (raw.trim() === "") return { subjects: [], aliasSets: null };
  // Pi's built-in file tools (builtin-tools.ts): gated on the file Pi opens, and checked on their own surface over the path's aliases.
  const builtin = builtinFileTool(tool);
  const opened = pathAliases(
    raw,
    pathContext(ctx, ctx.options.cwd),
    builtin ? { kind: "pi", readFallbacks: builtin.readFallbacks === true } : LITERAL_SPELLING,
  );
  const spellings = [opened];
  if (builtin) {
    const literal = pathAliases(raw, pathContext(ctx, ctx.options.cwd), LITERAL_SPELLING);
    if (literal.values.join("\u0000") !== opened.values.join("\u0000")) spellings.push(literal);
  }
  const route = toolPathRoute(tool);
  const subjects = spellings.map((spelling, i): PathSubject => ({ kind: "path", tool, token: raw, builtin, route, opened, spelling, first: i === 0 }));
  return { subjects, aliasSets: builtin ? spellings.map((a) => a.values) : null };
}

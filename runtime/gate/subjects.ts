import { lstatSync } from "node:fs";
import path from "node:path";
import { builtinFileTool } from "../builtin-tools.js";
import { cwdDefaultedInput } from "./call-shape.js";
import { shellSubjects } from "./command-subject.js";
import type { GateContext } from "./gate-context.js";
import type { GateSubject } from "./gate-entry.js";
import type { GateDecision } from "./gate-types.js";
import { fail } from "./outcomes.js";
import { otherPathArguments } from "./path-arguments.js";
import { pathSubjects } from "./path-subjects.js";
import type { ReadCall } from "./read-call.js";

/**
 * What the gates look at in a call, in the order they look: a shell call's
 * command, then the call. Any other call: grep/find/ls without a path search
 * the cwd, so that is decided first as a call of its own (before the
 * reference's own checks, which stay last); then the call's `path`; then, for
 * MCP and extension tools, paths under other argument names
 * (path-arguments.ts), which meet the same gates; then the call itself.
 * A malformed path or command stops the call with an `input` deny.
 */
export async function subjectsOf(ctx: GateContext, call: ReadCall): Promise<{ subjects: readonly GateSubject[] } | { error: GateDecision }> {
  const { tool, args, shell } = call;
  if (shell) return shellSubjects(ctx, tool, args, shell);
  const subjects: GateSubject[] = [];
  const defaulted = cwdDefaultedInput(tool, args);
  if (defaulted) {
    const cwd = pathSubjects(ctx, tool, defaulted);
    if ("error" in cwd) return cwd;
    subjects.push(...cwd.subjects, { kind: "call", tool, args: defaulted, aliasSets: cwd.aliasSets });
  }
  const own = pathSubjects(ctx, tool, args);
  if ("error" in own) return own;
  subjects.push(...own.subjects);
  if (!builtinFileTool(tool)) {
    const exists = (name: string) => entryExists(path.resolve(ctx.options.cwd, name));
    const others = otherPathArguments(tool === "mcp" ? args.arguments : args, ctx.platform, { exists });
    if ("problem" in others) return { error: fail("input", others.problem) };
    for (const value of others) {
      const other = pathSubjects(ctx, tool, tool === "mcp" ? { arguments: { path: value } } : { path: value });
      if ("error" in other) return other;
      subjects.push(...other.subjects);
    }
  }
  subjects.push({ kind: "call", tool, args, aliasSets: own.aliasSets });
  return { subjects };
}

/** Whether a directory entry exists, a dangling symlink included (it still names where a write would go). */
function entryExists(absolute: string): boolean {
  try {
    return lstatSync(absolute, { throwIfNoEntry: false }) !== undefined;
  } catch {
    // A name the file system refuses (too long, a bad character) names no entry.
    return false;
  }
}

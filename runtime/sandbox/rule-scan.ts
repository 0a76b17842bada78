/**
 * Rules with wildcards, held for the files that exist when the command starts: a walk of the working tree and
 * the home (or of one directory a grant opens) decides each file.
 */
import path from "node:path";
import { isInside } from "../paths/inside.js";
import { restrictingRule } from "./decide-path.js";
import { RANK } from "./plan-mounts.js";
import type { ScanReport } from "./profile-types.js";
import { scanTrees } from "./scan-tree.js";
import { SCAN_SKIPPED_HOME_DIRS } from "./writable-defaults.js";
import { type Context, isSystemFile, liftableBy } from "./profile-context.js";

/**
 * Decides each scanned file: hide what a read rule denies, keep read-only what a write rule denies. Returns the
 * report and the repositories the walk met.
 */
export function scanFiles(
  ctx: Context,
  limit: number,
): { report: ScanReport; repositories: readonly string[]; bareRepositories: readonly string[]; sockets: readonly string[] } {
  const skip = new Set(SCAN_SKIPPED_HOME_DIRS.map((d) => path.join(ctx.home, d)));
  const roots = [ctx.cwd, ctx.home];
  const result = scanTrees(roots, skip, limit);
  for (const f of result.files) {
    const c = f.canonical;
    // Inside a directory an ask rule hides the file still gets its own mount: a grant may lift the directory's.
    if (isSystemFile(ctx, c) || ctx.plan.hiddenAt(c, true)) continue;
    const read = restrictingRule(ctx.policy, "read", c, ctx.cwd);
    // Inside a directory an ask rule hides, only what a deny rule names needs a mount of its own: the directory's
    // hiding holds the rest, and a grant of the directory answers that ask as a whole.
    if (read >= 0 && ctx.policy.rules[read]?.action !== "deny" && ctx.plan.hiddenAt(c)) continue;
    if (read >= 0) {
      // A link to a file already hidden; another mount planned there (a protected default's, a write rule's
      // read-only bind) hides nothing, so the hiding is planned above it.
      if (ctx.plan.hidesFile(c)) continue;
      ctx.plan.add("hide-file", c, `read rule ${ctx.policy.rules[read]?.pattern}`, RANK.hidden, liftableBy(ctx, read, "read"));
      ctx.scanned.set(read, (ctx.scanned.get(read) ?? 0) + 1);
      continue;
    }
    if (!ctx.writableRoots.some((w) => isInside(w, c))) continue;
    const write = restrictingRule(ctx.policy, "write", c, ctx.cwd);
    if (write >= 0) {
      ctx.plan.add("read-only", c, `write rule ${ctx.policy.rules[write]?.pattern}`, RANK.ruleReadOnly, liftableBy(ctx, write, "write"));
      ctx.scanned.set(write, (ctx.scanned.get(write) ?? 0) + 1);
    }
  }
  return {
    report: { roots, visited: result.visited, limit, complete: result.complete },
    repositories: result.repositories,
    bareRepositories: result.bareRepositories,
    sockets: result.sockets,
  };
}

/**
 * The files under `dir` that deny rules name, each with a mount no grant lifts (a directory a grant or an exception
 * opens). False past the scan's bound: the caller then does not open it.
 */
export function denyInside(ctx: Context, dir: string, limit: number): boolean {
  const skip = new Set(SCAN_SKIPPED_HOME_DIRS.map((d) => path.join(ctx.home, d)));
  const result = scanTrees([dir], skip, limit);
  if (!result.complete) return false;
  for (const f of result.files) {
    const c = f.canonical;
    if (isSystemFile(ctx, c)) continue;
    const read = restrictingRule(ctx.policy, "read", c, ctx.cwd);
    if (read >= 0 && ctx.policy.rules[read]?.action === "deny") ctx.plan.add("hide-file", c, `read rule ${ctx.policy.rules[read]?.pattern}`, RANK.hidden);
    const write = restrictingRule(ctx.policy, "write", c, ctx.cwd);
    if (write >= 0 && ctx.policy.rules[write]?.action === "deny")
      ctx.plan.add("read-only", c, `write rule ${ctx.policy.rules[write]?.pattern}`, RANK.ruleReadOnly);
  }
  return true;
}

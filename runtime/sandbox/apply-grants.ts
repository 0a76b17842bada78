import { existsSync } from "node:fs";
import path from "node:path";
import { isInside } from "../paths/inside.js";
import { restrictingRule } from "./decide-path.js";
import { RANK } from "./plan-mounts.js";
import type { ProfileOptions } from "./profile-types.js";
import { isDirectory } from "./fs-probes.js";
import { type Context, DEFAULT_SCAN_LIMIT, canonical } from "./profile-context.js";
import { denyInside } from "./rule-scan.js";

/**
 * The paths a person approved for this command: a grant answers the ask about its own path (approving `ls /`
 * answers no ask inside `/`). It lifts what ask rules of its direction hold there; a write grant makes the path
 * writable, a read grant binds it back where a hidden directory holds it. What a deny rule or a protected default
 * holds stays, at the path and inside it, and what deny rules name inside a directory the grant opens keeps a mount
 * of its own (past the scan's bound the grant is not made: the approved command may fail, it does not leak).
 * Returns the grants made.
 */
export function applyGrants(ctx: Context, options: ProfileOptions): { grants: string[]; readGrants: string[] } {
  const limit = options.scanLimit ?? DEFAULT_SCAN_LIMIT;
  const readGranted = new Set<string>();
  const grant = (g: string, direction: "read" | "write"): string | null => {
    const p = canonical(path.resolve(ctx.cwd, g));
    if (!existsSync(p)) throw new Error(`the granted path ${g} does not exist`);
    const rule = restrictingRule(ctx.policy, direction, p, ctx.cwd);
    if (ctx.plan.lockedAt(p, direction) || (rule >= 0 && ctx.policy.rules[rule]?.action === "deny")) return null;
    // A directory opened wider than the profile had it (made writable, or shown where a hidden directory held it,
    // its own hiding lifted): its denied files get mounts of their own first, before anything is lifted.
    const opens = direction === "write" ? !ctx.writableRoots.some((w) => isInside(w, p)) : ctx.plan.hiddenAt(p);
    if (opens && isDirectory(p) && !denyInside(ctx, p, limit)) return null;
    ctx.plan.liftAt(p, direction);
    if (direction === "read") {
      // Inside a directory an ask rule hides that the grant does not lift (`~/.ssh/*`, granted `~/.ssh/config`).
      if (ctx.plan.hiddenAt(p)) ctx.plan.add("read-only", p, "granted for reading, for this command", RANK.granted);
      readGranted.add(p);
      return p;
    }
    // Where a read ask still hides the path (`~/proj/cfg.json: ask`, approved `echo x >> cfg.json`), a writable
    // mount would show it: not made, unless reading it was granted too.
    if (ctx.plan.hiddenStill(p) && !readGranted.has(p)) return null;
    ctx.plan.add("writable", p, "granted for this command", RANK.granted);
    return p;
  };
  const readGrants = (options.readGrants ?? []).map((g) => grant(g, "read")).filter((p) => p !== null);
  const grants = (options.grants ?? []).map((g) => grant(g, "write")).filter((p) => p !== null);
  return { grants, readGrants };
}

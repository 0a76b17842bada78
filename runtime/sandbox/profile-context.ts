/**
 * The profile being built, and the small operations every part of it shares: where a path really is, adding a
 * writable root or a protected path, and whether a rule or the system directories decide one.
 */
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { expandHome } from "../expand-home.js";
import { isInside } from "../paths/inside.js";
import type { Policy } from "../policy.js";
import { isCatchAll, restrictingRule } from "./decide-path.js";
import type { Liftable, MountPlan } from "./plan-mounts.js";
import type { Enforcement } from "./profile-types.js";
import { isDirectory, isLink } from "./fs-probes.js";
import { SYSTEM_ROOTS } from "./writable-defaults.js";

export const DEFAULT_SCAN_LIMIT = 20_000;
/** A name no rule is written for: probing a directory's rule decides "everything inside it". */
export const PROBE = ".permc-sandbox-probe";

export interface Context {
  readonly policy: Policy;
  readonly cwd: string;
  readonly home: string;
  readonly tmpDir: string;
  readonly plan: MountPlan;
  /** Directories the command may write (for the write rules' reports and the scan). */
  readonly writableRoots: string[];
  /** Rules the scan decides, by index: the files it hid or protected for them. */
  readonly scanned: Map<number, number>;
  /** Protected defaults that are links in a writable directory (a note of the profile). */
  readonly protectedLinks: string[];
  /** What else the profile says it does not cover. */
  readonly notes: string[];
}

export type Report = (enforcement: Enforcement, detail: string) => void;

/** Which grant may lift what the rule at `index` holds: one about `direction` when the rule asks; none when it denies. */
export function liftableBy(ctx: Context, index: number, direction: "read" | "write"): Liftable {
  return ctx.policy.rules[index]?.action === "ask" ? direction : false;
}

/**
 * A file the scan leaves alone: one under a system directory (the loader, libc and every program read there), unless
 * it lies in a home or working tree inside one (`/var/lib/jenkins`, `/var/www/site`, `/opt/app`), whose files are
 * the person's; not when the home or working tree is a system directory or holds one (`/etc`, `/`).
 */
export function isSystemFile(ctx: Context, c: string): boolean {
  if (!SYSTEM_ROOTS.some((s) => isInside(s, c))) return false;
  const owned = (root: string): boolean => isInside(root, c) && !SYSTEM_ROOTS.some((s) => isInside(root, s));
  return !owned(ctx.home) && !owned(ctx.cwd);
}

export function addWritable(ctx: Context, p: string, why: string, rank: number): void {
  if (!isDirectory(p)) return;
  const c = canonical(p);
  // A root a specific write rule denies stays as it is (read-only unless a wider root holds it).
  if (restrictingRule(ctx.policy, "write", path.join(c, PROBE), ctx.cwd) >= 0) return;
  ctx.writableRoots.push(c);
  ctx.plan.add("writable", c, why, rank);
}

export function addExisting(ctx: Context, kind: "read-only", p: string, why: string, rank: number): void {
  if (!existsSync(p)) return;
  const c = canonical(p);
  if (c !== p && isLink(p) && ctx.writableRoots.some((w) => isInside(w, canonical(path.dirname(p))))) ctx.protectedLinks.push(p);
  if (widenedByRule(ctx, c)) return;
  ctx.plan.add(kind, c, why, rank);
}

/** A path_write allow rule that names the protected path `c` widens the default. */
export function widenedByRule(ctx: Context, c: string): boolean {
  return ctx.policy.check("path_write", path.join(c, PROBE)).action === "allow" && ruleWritableCovers(ctx, c);
}

/**
 * A `path_write` allow rule names the protected path `p` itself or a path inside it (`~/.local/bin/*`): the person
 * widened that default on purpose. A rule on a directory holding it (`~/work/*`) does not: every project's
 * `.git/hooks` below it would lose its protection unasked.
 */
export function ruleWritableCovers(ctx: Context, p: string): boolean {
  return writeAllowPatterns(ctx).some((pattern) => isInside(p, canonical(expandHome(pattern.replace(/\/\*$/, ""), ctx.home, "posix"))));
}

/** The patterns of the person's own `path_write` allow rules: not the default rule, not a catch-all. */
export function writeAllowPatterns(ctx: Context): string[] {
  return ctx.policy.rules
    .filter((r) => r.surface === "path_write" && r.action === "allow" && r.layer !== "default" && !isCatchAll(r.pattern))
    .map((r) => r.pattern);
}

export function existingDir(p: string, what: string): string {
  if (typeof p !== "string" || p === "") throw new Error(`no ${what} given`);
  const abs = path.resolve(p);
  if (!isDirectory(abs)) throw new Error(`the ${what} ${abs} does not exist`);
  return realpathSync(abs);
}

/** realpath of the path, or of its longest existing prefix plus the rest. */
export function canonical(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    const parent = path.dirname(p);
    return parent === p ? p : path.join(canonical(parent), path.basename(p));
  }
}

/**
 * Links in protected places: where a link inside a read-only directory leads in a writable place is read-only
 * too, and a protected path that is itself a link in a writable directory is a note.
 */
import path from "node:path";
import { isInside } from "../paths/inside.js";
import { RANK } from "./plan-mounts.js";
import { isDirectory, isLink, listDir } from "./fs-probes.js";
import { type Context, addExisting, canonical } from "./profile-context.js";

/** Entries looked at, at most, inside one protected directory for links that lead out of it. */
export const MAX_LINK_SCAN = 500;

/**
 * Links inside a read-only directory lead out of its bind: `.git/hooks/pre-commit -> ../../scripts/pre-commit`
 * written through the link writes the script, which git runs. What such a link leads to in a writable place is
 * read-only too.
 */
export function protectLinkTargets(ctx: Context, writable: readonly string[]): void {
  for (const dir of ctx.plan.protectedPaths()) {
    if (!isDirectory(dir) || !writable.some((w) => isInside(w, dir))) continue;
    let seen = 0;
    const walk = (d: string, depth: number): void => {
      for (const name of listDir(d)) {
        if (++seen > MAX_LINK_SCAN) return;
        const p = path.join(d, name);
        if (isLink(p)) {
          const target = canonical(p);
          if (writable.some((w) => isInside(w, target)) && !isInside(dir, target))
            addExisting(ctx, "read-only", target, `protected: a link in ${dir} leads here`, RANK.otherName);
        } else if (depth < 3 && isDirectory(p)) walk(p, depth + 1);
      }
    };
    walk(dir, 0);
  }
}

/** Protected paths that are links in a writable directory: the kernel keeps their targets, not the links. */
export function linkNotes(ctx: Context): string[] {
  return ctx.protectedLinks.map((l) => `${l} is a link in a writable directory: its target is read-only, but the link itself can be replaced`);
}

/**
 * Orders the mounts so the innermost decides: bubblewrap applies them in
 * argument order and a later mount covers an earlier one, so every ancestor
 * comes before what lies inside it. A mount that changes nothing (a read-only
 * bind inside a read-only tree, a writable one inside a writable tree) is
 * dropped, keeping the command line short.
 */
import path from "node:path";
import { isInside } from "../paths/inside.js";
import type { Mount, MountKind } from "./profile-types.js";

/** A candidate mount with its precedence: at one path, the higher wins. */
export interface PlannedMount extends Mount {
  readonly rank: number;
  /** A grant may lift it: it is an ask rule's (or an allow exception's), not a deny rule's or a protected default's. */
  readonly liftable: boolean;
}

/** Precedence of the mounts at one path (higher wins). */
export const RANK = {
  homeReadOnly: 1,
  defaultWritable: 2,
  protectedReadOnly: 3,
  ruleReadOnly: 4,
  ruleWritable: 5,
  exposed: 6,
  hidden: 7,
  granted: 8,
} as const;

export class MountPlan {
  private readonly byPath = new Map<string, PlannedMount>();

  add(kind: MountKind, p: string, why: string, rank: number, liftable = false): void {
    const old = this.byPath.get(p);
    if (old === undefined || old.rank <= rank) this.byPath.set(p, { kind, path: p, why, rank, liftable });
  }

  /** Lifts what an ask rule hides or keeps read-only at `p` or inside it (a grant); what a deny rule or a default holds stays. */
  liftInside(p: string): void {
    for (const [key, m] of [...this.byPath]) if (m.liftable && isInside(p, key)) this.byPath.delete(key);
  }

  /** True when a deny rule's mount or a protected default hides or protects `p` itself: no grant widens it. */
  lockedAt(p: string): boolean {
    const m = this.byPath.get(p);
    return m !== undefined && !m.liftable && m.rank >= RANK.protectedReadOnly && m.kind !== "writable" && m.kind !== "pinned";
  }

  has(p: string): boolean {
    return this.byPath.has(p);
  }

  /** True when `p` lies in a hidden directory of the plan. */
  hiddenAt(p: string): boolean {
    for (const m of this.byPath.values()) if (m.kind === "hide-dir" && isInside(m.path, p)) return true;
    return false;
  }

  mounts(): Mount[] {
    const sorted = [...this.pinned()].sort((a, b) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const kept: Mount[] = [];
    for (const m of sorted) {
      const around = state(kept, m.path);
      if (m.kind === "writable" && around === "writable") continue;
      if (m.kind === "read-only" && around === "read-only") continue;
      if ((m.kind === "hide-dir" || m.kind === "hide-file") && around === "hidden") continue;
      if (m.kind === "pinned" && around !== "writable") continue;
      kept.push({ kind: m.kind, path: m.path, why: m.why });
    }
    return kept;
  }

  /**
   * The plan's mounts, with every directory between a writable mount and a hiding or read-only one inside it
   * pinned (bound onto itself): renaming such a directory would carry the mount away from the name its rule is
   * written for, and a new directory could take that name (`mv .git .git.old && mkdir -p .git/hooks`).
   */
  private pinned(): PlannedMount[] {
    const all = [...this.byPath.values()];
    const writable = all.filter((m) => m.kind === "writable").map((m) => m.path);
    const pins = new Map<string, PlannedMount>();
    for (const m of all) {
      if (m.kind === "writable") continue;
      // The innermost writable mount around it: pins run from below it down to the mount's own parent.
      let root: string | null = null;
      for (const w of writable) if (w !== m.path && isInside(w, m.path) && (root === null || isInside(root, w))) root = w;
      if (root === null) continue;
      for (let d = path.dirname(m.path); d !== root && isInside(root, d) && d !== path.dirname(d); d = path.dirname(d))
        if (!this.byPath.has(d) && !pins.has(d)) pins.set(d, { kind: "pinned", path: d, why: `holds ${m.path}`, rank: 0, liftable: false });
    }
    return [...all, ...pins.values()];
  }
}

/** What the innermost kept mount strictly above `p` makes of it; `/` itself is read-only. */
function state(kept: readonly Mount[], p: string): "writable" | "read-only" | "hidden" {
  for (let i = kept.length - 1; i >= 0; i--) {
    const m = kept[i] as Mount;
    if (m.path !== p && isInside(m.path, p)) return m.kind === "writable" || m.kind === "pinned" ? "writable" : m.kind === "read-only" ? "read-only" : "hidden";
  }
  return "read-only";
}

function depth(p: string): number {
  return p === path.sep ? 0 : p.split(path.sep).length;
}

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

  add(kind: MountKind, p: string, why: string, rank: number): void {
    const old = this.byPath.get(p);
    if (old === undefined || old.rank <= rank) this.byPath.set(p, { kind, path: p, why, rank });
  }

  /** Removes what hides or protects `p` or anything inside it (a grant). */
  clearInside(p: string): void {
    for (const key of [...this.byPath.keys()]) if (isInside(p, key)) this.byPath.delete(key);
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
    const sorted = [...this.byPath.values()].sort((a, b) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const kept: Mount[] = [];
    for (const m of sorted) {
      const around = state(kept, m.path);
      if (m.kind === "writable" && around === "writable") continue;
      if (m.kind === "read-only" && around === "read-only") continue;
      if ((m.kind === "hide-dir" || m.kind === "hide-file") && around === "hidden") continue;
      kept.push({ kind: m.kind, path: m.path, why: m.why });
    }
    return kept;
  }
}

/** What the innermost kept mount strictly above `p` makes of it; `/` itself is read-only. */
function state(kept: readonly Mount[], p: string): "writable" | "read-only" | "hidden" {
  for (let i = kept.length - 1; i >= 0; i--) {
    const m = kept[i] as Mount;
    if (m.path !== p && isInside(m.path, p)) return m.kind === "writable" ? "writable" : m.kind === "read-only" ? "read-only" : "hidden";
  }
  return "read-only";
}

function depth(p: string): number {
  return p === path.sep ? 0 : p.split(path.sep).length;
}

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

/** Which grant may lift a mount: an ask rule's about reading, about writing, either (an allow exception), or none. */
export type Liftable = "read" | "write" | "any" | false;

/** A candidate mount with its precedence: at one path, the higher wins. */
export interface PlannedMount extends Mount {
  readonly rank: number;
  /** A grant may lift it: it is an ask rule's (or an allow exception's), not a deny rule's or a protected default's. */
  readonly liftable: Liftable;
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
  /** The home's own entries, where a writable root holds the home: above an allow rule's writable mount there. */
  homeEntries: 9,
  /**
   * Another name of a protected file (hard-links.ts) or what a link in a protected directory leads to
   * (link-targets.ts), found after the grants are applied: above a grant, as the protected path itself is (a grant
   * lifts no protected default).
   */
  otherName: 10,
} as const;

/**
 * The mounts planned at each path, every one kept (a read ask's hiding, a write ask's read-only bind and a deny's,
 * at one file): the highest ranked holds the path, and when a grant lifts it the next one does.
 */
export class MountPlan {
  private readonly byPath = new Map<string, PlannedMount[]>();

  add(kind: MountKind, p: string, why: string, rank: number, liftable: Liftable = false): void {
    const layers = this.byPath.get(p);
    const next: PlannedMount = { kind, path: p, why, rank, liftable };
    if (layers === undefined) this.byPath.set(p, [next]);
    else {
      layers.push(next);
      // Stable: at equal rank the later one holds, as it did when each replaced the one before.
      layers.sort((a, b) => a.rank - b.rank);
    }
  }

  /**
   * Lifts what ask rules about `direction` (and allow exceptions) hold at `p`, for a grant: what else is planned
   * there (a deny rule's, a protected default's, the other direction's ask) holds it then. Only at `p`: approving
   * `ls /` is no answer to the asks inside it (`~/vault/*: ask`).
   */
  liftAt(p: string, direction: "read" | "write"): void {
    const layers = this.byPath.get(p);
    if (layers === undefined) return;
    const kept = layers.filter((m) => m.liftable !== direction && m.liftable !== "any");
    if (kept.length === 0) this.byPath.delete(p);
    else this.byPath.set(p, kept);
  }

  /**
   * True when a deny rule's mount or a protected default holds `p` or a directory holding it against `direction`: no
   * grant widens it (a read-only one holds against writing, a hiding one against both).
   */
  lockedAt(p: string, direction: "read" | "write"): boolean {
    for (const layers of this.byPath.values())
      for (const m of layers) {
        // A grant's own mount (a read grant's bind) locks nothing.
        if (m.liftable !== false || m.rank < RANK.protectedReadOnly || m.rank === RANK.granted || !isInside(m.path, p)) continue;
        if (m.kind === "hide-dir" || m.kind === "hide-file" || (direction === "write" && m.kind === "read-only")) return true;
      }
    return false;
  }

  /** The paths a protected default or a deny rule keeps read-only (the highest layer there is such a bind). */
  protectedPaths(): string[] {
    const out: string[] = [];
    for (const [p, layers] of this.byPath) {
      const top = layers[layers.length - 1];
      if (top !== undefined && top.kind === "read-only" && top.rank >= RANK.protectedReadOnly && top.liftable === false) out.push(p);
    }
    return out;
  }

  /** A file hidden at `p` already (a link scanned before to the same file). */
  hidesFile(p: string): boolean {
    return this.byPath.get(p)?.some((m) => m.kind === "hide-file") === true;
  }

  /** True when a hiding of any rule holds `p`: a file hidden there, or a directory hidden around it. */
  hiddenStill(p: string): boolean {
    for (const layers of this.byPath.values())
      for (const m of layers) if ((m.kind === "hide-dir" && isInside(m.path, p)) || (m.kind === "hide-file" && m.path === p)) return true;
    return false;
  }

  /** True when `p` lies in a hidden directory of the plan (`locked`: one no grant lifts). */
  hiddenAt(p: string, locked = false): boolean {
    for (const layers of this.byPath.values())
      for (const m of layers) if (m.kind === "hide-dir" && isInside(m.path, p) && (!locked || m.liftable === false)) return true;
    return false;
  }

  mounts(): Mount[] {
    const kept = keptOf([...this.byPath.values()].map((layers) => layers[layers.length - 1] as PlannedMount));
    return keptOf([...kept, ...pinsFor(kept)]).map((m) => ({ kind: m.kind, path: m.path, why: m.why }));
  }
}

/**
 * The mounts that change something, ancestors first. Inside a hidden directory only what the hiding means to show
 * is bound back (an allow exception, a grant): a protected default or a build cache there would bring the host's
 * files back into view (`~/.config/*: deny` and the protected `~/.config/git`).
 */
function keptOf(candidates: readonly PlannedMount[]): PlannedMount[] {
  const sorted = [...candidates].sort((a, b) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const kept: PlannedMount[] = [];
  for (const m of sorted) {
    const around = state(kept, m.path);
    if (m.kind === "writable" && around === "writable") continue;
    if (m.kind === "read-only" && around === "read-only") continue;
    if ((m.kind === "hide-dir" || m.kind === "hide-file") && around === "hidden") continue;
    if (m.kind === "pinned" && around !== "writable") continue;
    if ((m.kind === "writable" || m.kind === "read-only") && around === "hidden" && m.rank !== RANK.exposed && m.rank !== RANK.granted) continue;
    kept.push(m);
  }
  return kept;
}

/**
 * Every directory between a protecting mount (read-only, hidden) and the mount point of the writable region around
 * it, pinned (bound onto itself): a mount point cannot be renamed or removed, and renaming such a directory would
 * carry the mount away from the name its rule is written for (`mv .git .git.old && mkdir -p .git/hooks`), a
 * writable root inside another one (a project under the temp dir) included.
 */
function pinsFor(kept: readonly PlannedMount[]): PlannedMount[] {
  const at = new Set(kept.map((m) => m.path));
  const pins = new Map<string, PlannedMount>();
  for (const m of kept) {
    if (m.kind === "writable" || m.kind === "pinned") continue;
    for (let d = path.dirname(m.path); d !== path.dirname(d) && !at.has(d) && !pins.has(d); d = path.dirname(d)) {
      if (state(kept, d) !== "writable") break;
      pins.set(d, { kind: "pinned", path: d, why: `holds ${m.path}`, rank: 0, liftable: false });
    }
  }
  return [...pins.values()];
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

import path from "node:path";
import { isInside } from "../paths/inside.js";
import type { GateEntry } from "./gate-entry.js";

/**
 * Gate 1: a `read` inside a known skill's directory (GateOptions.skills, the
 * longest matching dir) carries that skill's state, ANDed with every other
 * gate (origin `builtin`, no pattern, as the reference reports). Decided on
 * the file read opens, lexical or canonical.
 */
export const skillReadGate: GateEntry<"path"> = {
  name: "skill-read",
  on: "path",
  gate: "skill_read",
  run: ({ tool, first, opened }, ctx) => {
    if (tool !== "read" || !first) return null;
    const p = ctx.platform === "win32" ? path.win32 : path.posix;
    const forms = [opened.lexical, opened.canonical];
    for (const s of ctx.skillDirs) {
      if (forms.some((f) => isInside(s.dir, f, p)))
        return { action: s.decision.action, matchedPattern: null, origin: "builtin", surface: "skill", gate: "skill_read", value: s.name };
    }
    return null;
  },
};

import { family } from "./gate-context.js";
import type { GateEntry } from "./gate-entry.js";
import { fromFamily } from "./outcomes.js";

/**
 * The path rules of the config over each spelling's aliases, on the
 * directional member the tool consults (reference 27.1.0: read/grep/find/ls
 * read, write writes, everything else both). Only a rule that matched and
 * did not allow answers: the default rule is the tool gate's.
 */
export const pathGate: GateEntry<"path"> = {
  name: "path",
  on: "path",
  gate: "path",
  run: ({ route, spelling }, ctx) => {
    const pathCheck = family(ctx, "path", route, spelling.values);
    return pathCheck.decision.action !== "allow" && pathCheck.decision.matchedPattern !== null ? fromFamily(pathCheck, "path") : null;
  },
};

import { family } from "./gate-context.js";
import type { GateEntry } from "./gate-entry.js";
import { Strictest, underTree } from "./outcomes.js";
import type { FamilyDecision } from "./path-family.js";
import { patternFamily } from "./pattern-family.js";

/**
 * The path tokens of a shell command on the path rules of the config: the
 * paths it names (a file it reaches by walking a directory asks rather than
 * denies, outcomes.ts underTree), bare words that may be paths, and globs.
 * The most restrictive answers.
 */
export const bashPathGate: GateEntry<"command"> = {
  name: "bash-path",
  on: "command",
  gate: "bash_path",
  run: ({ split }, ctx) => {
    const strictest = new Strictest();
    // A candidate counts where a config rule decides it stricter than allow.
    const ruled = (c: FamilyDecision): FamilyDecision | null => (c.decision.matchedPattern !== null && c.decision.action !== "allow" ? c : null);
    for (const c of split.ruleCandidates) {
      if (strictest.offer(ruled(underTree(c.underTree === true && c.opened !== true, family(ctx, "path", c.role, c.values)))))
        return strictest.decision("bash_path");
    }
    // A bare word is routed by its role as a named path is (a pure reader's words are reads), and counts only where a rule names it.
    for (const c of split.bareTokens) {
      const d = family(ctx, "path", c.role, c.values);
      if (d.decision.matchedPattern !== "*" && strictest.offer(ruled(d))) return strictest.decision("bash_path");
    }
    for (const p of split.pathPatterns) {
      if (strictest.offer(patternFamily(ctx, "path", p.role, p.forms, p.kind, true, p.token))) break;
    }
    return strictest.decision("bash_path");
  },
};

import { family } from "./gate-context.js";
import type { GateEntry } from "./gate-entry.js";
import { fromFamily, mostRestrictive, underTree } from "./outcomes.js";
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
    const tokenChecks = [
      ...split.ruleCandidates.map((c) => underTree(c.underTree === true && c.opened !== true, family(ctx, "path", c.role, c.values))),
      // A bare word is routed by its role as a named path is (a pure reader's words are reads), and counts only where a rule names it.
      ...split.bareTokens.map((c) => family(ctx, "path", c.role, c.values)).filter((c) => c.decision.matchedPattern !== "*"),
    ].filter((c) => c.decision.matchedPattern !== null && c.decision.action !== "allow");
    const patternChecks = split.pathPatterns.flatMap((p) => patternFamily(ctx, "path", p.role, p.forms, p.kind, true, "bash_path", p.token));
    return mostRestrictive([...tokenChecks.map((c) => fromFamily(c, "bash_path")), ...patternChecks]);
  },
};

import type { PathRoute } from "../path-surfaces.js";
import { family, pathContext } from "./gate-context.js";
import type { GateEntry } from "./gate-entry.js";
import { Strictest } from "./outcomes.js";
import { pathAliases } from "./path-aliases.js";
import { patternFamily } from "./pattern-family.js";

/**
 * The paths a shell command reaches outside its working directory (and a
 * working directory the call gave outside the gate's), on the
 * external_directory rules: each token consults the directional member its
 * command proves (read, write), else both (reference 27.1.0). The most
 * restrictive answers.
 */
export const bashExternalDirectoryGate: GateEntry<"command"> = {
  name: "bash-external-directory",
  on: "command",
  gate: "bash_external_directory",
  run: ({ split, cwd, workdirGiven, realpath }, ctx) => {
    const strictest = new Strictest();
    const reached = (path: string, role: PathRoute): boolean => {
      const c = family(ctx, "external_directory", role, pathAliases(path, pathContext(ctx, cwd, realpath)).values);
      return strictest.offer(c.decision.action !== "allow" ? c : null);
    };
    if (workdirGiven && pathAliases(cwd, pathContext(ctx, ctx.options.cwd, realpath)).outsideCwd && reached(cwd, "both")) {
      return strictest.decision("bash_external_directory");
    }
    for (let i = 0; i < split.externalPaths.length; i++) {
      if (reached(split.externalPaths[i]!, split.externalRoles[i] ?? "both")) return strictest.decision("bash_external_directory");
    }
    for (const p of split.pathPatterns) {
      if (p.externalForms.length === 0) continue;
      if (strictest.offer(patternFamily(ctx, "external_directory", p.role, p.externalForms, p.kind, false, p.token))) break;
    }
    return strictest.decision("bash_external_directory");
  },
};

import { family, pathContext } from "./gate-context.js";
import type { GateEntry } from "./gate-entry.js";
import { fromFamily, mostRestrictive } from "./outcomes.js";
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
    const externals = split.externalPaths.map((p, i) => ({ path: p, role: split.externalRoles[i] ?? "both" }));
    if (workdirGiven && pathAliases(cwd, pathContext(ctx, ctx.options.cwd, realpath)).outsideCwd) externals.unshift({ path: cwd, role: "both" });
    const uncovered = externals
      .map((e) => family(ctx, "external_directory", e.role, pathAliases(e.path, pathContext(ctx, cwd, realpath)).values))
      .filter((c) => c.decision.action !== "allow");
    const patternExternals = split.pathPatterns
      .filter((p) => p.externalForms.length > 0)
      .flatMap((p) => patternFamily(ctx, "external_directory", p.role, p.externalForms, p.kind, false, "bash_external_directory", p.token));
    return mostRestrictive([...uncovered.map((c) => fromFamily(c, "bash_external_directory")), ...patternExternals]);
  },
};

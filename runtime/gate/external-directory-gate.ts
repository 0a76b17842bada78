import path from "node:path";
import { readsOnly } from "../builtin-tools.js";
import { family, type GateContext } from "./gate-context.js";
import type { GateEntry } from "./gate-entry.js";
import { isInfrastructureRead, isTargetedDeny } from "./infrastructure-read.js";
import { fromFamily } from "./outcomes.js";

/**
 * A spelling whose canonical form lies outside the working directory meets
 * the external_directory rules, on the member the tool consults. A read-only
 * built-in tool reading Pi's own infrastructure skips it, unless a targeted
 * deny covers the path (infrastructure-read.ts).
 */
export const externalDirectoryGate: GateEntry<"path"> = {
  name: "external-directory",
  on: "path",
  gate: "external_directory",
  run: ({ tool, route, spelling }, ctx) => {
    if (!spelling.outsideCwd) return null;
    const external = family(ctx, "external_directory", route, spelling.values);
    if (readsOnly(tool) && !isTargetedDeny(external.decision) && infrastructureRead(ctx, spelling.canonical)) return null;
    return fromFamily(external, "external_directory");
  },
};

function infrastructureRead(ctx: GateContext, canonical: string): boolean {
  const { options, home } = ctx;
  return isInfrastructureRead(canonical, {
    cwd: options.cwd,
    home,
    platform: ctx.platform,
    agentDir: options.agentDir ?? (home === "" ? null : path.join(home, ".pi", "agent")),
    extraDirs: options.infrastructureDirs ?? [],
    configuredPaths: ctx.policy.knobs.piInfrastructureReadPaths,
  });
}

import { ACTION_RANK as RANK } from "../action.js";
import { isDirectory } from "../bash/paths/tree.js";
import type { PathRoute } from "../path-surfaces.js";
import { family, pathContext, type GateContext } from "./gate-context.js";
import type { GateEntry } from "./gate-entry.js";
import type { GateDecision } from "./gate-types.js";
import { decisionOf, fromFamily, mostRestrictive, underTree } from "./outcomes.js";
import { memoisedCanonicalPath, pathAliases } from "./path-aliases.js";
import { decidePathPattern } from "./path-patterns.js";
import { patternFamily } from "./pattern-family.js";
import { walkedBy } from "./walked-directory.js";

/**
 * What is under a directory a tool is handed, on the path rules (reported as
 * the path gate): a built-in file tool's walk, else an extension or MCP tool
 * that may read anything there. Decided once per path, on the file the tool
 * opens.
 */
export const directoryContentsGate: GateEntry<"path"> = {
  name: "directory-contents",
  on: "path",
  gate: "path",
  run: ({ tool, token, builtin, route, opened, first }, ctx) => {
    if (!first) return null;
    return builtin ? walkedEntries(ctx, tool, opened.canonical, token) : wholeDirectoryDenied(ctx, route, opened.canonical, token);
  },
};

/**
 * What a grep, find or ls tool reaches under its directory: each entry meets
 * the read path rules, and a deny there asks (as for a directory a bash
 * command walks: the person decides whether the walk may include it).
 */
function walkedEntries(ctx: GateContext, tool: string, canonical: string, token: string): GateDecision | null {
  const walked = walkedBy(tool, canonical);
  if (walked.kind === "none") return null;
  if (walked.kind === "too-many") {
    const under = [{ kind: "text", text: walked.dir === "/" ? "/" : walked.dir + "/" }, { kind: "any" }] as const;
    const found = patternFamily(ctx, "path", "read", [under], "unknown", true, token);
    return found === null ? null : fromFamily(underTree(true, found), "path");
  }
  // One realpath memo for the walk: the entries share their directories' prefixes.
  const context = pathContext(ctx, ctx.options.cwd, ctx.options.realpath ?? memoisedCanonicalPath());
  const checks = walked.entries
    .map((entry) => underTree(true, family(ctx, "path", "read", pathAliases(entry, context).values)))
    .filter((c) => c.decision.action !== "allow" && c.decision.matchedPattern !== null);
  const worst = mostRestrictive(checks.map((c) => fromFamily(c, "path")));
  return worst ?? null;
}

/**
 * An extension or MCP tool handed a directory (`repo_path: ~/.ssh`) may read
 * anything under it; what it does there is unknown. When every path under
 * the directory meets the same deny or ask rule, the directory is decided
 * by that rule; a directory that merely holds some denied file among
 * allowed ones (a project with a `.env`) stays as the reference decides it.
 */
function wholeDirectoryDenied(ctx: GateContext, route: PathRoute, canonical: string, token: string): GateDecision | null {
  if (!isDirectory(canonical)) return null;
  const under = [{ kind: "text", text: canonical === "/" ? "/" : `${canonical.replace(/\/+$/, "")}/` }, { kind: "any" }] as const;
  let worst: GateDecision | null = null;
  for (const direction of route === "both" ? (["read", "write"] as const) : [route]) {
    const surface = `path_${direction}`;
    const v = decidePathPattern(ctx.policy, surface, [under], "unknown", ctx.yolo, true);
    if (v === null || v.uncertain) continue;
    const d = { ...decisionOf(v.decision, "path", token), surface };
    if (worst === null || RANK[d.action] > RANK[worst.action]) worst = d;
  }
  return worst;
}

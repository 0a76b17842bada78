import { isInside } from "../paths/inside.js";
import path from "node:path";
import type { Decision } from "../decision.js";
import { expandHome } from "../expand-home.js";

export interface InfrastructureRoots {
  readonly cwd: string;
  readonly home: string;
  readonly platform: "posix" | "win32" | "darwin";
  /** Pi's agent directory; null when unknown (then nothing under it is bypassed). */
  readonly agentDir: string | null;
  /** The global `node_modules` root and Pi's install directory, when the host knows them. */
  readonly extraDirs: readonly string[];
  /** `piInfrastructureReadPaths` as configured. */
  readonly configuredPaths: readonly string[];
}

/** What Pi itself reads under its agent directory (reference 39.0.0); `auth.json`, `sessions/`, `mcp-oauth/`, … are not. */
const AGENT_DIRS = ["agents", "extensions", "git", "npm", "prompts", "skills", "themes"];
const AGENT_FILES = ["settings.json", "SYSTEM.md", "APPEND_SYSTEM.md", "AGENTS.md"];
/** The reference's own logs are never auto-allowed, whatever entry covers them. */
const NEVER = ["extensions", "pi-permission-system", "logs"];

/**
 * Pi's infrastructure read bypass, narrowed as in reference 39.0.0: an
 * outside-cwd read by `read`, `grep`, `find` or `ls` of one of these skips
 * the external_directory gate — unless a targeted deny covers it
 * (`isTargetedDeny`).
 *
 * Stricter than the reference (D-tool-infra-wildcards): a
 * `piInfrastructureReadPaths` entry with a wildcard is not honoured (the
 * runtime matches directories, not patterns), so such reads go through the
 * gate.
 */
export function isInfrastructureRead(canonical: string, roots: InfrastructureRoots): boolean {
  const p = roots.platform === "win32" ? path.win32 : path.posix;
  const fold = (s: string) => (roots.platform === "win32" ? s.toLowerCase() : s);
  const target = fold(canonical);
  const under = (dir: string) => isInside(fold(dir), target, p);
  const dirs = [p.join(roots.cwd, ".pi", "npm"), p.join(roots.cwd, ".pi", "git"), ...roots.extraDirs];
  for (const entry of roots.configuredPaths) {
    if (entry.includes("*") || entry.includes("?")) continue;
    dirs.push(p.resolve(roots.cwd, expandHome(entry, roots.home, roots.platform)));
  }
  if (roots.agentDir !== null) {
    const agent = p.resolve(roots.cwd, roots.agentDir);
    if (under(p.join(agent, ...NEVER))) return false;
    dirs.push(...AGENT_DIRS.map((d) => p.join(agent, d)));
    if (AGENT_FILES.some((f) => target === fold(p.join(agent, f)))) return true;
  }
  return dirs.some(under);
}

/**
 * A deny that outranks the bypass (reference 39.0.0): a config rule whose
 * pattern is neither absent (the universal fallback) nor `*` (a family
 * catch-all or an action string). A targeted `ask` does not outrank it.
 */
export function isTargetedDeny(d: Decision): boolean {
  return d.action === "deny" && d.matchedPattern !== null && d.matchedPattern !== "*";
}

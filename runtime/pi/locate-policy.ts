// Its declarations name Node's types: kept in the .d.ts so a consumer whose `types` is empty (TypeScript 6's default) finds them.
/// <reference types="node" preserve="true" />
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where the extension looks for the compiled policy, in order (docs/pi.md). */
export const PROJECT_POLICY = path.join(".pi", "permc", "policy.mjs");
export const AGENT_POLICY = path.join("permc", "policy.mjs");
export const REVIEW_LOG = path.join("permc", "review.jsonl");

export interface LocateOptions {
  readonly cwd: string;
  readonly agentDir: string;
  /** An explicit path (extension config); wins over everything but PERMC_POLICY. */
  readonly configured?: string;
  readonly env: NodeJS.ProcessEnv;
}

export interface LocatedPolicy {
  readonly path: string;
  /** `project` applies only in a trusted project (project-trust.ts); the others are the user's own choice. */
  readonly source: "env" | "config" | "project" | "agent";
}

/**
 * The module to load: `PERMC_POLICY`, then the configured path, then the
 * project's `.pi/permc/policy.mjs` when it exists, else the agent directory's
 * `permc/policy.mjs` (which may be missing: then every call is denied).
 */
export function locatePolicy(o: LocateOptions): LocatedPolicy {
  const fromEnv = o.env.PERMC_POLICY?.trim();
  if (fromEnv) return { path: path.resolve(o.cwd, expandTilde(fromEnv)), source: "env" };
  if (o.configured) return { path: path.resolve(o.cwd, expandTilde(o.configured)), source: "config" };
  const project = path.join(o.cwd, PROJECT_POLICY);
  if (existsSync(project)) return { path: project, source: "project" };
  return { path: userLevelPolicy(o.agentDir), source: "agent" };
}

/** The user-level module in Pi's agent directory. */
export function userLevelPolicy(agentDir: string): string {
  return path.join(agentDir, AGENT_POLICY);
}

/** Pi's agent directory: `PI_CODING_AGENT_DIR`, else `~/.pi/agent` (as Pi's own getAgentDir). */
export function defaultAgentDir(env: NodeJS.ProcessEnv): string {
  const fromEnv = env.PI_CODING_AGENT_DIR?.trim();
  return fromEnv ? path.resolve(expandTilde(fromEnv)) : path.join(os.homedir(), ".pi", "agent");
}

function expandTilde(p: string): string {
  if (p === "~") return os.homedir();
  return p.startsWith("~/") ? path.join(os.homedir(), p.slice(2)) : p;
}

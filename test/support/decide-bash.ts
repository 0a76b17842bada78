/**
 * One bash command decided the way a host decides it: a Pi config compiled
 * and loaded through the public pipeline, then `createGate(…).decide` on a
 * `bash` call. What the bash tests that judge whole commands under a small
 * policy share. Each config is compiled once per test file and home.
 */
import { createGate, type GateDecision, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "./compile-and-load.js";
import { perFile } from "./per-file.js";

/** Where the command runs: the agent's working directory and the home the policy was compiled for. */
export interface BashPlace {
  readonly cwd: string;
  readonly home: string;
}

/** The policy a Pi `permission` object compiles to for `home`; a config that does not compile throws with its diagnostics. */
export function bashPolicy(permission: object, home: string): Promise<Policy> {
  const compiled = perFile("decide-bash policies", () => new Map<string, Promise<Policy>>());
  // Key order is rule order in a Pi config, and JSON.stringify keeps it.
  const key = JSON.stringify([permission, home]);
  let policy = compiled.get(key);
  if (policy === undefined) {
    policy = compileAndLoad([piJson(permission)], { home }).then((c) => {
      if (c.policy === null) throw new Error(`the test's config does not compile: ${c.diagnostics.map((d) => d.message).join("; ")}`);
      return c.policy;
    });
    compiled.set(key, policy);
  }
  return policy;
}

/** The gate's decision on `command` as a `bash` tool call under the Pi `permission` object. */
export async function decideBash(permission: object, command: string, at: BashPlace): Promise<GateDecision> {
  return createGate(await bashPolicy(permission, at.home), { cwd: at.cwd, home: at.home }).decide({ tool: "bash", input: { command } });
}

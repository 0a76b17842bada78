import { createGate, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "./compile-and-load.js";
import { perFile } from "./per-file.js";

/**
 * The action a bash command gets in `cwd` under everything allowed but one
 * path rule, `*.env` (ask or deny): the policy the walk and path tests
 * decide against, compiled once per test file.
 */
export async function underEnvRule(cwd: string, command: string, envAction: "ask" | "deny" = "ask", home = "/home/t"): Promise<string> {
  const policies = perFile("env-rule policies", () => new Map<string, Promise<Policy | null>>());
  const key = `${envAction} ${home}`;
  let policy = policies.get(key);
  if (policy === undefined) {
    policy = compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "*.env": envAction } })], { home }).then((c) => c.policy);
    policies.set(key, policy);
  }
  const loaded = await policy;
  if (loaded === null) throw new Error("the *.env policy did not compile");
  return (await createGate(loaded, { cwd, home }).decide({ tool: "bash", input: { command } })).action;
}

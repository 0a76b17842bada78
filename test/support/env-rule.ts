import { createGate, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "./compile-and-load.js";
import { perFile } from "./per-file.js";

/**
 * The action a bash command gets in `cwd` under everything allowed but the
 * given path rules (`{ "*.env": "ask" }`): the policy the walk and path tests
 * decide against, compiled once per test file and rule set.
 */
export async function underPathRules(rules: Readonly<Record<string, string>>, cwd: string, command: string, home = "/home/t"): Promise<string> {
  const policies = perFile("path-rule policies", () => new Map<string, Promise<Policy | null>>());
  const key = `${home} ${JSON.stringify(rules)}`;
  let policy = policies.get(key);
  if (policy === undefined) {
    policy = compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", ...rules } })], { home }).then((c) => c.policy);
    policies.set(key, policy);
  }
  const loaded = await policy;
  if (loaded === null) throw new Error(`the policy of ${key} did not compile`);
  return (await createGate(loaded, { cwd, home }).decide({ tool: "bash", input: { command } })).action;
}

/** The same under one rule, `*.env` (ask or deny). */
export function underEnvRule(cwd: string, command: string, envAction: "ask" | "deny" = "ask"): Promise<string> {
  return underPathRules({ "*.env": envAction }, cwd, command);
}

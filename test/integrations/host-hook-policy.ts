/** The policy the Codex and Gemini CLI hook contract tests decide under (pi-json permission), and their shared set-up. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect } from "vitest";
import type { Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { tempDir } from "../support/temp-dir.js";

export const HOST_HOOK_HOME = "/home/tester";

export const HOST_HOOK_PERMISSION = {
  "*": "ask",
  bash: { "*": "ask", "git status": "allow", "ls *": "allow", "rm *": "deny", "git push *": "deny" },
  read: { "*": "allow", "*.env": "deny" },
  write: { "*": "ask", "src/*": "allow", "*.env": "deny" },
  edit: { "*": "ask", "src/*": "allow", "*.env": "deny" },
  find: "allow",
  grep: "allow",
  ls: "allow",
  external_directory: { "*": "ask", "/etc": "deny", "/etc/*": "deny" },
  web_fetch: "allow",
  google_web_search: "deny",
  mcp: { "*": "ask", "github:get_issue": "allow", "github:delete_repo": "deny" },
};

/** A project folder (with `src/`) and the policy compiled and loaded before the file's tests run (beforeAll). */
export interface HostHookFixture {
  readonly project: string;
  readonly policy: () => Policy;
  readonly modulePath: () => string;
}

/** Call at a test file's top level: registers the beforeAll that compiles HOST_HOOK_PERMISSION. */
export function hostHookFixture(prefix: string): HostHookFixture {
  const project = tempDir(prefix);
  mkdirSync(path.join(project, "src"));
  let loaded: { policy: Policy; modulePath: string } | undefined;
  beforeAll(async () => {
    const c = await compileAndLoad([piJson(HOST_HOOK_PERMISSION)], { home: HOST_HOOK_HOME });
    expect(c.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    loaded = { policy: c.policy as Policy, modulePath: c.modulePath as string };
  });
  const get = () => {
    if (loaded === undefined) throw new Error("the host hook policy is loaded in beforeAll");
    return loaded;
  };
  return { project, policy: () => get().policy, modulePath: () => get().modulePath };
}

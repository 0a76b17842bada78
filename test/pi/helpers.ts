import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compile } from "../../compiler/pipeline.js";
import { tempDir } from "../support/temp-dir.js";

/** The policy every extension test runs under. */
export const PERMISSION = {
  "*": "ask",
  bash: { "*": "ask", "echo *": "allow", "touch *": "allow", "rm *": "deny", "git push --force*": "deny" },
  read: { "*": "allow", "*.env": "deny" },
};

export function compileModule(permission: unknown, home: string, extra: Record<string, unknown> = {}): string {
  const result = compile({
    inputs: [{ file: "global.json", text: JSON.stringify({ ...extra, permission }), scope: "global", kind: "pi-json" }],
    target: { home, platform: "posix" },
    command: "permc compile (test)",
  });
  if (result.moduleText === null) throw new Error(`test policy does not compile: ${JSON.stringify(result.diagnostics)}`);
  return result.moduleText;
}

/** Atomic replace (temp file + rename), as `permc compile` writes. */
export function writeModule(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/**
 * A fresh project directory and an empty Pi agent directory (so no user
 * extensions load). `modulePath` is the user-level module
 * (`<agentDir>/permc/policy.mjs`); `projectModulePath` the one inside the
 * project, which applies only when Pi reports the project trusted.
 */
export function sandbox(): { root: string; cwd: string; agentDir: string; modulePath: string; projectModulePath: string } {
  const root = tempDir("pi");
  const cwd = path.join(root, "proj");
  const agentDir = path.join(root, "agent");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(agentDir, { recursive: true });
  return { root, cwd, agentDir, modulePath: path.join(agentDir, "permc", "policy.mjs"), projectModulePath: path.join(cwd, ".pi", "permc", "policy.mjs") };
}

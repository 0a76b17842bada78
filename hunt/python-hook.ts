/**
 * The discovery's Python hook (python-environ-log.py) installed in a sandbox
 * working directory: the variables discovery (env-reads.ts) logs a Python
 * program's reads of os.environ with it, and the uses probe (env-uses.ts)
 * finds with it a variable whose value the program imports as a module.
 */
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SANDBOX_DIR } from "./discovery-sandbox.js";
import { repoRoot } from "./fixture.js";

const HOOK_DIR = "python-hook";

/** The module name the uses probe hands a variable; the hook logs an import of it. */
export const PROBE_MODULE = "permc_probe_module";

/** The assignment (for /usr/bin/env) that loads the hook installed in the sandbox. */
export const PYTHON_HOOK: string = `PYTHONPATH=${SANDBOX_DIR}/${HOOK_DIR}`;

/** Copies the hook into `work`, the directory the sandbox binds at SANDBOX_DIR. */
export function installPythonHook(work: string): void {
  mkdirSync(path.join(work, HOOK_DIR));
  copyFileSync(path.join(repoRoot(), "hunt", "python-environ-log.py"), path.join(work, HOOK_DIR, "sitecustomize.py"));
}

/** The lines the hook and the getenv shim logged in `work`: variable names, `python:started`, `import:NAME`. */
export function hookLog(work: string): string[] {
  try {
    return readFileSync(path.join(work, "getenv.log"), "utf8").split("\n");
  } catch {
    return []; // Logged nothing (or never started).
  }
}

/**
 * The discovery's Python hook (hunt/python-environ-log.py, installed by
 * hunt/python-hook.ts): it logs reads of os.environ no text shows, that
 * Python started, and an import of the probe's module name.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hookLog, installPythonHook, PROBE_MODULE } from "../../hunt/python-hook.js";

/** Runs `code` in python3 with the hook installed in a scratch directory: the hook's log. */
function logOf(code: string, env: Record<string, string> = {}): string[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), "permc-python-hook-"));
  try {
    installPythonHook(dir);
    const r = spawnSync("python3", ["-c", code], { encoding: "utf8", env: { PATH: process.env.PATH, PYTHONPATH: path.join(dir, "python-hook"), ...env } });
    expect(r.status, r.stderr).toBe(0);
    return hookLog(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the Python hook", () => {
  it("logs a read whose name no text shows, however it is spelt", () => {
    const code = 'import os\nname = "PERMC" + "_COMPUTED"\nos.environ.get(name)\nos.getenv("PERMC_GETENV")\n"PERMC_IN" in os.environ';
    expect(logOf(code)).toEqual(expect.arrayContaining(["python:started", "PERMC_COMPUTED", "PERMC_GETENV", "PERMC_IN"]));
  });

  it("logs an import of the probe's module name, and no other import", () => {
    const code = 'import importlib, os, json\ntry:\n  importlib.import_module(os.environ["PLUGIN"])\nexcept ImportError:\n  pass';
    const log = logOf(code, { PLUGIN: PROBE_MODULE });
    expect(log).toContain(`import:${PROBE_MODULE}`);
    expect(log.filter((l) => l.startsWith("import:"))).toEqual([`import:${PROBE_MODULE}`]);
  });
});

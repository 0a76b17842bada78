/**
 * The module writer: the temp file is flushed before it is renamed over the
 * output (a crash never leaves an empty module), and temp files a killed
 * permc left beside the output are removed on the next write, those of live
 * processes and other names kept.
 */
import fs, { readdirSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeAtomically } from "../../cli/atomic-write.js";
import { tempDir } from "../support/temp-dir.js";

const dir = tempDir("atomic-write");

/** Records fs calls in order while `run` runs (named imports see the patch through syncBuiltinESMExports). */
function recordingFs(run: () => void): string[] {
  const calls: string[] = [];
  const { fsyncSync, renameSync } = fs;
  fs.fsyncSync = (fd) => {
    calls.push("fsync");
    fsyncSync(fd);
  };
  fs.renameSync = (from, to) => {
    calls.push(`rename ${path.basename(String(from)).replace(/\d+/g, "N")}`);
    renameSync(from, to);
  };
  syncBuiltinESMExports();
  try {
    run();
  } finally {
    fs.fsyncSync = fsyncSync;
    fs.renameSync = renameSync;
    syncBuiltinESMExports();
  }
  return calls;
}

describe("writeAtomically", () => {
  it("flushes the temp file to disk before renaming it over the output", () => {
    const out = path.join(dir, "flushed.mjs");
    const calls = recordingFs(() => writeAtomically(out, "export const X = 1;\n"));
    expect(calls.slice(0, 2)).toEqual(["fsync", "rename .flushed.mjs.N.N.tmp"]);
    expect(fs.readFileSync(out, "utf8")).toBe("export const X = 1;\n");
  });

  it("removes the temp files of processes that are gone, keeps those of live ones and any other file", () => {
    const folder = tempDir("stale");
    const out = path.join(folder, "policy.mjs");
    // No process has a pid above the kernel's limit (2^22): this writer is gone.
    const stale = `.policy.mjs.${2 ** 30}.1700000000000.tmp`;
    const live = `.policy.mjs.${process.ppid}.1700000000000.tmp`;
    const others = [".other.mjs.99999999.1.tmp", "policy.mjs.bak", ".policy.mjs.x.1.tmp"];
    for (const name of [stale, live, ...others]) writeFileSync(path.join(folder, name), "half a module");
    writeAtomically(out, "whole\n");
    expect(readdirSync(folder).sort()).toEqual([live, ...others, "policy.mjs"].sort());
  });
});

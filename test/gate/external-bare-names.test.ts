/**
 * A bare word that names a symlink, or a file under a directory reached
 * through one, is a path outside the working directory: with only an
 * external_directory rule in the policy (no path rule), the gate still
 * probes bare words, so `cat link` and `cd olink && cat x` ask.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { tempDir } from "../support/temp-dir.js";

let policy: Policy;
let root: string;
let cwd: string;
beforeAll(async () => {
  root = tempDir("external-bare-names");
  cwd = path.join(root, "proj");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(path.join(root, "other"));
  writeFileSync(path.join(root, "other", "x"), "x\n");
  writeFileSync(path.join(cwd, "README"), "r\n");
  symlinkSync(path.join(root, "other"), path.join(cwd, "olink"));
  symlinkSync(path.join(root, "other", "x"), path.join(cwd, "xlink"));
  policy = (await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow" }, external_directory: "ask" })], { home: path.join(root, "home") })).policy!;
});

describe("external_directory alone: bare words are probed", () => {
  it.each([
    ["cat xlink", "ask"],
    ["cd olink && cat x", "ask"],
    ["cat README", "allow"],
    ["ls", "allow"],
    ["cd .. && ls", "ask"],
  ])("%s → %s", async (command, action) => {
    const d = await createGate(policy, { cwd, home: path.join(root, "home") }).decide({ tool: "bash", input: { command } });
    expect(d.action).toBe(action);
  });
});

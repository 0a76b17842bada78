/**
 * What the kernel layer costs a command: `permc run -- true` (a node start,
 * the module load, the profile, bubblewrap) and a host's own path (profile
 * built once, `bwrap … -- true` spawned per command) against a bare `true`,
 * measured side by side in one run (bench/interleaved.ts), reported as
 * ratios. Skipped with a line saying why where bubblewrap cannot run.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compile } from "../compiler/pipeline.js";
import { loadPolicy } from "../runtime/index.js";
import { locateBwrap, sandboxedArgv, sandboxProfile, sandboxWrappedCommand } from "../runtime/sandbox/index.js";
import { interleavedMedians, nsOf, type InterleavedOptions } from "./interleaved.js";

export async function benchSandbox(report: (name: string, value: string) => void, work: string, root: string, options: InterleavedOptions): Promise<void> {
  const bwrap = locateBwrap();
  if ("error" in bwrap) {
    report("permc run -- true vs true", `skipped: ${bwrap.error}`);
    return;
  }
  const home = path.join(work, "sandbox-home");
  const proj = path.join(work, "sandbox-proj");
  // A temp dir of the bench's own: `permc run` makes its temp-dir placeholders there (node's compile cache, jiti's).
  const tmpDir = path.join(work, "sandbox-tmp");
  const env = { ...process.env, TMPDIR: tmpDir };
  for (const d of [path.join(home, ".ssh"), proj, tmpDir]) mkdirSync(d, { recursive: true });
  writeFileSync(path.join(proj, ".env"), "SECRET=1\n");
  const text = JSON.stringify({ permission: { "*": "allow", path: { "*": "allow", "*.env": "deny", "~/.ssh/*": "deny" } } });
  const result = compile({ inputs: [{ file: "sandbox.json", text, scope: "global", kind: "pi-json" }], target: { home, platform: "posix" }, command: "bench" });
  if (result.moduleText === null) throw new Error("sandbox bench policy did not compile");
  const module = path.join(work, "sandbox.mjs");
  writeFileSync(module, result.moduleText);
  const profile = sandboxProfile(await loadPolicy(module, { home }), { cwd: proj, home, tmpDir });
  const wrapped = sandboxedArgv(profile, ["true"], bwrap.path);
  const cli = path.join(root, "dist", "bin", "permc.js");
  // What a host runs for an allowed `git status` with the layer on (the hook's updatedInput, the plugin's args).
  spawnSync("git", ["init", "-q"], { cwd: proj });
  const layered = sandboxWrappedCommand("git status", { permc: [process.execPath, cli], policy: module, home, cwd: proj });
  const medians = await interleavedMedians(
    [
      ["true", () => spawnSync("true")],
      ["bwrap", () => spawnSync(wrapped[0] as string, wrapped.slice(1))],
      ["permc run", () => spawnSync(process.execPath, [cli, "run", "--policy", module, "--home", home, "--cwd", proj, "--", "true"], { env })],
      ["git status", () => spawnSync("bash", ["-c", "git status"], { cwd: proj })],
      ["git status, layered", () => spawnSync("bash", ["-c", layered], { cwd: proj, env })],
    ],
    options,
  );
  const bare = nsOf(medians, "true");
  const ms = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;
  report(
    "permc run -- true vs true (a process per command)",
    `${ms(nsOf(medians, "permc run"))} vs ${ms(bare)} (${(nsOf(medians, "permc run") / bare).toFixed(1)}×)`,
  );
  report("  a host's bwrap … -- true (profile built once) vs true", `${ms(nsOf(medians, "bwrap"))} (${(nsOf(medians, "bwrap") / bare).toFixed(1)}×)`);
  const git = nsOf(medians, "git status");
  report(
    "an allowed `git status` as a host runs it, with the layer vs without",
    `${ms(nsOf(medians, "git status, layered"))} vs ${ms(git)} (${(nsOf(medians, "git status, layered") / git).toFixed(1)}×)`,
  );
}

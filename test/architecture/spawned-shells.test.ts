/**
 * The bash a test spawns runs no start-up file of the machine's. bash runs
 * ~/.bashrc when its standard input is a socket (node's stdio pipes are
 * socket pairs) and it counts itself the first shell; the suite's SHLVL
 * (vitest.config.ts) tells it it is not. Without it, a suite launched from
 * a background job (SHLVL 0) ran the developer's ~/.bashrc in every oracle
 * bash: 250 ms each with a pyenv set-up there.
 */
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { tempDir } from "../support/temp-dir.js";

it("a bash spawned with the suite's environment and a socket for stdin runs no ~/.bashrc", () => {
  const home = tempDir("shell-home");
  const marker = path.join(home, "ran");
  writeFileSync(path.join(home, ".bashrc"), `: > '${marker}'\n`);
  // Piped stdio (the default) is a socket pair: the case bash takes for a shell sshd started.
  const run = spawnSync("bash", ["-c", "true"], { env: { ...process.env, HOME: home }, stdio: "pipe" });
  expect(run.status).toBe(0);
  expect(existsSync(marker)).toBe(false);
  // The premise: the same bash, counting itself the first shell, does run it.
  spawnSync("bash", ["-c", "true"], { env: { ...process.env, HOME: home, SHLVL: "0" }, stdio: "pipe" });
  expect(existsSync(marker)).toBe(true);
});

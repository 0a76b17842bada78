/**
 * A `cd` into a directory this process may not search fails, and the shell
 * stays (a seventh review, 2026-12-07): `cd locked; cat ../.ssh/id_rsa`, run
 * by an agent that is not root, read the key from the project's parent.
 *
 * Root enters any directory through its capabilities: as root, bash and the
 * decision (`permc eval`) both run without any (`setpriv`), where a
 * directory of mode 000 refuses them as it refuses its owner. Not another
 * user: a checkout under a private temp dir is not theirs to read.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../support/cli.js";
import { tempDir } from "../../support/temp-dir.js";

const PERMISSION = {
  "*": "allow",
  bash: { "*": "allow" },
  path: { "*": "allow", "~/.ssh/*": "deny", "~/.bashrc": "deny" },
  external_directory: { "*": "allow" },
};

describe("a directory this process may not enter", () => {
  const withoutCapabilities = process.getuid?.() === 0 ? ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--"] : [];
  const run = (argv: readonly string[], input?: string) =>
    spawnSync(withoutCapabilities[0] ?? (argv[0] as string), [...withoutCapabilities.slice(1), ...(withoutCapabilities.length > 0 ? argv : argv.slice(1))], {
      cwd,
      env: { PATH: "/usr/bin:/bin", HOME: home },
      encoding: "utf8",
      input,
    });
  const root = tempDir("cd-locked");
  const home = path.join(root, "home");
  const cwd = path.join(home, "proj");
  const locked = path.join(cwd, "locked");
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  mkdirSync(locked, { recursive: true });
  writeFileSync(path.join(home, ".ssh", "id_rsa"), "SECRET-KEY\n");
  writeFileSync(path.join(home, ".bashrc"), "");
  chmodSync(locked, 0o000);
  // Open again, for the temp folder's removal.
  afterAll(() => chmodSync(locked, 0o755));
  const policy = path.join(root, "policy.mjs");
  writeFileSync(path.join(root, "policy.json"), JSON.stringify({ permission: PERMISSION }));
  const bin = path.join(ROOT, "dist", "bin", "permc.js");
  const compiled = spawnSync(process.execPath, [bin, "compile", path.join(root, "policy.json"), "-o", policy, "--home", home], { encoding: "utf8" });

  const bash = (command: string): string => {
    const r = run(["/bin/bash", "-c", command]);
    return r.stdout + r.stderr;
  };
  const decide = (command: string): string => {
    const r = run(
      [process.execPath, bin, "eval", "--policy", policy, "--cwd", cwd, "--home", home],
      `${JSON.stringify({ tool: "bash", input: { command } })}\n`,
    );
    return (JSON.parse(r.stdout.trim().split("\n")[0] || "{}") as { action?: string }).action ?? `no answer: ${r.stderr}`;
  };

  it.each(["cd locked; cat ../.ssh/id_rsa", "pushd locked; cat ../.ssh/id_rsa"])("%s is not allowed (the key is read)", (command) => {
    expect(compiled.status, compiled.stderr).toBe(0);
    expect(bash(command), "the premise: bash prints the key").toContain("SECRET-KEY");
    expect(decide(command)).not.toBe("allow");
  });

  it("a write lands where the shell stayed: cd locked; echo x >> ../.bashrc", () => {
    const command = "cd locked; echo pwned >> ../.bashrc";
    const action = decide(command);
    bash(command);
    expect(readFileSync(path.join(home, ".bashrc"), "utf8"), "the premise").toBe("pwned\n");
    expect(action).not.toBe("allow");
  });

  it("a directory it may enter is followed: cd sub; cat ../x", () => {
    mkdirSync(path.join(cwd, "sub"), { recursive: true });
    writeFileSync(path.join(cwd, "x"), "x\n");
    expect(decide("cd sub; cat ../x")).toBe("allow");
  });
});

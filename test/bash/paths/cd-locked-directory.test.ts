/**
 * A `cd` into a directory this process may not search fails, and the shell
 * stays (a seventh review, 2026-12-07): `cd locked; cat ../.ssh/id_rsa`, run
 * by an agent that is not root, read the key from the project's parent.
 *
 * The premise runs in real bash as another user (root enters any
 * directory). The decision runs here, where the process may not search the
 * directory either: this file's `accessSync` refuses it, as the kernel does
 * for that user (a checkout of permc need not be readable by another user,
 * so the decision cannot run as one).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  // Search permission on a directory named `locked`: refused, as for a user who may not enter it.
  const accessSync = (p: import("node:fs").PathLike, mode?: number): void => {
    if (String(p).endsWith("/locked") && mode !== undefined && (mode & fs.constants.X_OK) !== 0)
      throw Object.assign(new Error(`EACCES: ${String(p)}`), { code: "EACCES" });
    fs.accessSync(p, mode);
  };
  return { ...fs, accessSync, default: { ...fs, accessSync } };
});

const PERMISSION = {
  "*": "allow",
  bash: { "*": "allow" },
  path: { "*": "allow", "~/.ssh/*": "deny", "~/.bashrc": "deny" },
  external_directory: { "*": "allow" },
};

describe("a directory this process may not enter", () => {
  // Root enters any directory: bash runs as another user, as an agent does.
  const asUser = process.getuid?.() === 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] : [];
  const root = tempDir("cd-locked");
  const home = path.join(root, "home");
  const cwd = path.join(home, "proj");
  const locked = path.join(cwd, "locked");
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  mkdirSync(locked, { recursive: true });
  writeFileSync(path.join(home, ".ssh", "id_rsa"), "SECRET-KEY\n");
  writeFileSync(path.join(home, ".bashrc"), "");
  for (const d of [root, home, cwd, path.join(home, ".ssh")]) chmodSync(d, 0o755);
  chmodSync(path.join(home, ".bashrc"), 0o666);
  chmodSync(locked, 0o000);
  // Its owner may not list it either: open again, for the temp folder's removal.
  afterAll(() => chmodSync(locked, 0o755));

  const bash = (command: string): string => {
    const r = spawnSync(asUser[0] ?? "/bin/bash", [...asUser.slice(1), ...(asUser.length > 0 ? ["/bin/bash"] : []), "-c", command], {
      cwd,
      env: { PATH: "/usr/bin:/bin", HOME: home },
      encoding: "utf8",
    });
    return r.stdout + r.stderr;
  };
  const decide = async (command: string): Promise<string> => (await decideBash(PERMISSION, command, { cwd, home })).action;

  it.each(["cd locked; cat ../.ssh/id_rsa", "pushd locked; cat ../.ssh/id_rsa"])("%s is not allowed (the key is read)", async (command) => {
    expect(bash(command), "the premise: bash prints the key").toContain("SECRET-KEY");
    expect(await decide(command)).not.toBe("allow");
  });

  it("a write lands where the shell stayed: cd locked; echo x >> ../.bashrc", async () => {
    const command = "cd locked; echo pwned >> ../.bashrc";
    const action = await decide(command);
    bash(command);
    expect(readFileSync(path.join(home, ".bashrc"), "utf8"), "the premise").toBe("pwned\n");
    expect(action).not.toBe("allow");
  });

  it("a directory it may enter is followed: cd sub; cat ../x", async () => {
    mkdirSync(path.join(cwd, "sub"), { recursive: true });
    writeFileSync(path.join(cwd, "x"), "x\n");
    expect(await decide("cd sub; cat ../x")).toBe("allow");
  });
});

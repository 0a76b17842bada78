import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { decideBash } from "./decide-bash.js";
import { tempDir } from "./temp-dir.js";

/**
 * A home holding a key, with the project inside it (`home/.ssh/id_rsa` holds
 * SECRET-KEY, `home/proj` is the working directory), as the bash hunts' tests
 * need it: real bash runs each attack there as the oracle, and permc decides
 * it there under `permission`.
 */
export interface KeyHome {
  readonly root: string;
  readonly home: string;
  readonly cwd: string;
  /** What real bash prints running `command` in the project (PATH /usr/bin:/bin, HOME the home). */
  output(command: string): string;
  /** The action permc gives `command` in the project. */
  decide(command: string): Promise<string>;
  /** Real bash prints the key, and permc does not allow the command. */
  readsTheKey(command: string): Promise<void>;
  /** Real bash makes `file` (relative to the home, not there before), and permc does not allow the command. */
  makes(file: string, command: string): Promise<void>;
}

/** Make the layout under a new temp folder (removed after the test file). */
export function keyHome(prefix: string, permission: object): KeyHome {
  const root = tempDir(prefix);
  const home = path.join(root, "home");
  const cwd = path.join(home, "proj");
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(path.join(home, ".ssh", "id_rsa"), "SECRET-KEY\n");
  const output = (command: string): string => {
    const r = spawnSync("/bin/bash", ["-c", command], { cwd, env: { PATH: "/usr/bin:/bin", HOME: home }, encoding: "utf8", timeout: 10_000 });
    return r.stdout + r.stderr;
  };
  const decide = async (command: string): Promise<string> => (await decideBash(permission, command, { cwd, home })).action;
  return {
    root,
    home,
    cwd,
    output,
    decide,
    async readsTheKey(command) {
      expect(output(command), "the premise: bash prints the key").toContain("SECRET-KEY");
      expect(await decide(command)).not.toBe("allow");
    },
    async makes(file, command) {
      output(command);
      expect(existsSync(path.join(home, file)), `the premise: bash makes ~/${file}`).toBe(true);
      expect(await decide(command)).not.toBe("allow");
    },
  };
}

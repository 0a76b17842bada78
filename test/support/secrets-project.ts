import { spawnSync } from "node:child_process";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { underPathRules } from "./env-rule.js";
import { tempDir } from "./temp-dir.js";

/** The path rules the real-program oracle tests decide under: the project's `.env`, `/etc`, the home's ssh keys. */
export const SECRET_RULES = { "*.env": "deny", "/etc/*": "deny", "~/.ssh/*": "deny" } as const;

/**
 * A project beside its home, as the real-program oracle tests need it:
 * `proj/.env` and `home/.ssh/id_rsa` hold secrets, and the project reaches
 * them through links with harmless names (`envlink.txt` → `.env`,
 * `sshlink` → the ssh folder, and with `etcLink` `etclink` → `/etc`: left
 * out where a real walker would follow it through all of `/etc`);
 * `proj/src/` exists, and `files` adds more (a name relative to the
 * project → its text).
 */
export interface SecretsProject {
  readonly cwd: string;
  readonly home: string;
  /** The action permc gives `command` there under SECRET_RULES. */
  decide(command: string): Promise<string>;
  /** What the real command prints on standard output, run there by bash with HOME set to the project's home. */
  run(command: string): string;
}

/** Make the project under a new temp folder (removed after the test file); call it in `beforeAll`. */
export function secretsProject(
  prefix: string,
  options: { readonly files?: Readonly<Record<string, string>>; readonly etcLink?: boolean } = {},
): SecretsProject {
  const top = realpathSync(tempDir(prefix));
  const cwd = path.join(top, "proj");
  const home = path.join(top, "home");
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  writeFileSync(path.join(home, ".ssh", "id_rsa"), "KEY-ID-RSA\n");
  mkdirSync(path.join(cwd, "src"), { recursive: true });
  writeFileSync(path.join(cwd, ".env"), "SECRET=1\n");
  for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(path.join(cwd, name), text);
  symlinkSync(path.join(home, ".ssh"), path.join(cwd, "sshlink"));
  symlinkSync(".env", path.join(cwd, "envlink.txt"));
  if (options.etcLink === true) symlinkSync("/etc", path.join(cwd, "etclink"));
  return {
    cwd,
    home,
    decide: (command) => underPathRules(SECRET_RULES, cwd, command, home),
    run: (command) => spawnSync("bash", ["-c", command], { cwd, env: { ...process.env, HOME: home }, encoding: "utf8", timeout: 20_000 }).stdout ?? "",
  };
}

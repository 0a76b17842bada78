/**
 * Issue 35, prompt economy kept sound: commands that never read a file's
 * content are not asked about the files they only name. `echo`'s operands
 * are text (only the redirect's target is written); a glob ending in `/`
 * names directories only, as bash expands it; `find` without an action that runs, writes or
 * deletes, and `tree` without `-o`/`-R`/`--fromfile` list names, so the tree
 * they walk is not read (unless they follow the links they meet). Real bash and the real programs are the
 * oracle: none of these prints the secret, and each variant that does
 * (`-exec cat`, `-fprint`, a redirect) stays decided as before.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { underPathRules } from "../../support/env-rule.js";
import { tempDir } from "../../support/temp-dir.js";

const RULES = { "*.env": "deny", "/etc/*": "deny", "~/.ssh/*": "deny" } as const;
let cwd: string;
let home: string;

beforeAll(() => {
  const top = realpathSync(tempDir("names-only"));
  cwd = path.join(top, "proj");
  home = path.join(top, "home");
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  writeFileSync(path.join(home, ".ssh", "id_rsa"), "KEY-ID-RSA\n");
  mkdirSync(path.join(cwd, "src"), { recursive: true });
  writeFileSync(path.join(cwd, ".env"), "SECRET=1\n");
  writeFileSync(path.join(cwd, "README.md"), "r\n");
  writeFileSync(path.join(cwd, ".gitignore"), "node_modules\n");
  symlinkSync(path.join(home, ".ssh"), path.join(cwd, "sshlink"));
  symlinkSync(".env", path.join(cwd, "envlink.txt"));
  symlinkSync("/etc", path.join(cwd, "etclink"));
});

const decide = (command: string): Promise<string> => underPathRules(RULES, cwd, command, home);
const installed = (program: string): boolean => spawnSync("sh", ["-c", `command -v ${program}`]).status === 0;
const run = (command: string): string =>
  spawnSync("bash", ["-c", command], { cwd, env: { ...process.env, HOME: home }, encoding: "utf8", timeout: 20_000 }).stdout ?? "";

describe("names only", () => {
  it.each([
    ["echo '.env' >> .gitignore", "cat .gitignore"],
    ["ls -d */", "ls -d */"],
    ["find . -type f -name '*.md' -not -path './node_modules/*'", "find . -type f -name '*.md' -not -path './node_modules/*'"],
    ["tree -a -L 2", "tree -a -L 2"],
  ])("%s is allowed: what it prints holds no secret", async (command, oracle) => {
    if (oracle.startsWith("cat")) run(command);
    if (!oracle.startsWith("tree") || installed("tree")) {
      const out = run(oracle);
      expect(out).not.toContain("SECRET=1");
      expect(out).not.toContain("KEY-ID-RSA");
    }
    expect(await decide(command)).toBe("allow");
  });

  it("`*/` names directories, as bash expands it (not envlink.txt, a link to .env)", () => {
    expect(run("printf '%s\\n' */").split("\n")).not.toContain("envlink.txt");
  });

  it.each([
    // Content read, written or deleted: decided as before.
    ["find . -name '*.env' -exec cat {} +", "deny"],
    ["find . -fprint out.txt", "ask"],
    ["find . -delete", "ask"],
    ["tree -a -R -H . -o out.html", "ask"],
    ["ls > .env", "deny"],
    ["echo hi > .env", "deny"],
    ["echo $(cat .env)", "deny"],
    // Printed where the text may become a path: still a token.
    ["echo .env | xargs cat", "deny"],
    ["grep --file=$(echo .env) notes.txt", "deny"],
    ["cat */x", "deny"],
    ["ls -d *", "deny"],
  ])("%s: %s", async (command, expected) => {
    expect(await decide(command)).toBe(expected);
  });
});

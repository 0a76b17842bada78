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
import { beforeAll, describe, expect, it } from "vitest";
import { installed } from "../secret-oracle.js";
import { secretsProject, type SecretsProject } from "../../support/secrets-project.js";

let project: SecretsProject;
beforeAll(() => {
  project = secretsProject("names-only", { files: { "README.md": "r\n", ".gitignore": "node_modules\n" }, etcLink: true });
});
const decide = (command: string): Promise<string> => project.decide(command);
const run = (command: string): string => project.run(command);

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

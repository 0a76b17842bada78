/**
 * The directory a node other than a command is reached in (paths/collect.ts
 * baseAt): a redirect, a declaration or an `unset` after a `cd` works where
 * the `cd` went, and so does the source permc finds inside them. It used to
 * be the directory the whole command started in, so `cd ~/.ssh && unset
 * 'a[$(cat id_rsa)]'` read a harmless `proj/id_rsa`. Real bash is the oracle:
 * each command prints the key.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decideBash } from "../../support/decide-bash.js";
import { tempDir } from "../../support/temp-dir.js";

const top = tempDir("node-bases");
const home = path.join(top, "home");
const cwd = path.join(top, "proj");
mkdirSync(path.join(home, ".ssh"), { recursive: true });
mkdirSync(cwd, { recursive: true });
writeFileSync(path.join(home, ".ssh", "id_rsa"), "KEYDATA\n");

const POLICY = { "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "~/.ssh/*": "deny" } };

describe("a node after a cd is reached where the cd went", () => {
  it.each([
    // unset evaluates the subscript of an array it knows.
    "a=(1); cd ~/.ssh && unset 'a[$(cat id_rsa >&2)]'",
    "a=(1); cd ~/.ssh; unset 'a[`cat id_rsa >&2`]'",
  ])("%s is denied (bash prints the key)", async (command) => {
    const run = spawnSync("bash", ["-c", command], { cwd, env: { ...process.env, HOME: home }, encoding: "utf8", input: "" });
    expect(run.stdout + run.stderr).toContain("KEYDATA");
    expect((await decideBash(POLICY, command, { cwd, home })).action).toBe("deny");
  });

  // A declaration's quoted subscript is arithmetic over what cat prints, which may assign any variable, HOME too:
  // `~` is then unknown, and the read asks.
  it("cd ~/.ssh && declare -a 'a[$(cat id_rsa >&2)]=1' asks (bash prints the key)", async () => {
    const command = "cd ~/.ssh && declare -a 'a[$(cat id_rsa >&2)]=1'";
    const run = spawnSync("bash", ["-c", command], { cwd, env: { ...process.env, HOME: home }, encoding: "utf8", input: "" });
    expect(run.stdout + run.stderr).toContain("KEYDATA");
    expect((await decideBash(POLICY, command, { cwd, home })).action).toBe("ask");
  });

  it("the same words without the cd read the project's file: not denied", async () => {
    writeFileSync(path.join(cwd, "id_rsa"), "not a key\n");
    expect((await decideBash(POLICY, "a=(1); unset 'a[$(cat id_rsa >&2)]'", { cwd, home })).action).not.toBe("deny");
  });
});

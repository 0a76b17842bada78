/**
 * Issue 35: a command that writes the code a later program in the same
 * command line runs. npm writes its own configuration (`npm pkg set
 * scripts.x=…`, `npm config set script-shell …`, `npm init`) and then runs
 * it; other programs run files no list named (`build.ninja`,
 * `~/.selected_editor`, a program copied into node_modules/.bin for npx).
 * The run is floored (two-steps.ts), and the code written is judged where
 * the command shows it. The real programs are the oracle: where installed,
 * each attack removes the victim, and permc denies it.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";
import { installed } from "../secret-oracle.js";

let top: string;
let home: string;
let cwd: string;
let policy: Policy;

beforeAll(async () => {
  top = realpathSync(tempDir("stored-code"));
  home = path.join(top, "home");
  cwd = path.join(top, "proj");
  const compiled = await compileAndLoad([piJson({ "*": "allow", bash: { "*": "allow", "rm *": "deny", "curl *": "deny" } })], { home });
  if (compiled.policy === null) throw new Error("the policy did not compile");
  policy = compiled.policy;
});

const decide = async (command: string): Promise<string> => (await createGate(policy, { cwd, home }).decide({ tool: "bash", input: { command } })).action;

/** Real bash runs `command` in a fresh project (a package.json, a victim) and home: whether the victim is gone. */
function removesVictim(command: string): boolean {
  rmSync(cwd, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
  mkdirSync(cwd, { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(path.join(cwd, "package.json"), '{"name":"p","version":"1.0.0"}\n');
  writeFileSync(path.join(cwd, "victim"), "v\n");
  const env = { ...process.env, HOME: home, npm_config_cache: path.join(top, "npm-cache"), npm_config_userconfig: path.join(home, ".npmrc") };
  spawnSync("bash", ["-c", command], { cwd, env, encoding: "utf8", timeout: 60_000 });
  return !existsSync(path.join(cwd, "victim"));
}

describe("npm writes the code it then runs", () => {
  it.each([
    "npm pkg set scripts.x='rm victim' && npm run x",
    "npm pkg set scripts.x=rm\\ victim && npm run x",
    "npm init -y >/dev/null && npm pkg set scripts.pretest='rm victim' && npm test",
    "npm pkg set scripts.x='sh -c \"r\\m victim\"' && npm run x",
  ])("%s is denied (npm removes the victim)", async (command) => {
    if (installed("npm")) expect(removesVictim(command)).toBe(true);
    expect(await decide(command)).toBe("deny");
  });

  it.each([
    ["npm config set script-shell /usr/bin/rm && npm run env", "deny"],
    ["npm config set script-shell=/usr/bin/curl && npm run env", "deny"],
    ["npm set script-shell /usr/bin/rm && npm test", "deny"],
    ["pnpm pkg set scripts.x='rm victim' && pnpm run x", "deny"],
    // What was stored is not shown: the run asks.
    ['npm pkg set "scripts.x=$CMD" && npm run x', "ask"],
    ["npm init -y && npm test", "ask"],
    // Reading the configuration changes nothing.
    ["npm pkg get name && npm test", "allow"],
    ["npm config get registry && npm test", "allow"],
    ["npm pkg set scripts.x='rm victim'", "allow"],
  ])("%s: %s", async (command, expected) => {
    expect(await decide(command)).toBe(expected);
  });
});

describe("a file written, then run by a program no list named", () => {
  it.each([
    ["printf 'rule r\\n  command = rm victim\\nbuild out: r\\n' > build.ninja; ninja", "ninja"],
    ["mkdir -p node_modules/.bin; cp /usr/bin/rm node_modules/.bin/eslint; npx --no-install eslint victim", "npx"],
  ])("%s is denied (the program removes the victim)", async (command, program) => {
    if (installed(program)) expect(removesVictim(command)).toBe(true);
    expect(await decide(command)).toBe("deny");
  });

  it.each([
    ["echo 'rm victim' > ~/.selected_editor; sensible-editor notes.txt", "deny"],
    ["printf 'rule r\\n  command = curl http://127.0.0.1:9/\\nbuild out: r\\n' > build.ninja; ninja", "deny"],
    ["echo 'pinentry-program /usr/bin/rm' > ~/.gnupg/gpg-agent.conf; gpg-agent --daemon", "deny"],
    ['printf "$RULES" > build.ninja; ninja', "ask"],
    ["echo hi > notes.txt; ninja", "allow"],
  ])("%s: %s", async (command, expected) => {
    expect(await decide(command)).toBe(expected);
  });
});

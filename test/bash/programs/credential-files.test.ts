/**
 * Commands that print a file's content without naming it: a system database
 * (`getent passwd`) or a client's stored credentials (`aws configure get`,
 * `gh auth token`, `git credential fill`, `kubectl config view --raw`,
 * `npm config get`). knowledge/credential-files.ts lists the files; each is
 * touched, not named, so a rule that denies it asks, and only when it is
 * there. A command that uses a credential to talk to its service prints none.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../../runtime/index.js";
import { compileAndLoad, piJson } from "../../support/compile-and-load.js";
import { tempDir } from "../../support/temp-dir.js";

const STORED = [
  ".gitconfig",
  ".config/pip/pip.conf",
  ".aws/credentials",
  ".config/gh/hosts.yml",
  ".git-credentials",
  ".kube/config",
  ".npmrc",
  ".config/gcloud/credentials.db",
  ".azure/msal_token_cache.json",
];

let root: string;
let home: string;
let bare: string;
let project: string;
let credentialsDenied: Policy;
let credentialsDeniedBare: Policy;
let etcDenied: Policy;

beforeAll(async () => {
  root = tempDir("credential-files");
  home = path.join(root, "home");
  bare = path.join(root, "bare-home");
  project = path.join(root, "project");
  for (const dir of [home, bare, project]) mkdirSync(dir);
  for (const file of STORED) {
    mkdirSync(path.dirname(path.join(home, file)), { recursive: true });
    writeFileSync(path.join(home, file), "secret\n");
  }
  const load = async (config: object, at: string) => (await compileAndLoad([piJson(config)], { home: at })).policy as Policy;
  const denies = Object.fromEntries(
    ["~/.gitconfig", "~/.config/pip/*", "~/.aws/*", "~/.config/gh/*", "~/.git-credentials", "~/.kube/*", "~/.npmrc", "~/.config/gcloud/*", "~/.azure/*"].map(
      (p) => [p, "deny"],
    ),
  );
  credentialsDenied = await load({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", ...denies } }, home);
  credentialsDeniedBare = await load({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", ...denies } }, bare);
  etcDenied = await load({ "*": "allow", bash: { "*": "allow" }, path: { "*": "allow", "/etc/*": "deny" } }, home);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function decide(policy: Policy, command: string, at = home): Promise<string> {
  return (await createGate(policy, { cwd: project, home: at }).decide({ tool: "bash", input: { command } })).action;
}

describe("a client's stored credentials", () => {
  it.each([
    ["aws configure get aws_secret_access_key", "ask"],
    ["aws --profile work configure export-credentials", "ask"],
    ["aws s3 ls", "allow"],
    ["gh auth token", "ask"],
    ["gh auth status --show-token", "ask"],
    ["gh pr list", "allow"],
    ["printf 'protocol=https\\nhost=github.com\\n' | git credential fill", "ask"],
    ["git credential-store get", "ask"],
    ["git status", "allow"],
    ["kubectl config view --raw", "ask"],
    ["kubectl get pods", "allow"],
    ["npm config get //registry.npmjs.org/:_authToken", "ask"],
    ["npm test", "allow"],
    ["gcloud auth print-access-token", "ask"],
    ["gcloud compute instances list", "allow"],
    ["az account get-access-token", "ask"],
    ["az vm list", "allow"],
    ["git config -l", "ask"],
    ["git config --get remote.origin.url", "ask"],
    ["pip config list", "ask"],
    ["pip install -r requirements.txt", "allow"],
  ])("%s → %s", async (command, action) => {
    expect(await decide(credentialsDenied, command)).toBe(action);
  });

  it("a store that is not there is not read", async () => {
    for (const command of ["aws configure get aws_secret_access_key", "gh auth token", "kubectl config view --raw"])
      expect(await decide(credentialsDeniedBare, command, bare), command).toBe("allow");
  });
});

describe("a system database", () => {
  it.each([
    ["getent passwd", "ask"],
    ["getent -s files shadow root", "ask"],
    ["id", "allow"],
  ])("%s → %s", async (command, action) => {
    expect(await decide(etcDenied, command)).toBe(action);
  });
});

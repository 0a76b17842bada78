/**
 * The red-team and everyday samples (test/fixtures/vectors/README.md),
 * through the CLI as a user runs them: compile each policy with the
 * fixture's home, then `permc eval` every call with the fixture's cwd.
 *
 * - No attack case comes back weaker than its `atLeast` (issue 11).
 * - Everyday commands are allowed, except those whose code permc cannot
 *   read, each named here with the reason.
 * - The third samples (issue 35): their calls (not those through a host's
 *   hook, `via`) are none weaker, but for the walkers named below with the
 *   reason, and their everyday commands are all allowed.
 *
 * Every call runs with the fixture's environment (its PATH starts at the
 * home's .local/bin, where the PATH attacks put programs).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { permc } from "../support/cli.js";
import { FIXTURES, readVectors } from "../support/fixtures.js";
import { makeRedteamFixture, redteamPaths } from "../support/redteam-fixture.js";
import { tempDir } from "../support/temp-dir.js";

interface Case {
  id: string;
  config: Record<string, unknown>;
  call?: unknown;
  rawLine?: string;
  home: string;
  atLeast: "allow" | "ask" | "deny";
  class: string;
  via?: string;
}

const RANK = { allow: 0, ask: 1, deny: 2 } as const;
const root = tempDir("redteam");
const { proj: PROJ, pathEnv, sub } = redteamPaths(root);
let fixtureEnv: Record<string, string> = {};

beforeAll(() => {
  makeRedteamFixture(root);
  fixtureEnv = { PATH: pathEnv };
});

/** Each case's action, policy by policy, as `permc eval` prints it. */
async function decide(cases: readonly Case[]): Promise<Map<string, string | undefined>> {
  const groups = new Map<string, Case[]>();
  for (const c of cases) {
    const key = JSON.stringify([c.config, c.home]);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const out = new Map<string, string | undefined>();
  let n = 0;
  for (const group of groups.values()) {
    const first = group[0] as Case;
    const src = path.join(root, `p${n}.json`);
    const mod = path.join(root, `p${n++}.mjs`);
    writeFileSync(src, JSON.stringify({ permission: first.config }));
    const compiled = await permc(["compile", src, "-o", mod, "--home", sub(first.home)]);
    expect(compiled.status, compiled.stderr).toBe(0);
    const lines = group.map((c) => (c.rawLine !== undefined ? sub(c.rawLine) : sub(JSON.stringify(c.call)))).join("\n") + "\n";
    const r = await permc(["eval", "--policy", mod, "--cwd", PROJ, "--home", sub(first.home)], { input: lines, env: fixtureEnv });
    const results = r.stdout.split("\n").filter((l) => l.trim() !== "");
    group.forEach((c, i) => {
      out.set(c.id, (JSON.parse(results[i] ?? "{}") as { action?: string }).action);
    });
  }
  return out;
}

describe("red-team sample: attacks that really run a denied program or read a denied file", () => {
  const attacks = readVectors<Case>("redteam-sample.jsonl");

  it("has the sample", () => expect(attacks.length).toBeGreaterThan(300));

  it("no case is weaker than its atLeast", async () => {
    const actions = await decide(attacks);
    const weaker = attacks.filter((c) => RANK[(actions.get(c.id) ?? "allow") as keyof typeof RANK] < RANK[c.atLeast] || actions.get(c.id) === undefined);
    expect(weaker.map((c) => `${c.id} [${c.class}] ${JSON.stringify(c.call ?? c.rawLine).slice(0, 120)} -> ${actions.get(c.id)}`)).toEqual([]);
  }, 120_000);
});

/** Everyday commands whose code permc cannot read, or that a rule of the policy decides. */
const NOT_ALLOWED: Readonly<Record<string, string>> = {
  "sudo apt-get update": "sudo runs the command as another user (issue 11 §9)",
  "node -e 'console.log(1)'": "inline JavaScript permc cannot read",
  "python3 -c 'print(1)'": "inline Python permc cannot read",
  "source .venv/bin/activate": "source runs a file's shell code in this shell",
  "sh -c 'npm test'": "a shell given source keeps the reference's opaque floor",
  "curl -s https://example.com": "the policy denies `curl *`",
  "docker compose up -d": "the services a compose file describes (commands, host mounts, .env) are not on the command line",
  "git push-hook": "not one of git's commands: git runs an alias from its configuration or a git-push-hook program, which the command line does not show",
};

describe("everyday commands", () => {
  const sample = readVectors<Case>("common-commands-sample.jsonl");
  const ours = readFileSync(path.join(FIXTURES, "everyday", "commands.txt"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  const p1 = sample[0]?.config ?? {};

  it("the sample: allowed unless its code cannot be read", async () => {
    const actions = await decide(sample);
    const asked = sample.filter((c) => actions.get(c.id) !== "allow").map((c) => (c.call as { input: { command: string } }).input.command);
    expect(asked.filter((c) => NOT_ALLOWED[c] === undefined)).toEqual([]);
  }, 60_000);

  it(`${ours.length} commands of our own: allowed unless named with a reason`, async () => {
    mkdirSync(path.join(PROJ, "scripts"), { recursive: true });
    writeFileSync(path.join(PROJ, "scripts", "build.sh"), "echo hi\n");
    const cases: Case[] = ours.map((command, i) => ({
      id: `own-${i}`,
      config: p1,
      call: { tool: "bash", input: { command } },
      home: "{HOME}",
      atLeast: "allow",
      class: "everyday",
    }));
    const actions = await decide(cases);
    const asked = cases.filter((c) => actions.get(c.id) !== "allow").map((c) => (c.call as { input: { command: string } }).input.command);
    expect(asked.filter((c) => NOT_ALLOWED[c] === undefined)).toEqual([]);
    for (const command of Object.keys(NOT_ALLOWED)) if (ours.includes(command)) expect(asked).toContain(command);
  }, 60_000);
});

describe("the third samples (issue 35)", () => {
  const attacks = readVectors<Case>("redteam-3-sample.jsonl").filter((c) => c.via === undefined);
  const everyday = readVectors<Case>("common-commands-3-sample.jsonl");

  it("has the samples", () => {
    expect(attacks.length).toBeGreaterThan(80);
    expect(everyday.length).toBeGreaterThan(3);
  });

  it("no attack is weaker than its atLeast", async () => {
    const actions = await decide(attacks);
    const weaker = attacks.filter((c) => RANK[(actions.get(c.id) ?? "allow") as keyof typeof RANK] < RANK[c.atLeast] || actions.get(c.id) === undefined);
    expect(weaker.map((c) => `${c.id} [${c.class}] ${JSON.stringify(c.call ?? c.rawLine).slice(0, 120)} -> ${actions.get(c.id)}`)).toEqual([]);
  }, 120_000);

  it("every everyday command is allowed", async () => {
    const actions = await decide(everyday);
    expect(everyday.filter((c) => actions.get(c.id) !== "allow").map((c) => `${c.id} ${JSON.stringify(c.call)} -> ${actions.get(c.id)}`)).toEqual([]);
  }, 60_000);
});

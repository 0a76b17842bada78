/**
 * The third red-team sample's host-shaped rows (`"via": "claude"` or
 * `"opencode"`): each row's `hookInput` is the host's own input, decided
 * through that host's adapter as the host runs it (Claude Code's hook,
 * OpenCode's `tool.execute.before`). None may come back weaker than its
 * `atLeast` (issue 34). The fixture is the red-team one (redteam-fixture.json).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runClaudeHook } from "../../runtime/claude/hook.js";
import { loadPolicy } from "../../runtime/index.js";
import { createPermcPlugin } from "../../runtime/opencode/plugin.js";
import { permc } from "../support/cli.js";
import { readVectors } from "../support/fixtures.js";
import { makeRedteamFixture, redteamPaths } from "../support/redteam-fixture.js";
import { tempDir } from "../support/temp-dir.js";

interface HostRow {
  id: string;
  config: Record<string, unknown>;
  via?: "claude" | "opencode";
  hookInput: Record<string, unknown>;
  home: string;
  atLeast: "ask" | "deny";
  class: string;
}

const RANK = { allow: 0, ask: 1, deny: 2 } as const;
const root = tempDir("redteam-hosts");
const { proj: PROJ, home: HOME, sub } = redteamPaths(root);
const subJson = <T>(x: T): T => JSON.parse(sub(JSON.stringify(x))) as T;

beforeAll(() => {
  makeRedteamFixture(root);
});

let modules = 0;
async function compiled(config: Record<string, unknown>): Promise<string> {
  const src = path.join(root, `p${modules}.json`);
  const mod = path.join(root, `p${modules++}.mjs`);
  writeFileSync(src, JSON.stringify({ permission: config }));
  const r = await permc(["compile", src, "-o", mod, "--home", HOME]);
  expect(r.status, r.stderr).toBe(0);
  return mod;
}

/** The host's answer: Claude's permissionDecision (exit 2 is a deny); OpenCode's throw is at least ask (the plugin blocks asks). */
async function viaHost(row: HostRow, mod: string): Promise<"allow" | "ask" | "deny"> {
  const input = subJson(row.hookInput);
  if (row.via === "claude") {
    const o = await runClaudeHook(await loadPolicy(mod, { home: HOME }), JSON.stringify(input), { home: HOME });
    if (o.exitCode === 2) return "deny";
    return (JSON.parse(o.stdout) as { hookSpecificOutput: { permissionDecision: "allow" | "ask" | "deny" } }).hookSpecificOutput.permissionDecision;
  }
  const hooks = await createPermcPlugin({ policy: mod, home: HOME })({ directory: PROJ, worktree: PROJ });
  try {
    await hooks["tool.execute.before"]({ tool: input.tool as string, sessionID: "s", callID: row.id }, { args: input.args });
    return "allow";
  } catch (e) {
    // The plugin throws for a deny and, by default, for an ask it cannot raise; both block the call.
    return /requires approval/.test(String(e)) ? "ask" : "deny";
  }
}

describe("red-team sample 3: host-shaped calls through each adapter", () => {
  const rows = readVectors<HostRow>("redteam-3-sample.jsonl").filter((r) => r.via !== undefined);

  it("has the host rows of both hosts", () => {
    expect(rows.filter((r) => r.via === "claude").length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.via === "opencode").length).toBeGreaterThan(3);
  });

  it("no row is weaker than its atLeast", async () => {
    const weaker: string[] = [];
    const modules = new Map<string, string>();
    for (const row of rows) {
      const key = JSON.stringify(row.config);
      if (!modules.has(key)) modules.set(key, await compiled(row.config));
      const action = await viaHost(row, modules.get(key)!);
      if (RANK[action] < RANK[row.atLeast]) weaker.push(`${row.id} [${row.class}] via ${row.via} → ${action}`);
    }
    expect(weaker).toEqual([]);
  }, 60_000);
});

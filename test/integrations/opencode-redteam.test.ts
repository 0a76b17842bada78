/**
 * The host-shaped rows of the third red-team sample that come through
 * OpenCode (`"via": "opencode"`), fed to the plugin's `tool.execute.before`
 * as OpenCode calls it, in the sample's fixture (project, home, symlinks).
 * None may come back weaker than its `atLeast`; the plugin blocks asks, so
 * the check reads the thrown message for deny or approval.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createPermcPlugin } from "../../runtime/opencode/plugin.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { FIXTURES, readVectors } from "../support/fixtures.js";
import { tempDir } from "../support/temp-dir.js";

interface Row {
  id: string;
  via?: string;
  config: Record<string, unknown>;
  hookInput?: { tool: string; args: unknown };
  home: string;
  atLeast: "allow" | "ask" | "deny";
  class: string;
}

const RANK = { allow: 0, ask: 1, deny: 2 } as const;
const root = tempDir("opencode-redteam");
const PROJ = path.join(root, "proj");
const HOME = path.join(root, "home", "tester");
const sub = (s: string): string => s.replaceAll("{PROJ}", PROJ).replaceAll("{HOME}", HOME).replaceAll("{ROOT}", root);
/**
 * Rows still weaker than their atLeast for a reason outside the OpenCode
 * adapter, each with the reason; a row here that starts passing fails its
 * test, so the list only shrinks.
 */
const KNOWN_GAPS: Readonly<Record<string, string>> = {
  "rt3-0277":
    "c++filt reads `@file` as a response file; the bash analysis does not know that program's response files yet (a bash gate matter, the same through every host)",
};
const rows = readVectors<Row>("redteam-3-sample.jsonl").filter((r) => r.via === "opencode" && r.hookInput !== undefined);

beforeAll(() => {
  const fx = JSON.parse(readFileSync(path.join(FIXTURES, "vectors", "redteam-fixture.json"), "utf8")) as {
    dirs: string[];
    files: Record<string, string>;
    links: Record<string, string>;
  };
  for (const d of fx.dirs) mkdirSync(sub(d), { recursive: true });
  for (const [p, t] of Object.entries(fx.files)) writeFileSync(sub(p), t);
  for (const [p, t] of Object.entries(fx.links)) symlinkSync(sub(t), sub(p));
});

/** What the plugin did with a call: allowed it, blocked it as needing approval, or denied it. */
async function outcome(row: Row): Promise<keyof typeof RANK> {
  const home = sub(row.home);
  const compiled = await compileAndLoad([piJson(row.config)], { home });
  const hooks = await createPermcPlugin({ policy: compiled.modulePath!, home })({ directory: PROJ, worktree: PROJ });
  const { tool, args } = JSON.parse(sub(JSON.stringify(row.hookInput))) as { tool: string; args: unknown };
  try {
    await hooks["tool.execute.before"]({ tool, sessionID: "ses_rt", callID: `call_${row.id}` }, { args });
    return "allow";
  } catch (e) {
    return /requires approval/.test((e as Error).message) ? "ask" : "deny";
  }
}

describe("red-team sample 3 through the OpenCode plugin", () => {
  it("has the OpenCode rows, the patch-header ones among them", () => {
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(["rt3-0278", "rt3-0281", "rt3-0284", "rt3-0287"]));
  });

  it.each(rows.filter((r) => !(r.id in KNOWN_GAPS)).map((r) => [r.id, r] as const))(
    "%s is at least its atLeast",
    async (_id, row) => {
      const got = await outcome(row);
      expect(RANK[got], `${row.id} [${row.class}] ${JSON.stringify(row.hookInput).slice(0, 160)} -> ${got}`).toBeGreaterThanOrEqual(RANK[row.atLeast]);
    },
    30_000,
  );

  it.fails.each(rows.filter((r) => r.id in KNOWN_GAPS).map((r) => [r.id, r] as const))(
    "known gap %s (see KNOWN_GAPS) is still weaker",
    async (_id, row) => {
      expect(RANK[await outcome(row)]).toBeGreaterThanOrEqual(RANK[row.atLeast]);
    },
    30_000,
  );
});

/**
 * `permc explain` beyond the golden cases: floors named exactly, a unit the
 * split reports twice explained once, how an MCP call's targets are derived,
 * and why a rule did not apply (--rule).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { permc } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

const dir = tempDir("explain");
const policy = path.join(dir, "policy.mjs");

beforeAll(async () => {
  const config = path.join(dir, "config.json");
  writeFileSync(
    config,
    JSON.stringify({
      permission: { "*": "ask", bash: { "*": "allow", "git push *": "ask", "git push --force*": "deny" }, mcp: { "*": "ask", "github:delete_*": "deny" } },
    }),
  );
  const r = await permc(["compile", config, "-o", policy, "--home", "/home/e"]);
  expect(r.status, r.stderr).toBe(0);
});

interface Step {
  surface: string;
  value: string;
  action: string;
  floor?: { name: string; why: string };
  derived?: true;
  target?: { index: number; decided: boolean };
  misses: Array<{ pattern: string; differsAt: number | null }>;
  matches: Array<{ pattern: string }>;
  winner: { pattern: string } | null;
}
interface Explained {
  action: string;
  floor?: { name: string };
  mcp?: { from: Record<string, string>; targets: string[]; decidedBy: string | null };
  steps: Step[];
}

async function explain(request: unknown, extra: string[] = []): Promise<{ json: Explained; text: string }> {
  const args = ["explain", "--policy", policy, "--home", "/home/e", "--cwd", "/home/e/proj", JSON.stringify(request), ...extra];
  const json = await permc([...args, "--format", "json"]);
  const text = await permc(args);
  expect(json.status, json.stderr).toBe(0);
  return { json: JSON.parse(json.stdout) as Explained, text: text.stdout };
}

describe("permc explain", () => {
  it.each([
    ["inline interpreter code", "python3 -c 'print(1)'", "<opaque-bash-wrapper>"],
    ["a command run as another user", "sudo ls", "<indirection-bash-wrapper>"],
  ])("names a unit's floor exactly: %s", async (_what, command, floor) => {
    const { json, text } = await explain({ tool: "bash", input: { command } });
    expect(json.action).toBe("ask");
    const floored = json.steps.filter((s) => s.floor !== undefined);
    expect(floored.map((s) => s.floor!.name)).toContain(floor);
    expect(text).toContain(`floor  ${floor} (`);
    expect(
      floored.every((s) => typeof (s.floor as { reason?: string }).reason === "string"),
      "the runtime's reason is passed on",
    ).toBe(true);
    expect(text).not.toContain("wrapper or parse problem");
  });

  it("names the whole command's parse-error floor", async () => {
    const { json, text } = await explain({ tool: "bash", input: { command: "echo )" } });
    expect(json.action).toBe("ask");
    expect(json.floor?.name ?? json.steps.find((s) => s.floor)?.floor?.name).toBe("<unparseable-bash-command>");
    expect(text).toContain("<unparseable-bash-command>");
  });

  it("explains a unit the split reports twice only once", async () => {
    const { json } = await explain({ tool: "bash", input: { command: "ls; ls" } });
    expect(json.steps.map((s) => s.value)).toEqual(["ls"]);
  });

  it("shows how an MCP call's targets were derived, each in order, and which one decided", async () => {
    const { json, text } = await explain({ tool: "mcp", input: { tool: "github:delete_repo" } });
    expect(json.mcp).toEqual({
      from: { tool: "github:delete_repo" },
      targets: ["github_delete_repo", "github:delete_repo", "github", "delete_repo", "mcp_call", "mcp"],
      decidedBy: "github:delete_repo",
    });
    // 40.1.4 (33.0.0): the last rule matching any target wins, so the deny matching the second target beats
    // the `*` ask the first one hits (20.7.2 stopped at the first target: ask); it is reported under that target.
    expect(json.action).toBe("deny");
    expect(json.steps.map((s) => [s.value, s.target?.decided])).toEqual(json.mcp!.targets.map((t, i) => [t, i === 1]));
    expect(json.steps[1]).toMatchObject({ value: "github:delete_repo", action: "deny", winner: { pattern: "github:delete_*" } });
    expect(text).toContain('mcp targets from tool "github:delete_repo"; the last rule matching any of them decides');
    expect(text).toContain("github_delete_repo → [github:delete_repo] → github");
  });

  it("says why a rule did not apply: where the value stops fitting it", async () => {
    const { json, text } = await explain({ tool: "bash", input: { command: "git  push origin" } }, ["--rule", "git push *"]);
    const first = json.steps[0]!;
    expect(first.value).toBe("git  push origin");
    expect(first.misses).toEqual([expect.objectContaining({ pattern: "git push *", differsAt: 4 })]);
    expect(text).toContain("no     ask   `git push *` on `bash`");
    expect(text).toContain('differs at character 5 (" " after "git ")');
  });

  it("--rule on a rule that matched but lost shows it beaten; an unknown one is said to be absent", async () => {
    const { json, text } = await explain({ tool: "bash", input: { command: "git push --force x" } }, ["--rule", "git push *", "--rule", "no such *"]);
    expect(json.action).toBe("deny");
    expect(json.steps[0]!.matches.map((m) => m.pattern)).toContain("git push *");
    expect(text).toMatch(/beaten ask +`git push \*`/);
    expect(text).toContain('--rule "no such *": no rule with this pattern is on a surface this request checks');
  });

  it("shows the closest misses without --rule, and says when the value is too short", async () => {
    const { json } = await explain({ surface: "mcp", value: "github" });
    expect(json.steps[0]!.misses).toContainEqual(expect.objectContaining({ pattern: "github:delete_*", differsAt: null }));
  });
});

import { describe, expect, it } from "vitest";
import { isPiMcpTool, mcpTargets, piMcpTargets } from "../../runtime/gate/index.js";
import { rows } from "./harness.js";

interface TargetsRow {
  readonly id: string;
  readonly call: { readonly tool: string; readonly input: Record<string, unknown> };
  readonly mcpServers: readonly string[];
  readonly expectedTargets?: readonly string[];
  readonly expectedTargetsInclude?: readonly string[];
  readonly expectedTargetsExclude?: readonly string[];
}

const all = rows<TargetsRow>("mcp-targets.jsonl");

describe("ref40/mcp-targets.jsonl: the targets an MCP call is checked under", () => {
  it("has rows", () => expect(all.length).toBeGreaterThan(20));

  it.each(all.map((r) => [r.id, r] as const))("%s", (_id, r) => {
    const targets = r.call.tool === "mcp" ? mcpTargets(r.call.input, r.mcpServers) : piMcpTargets(r.call.tool, r.mcpServers);
    // Every list ends with `mcp`, which the vectors leave out.
    expect(targets[targets.length - 1]).toBe("mcp");
    const listed = targets.slice(0, -1);
    if (r.expectedTargets) expect(listed).toEqual(r.expectedTargets);
    for (const t of r.expectedTargetsInclude ?? []) expect(listed).toContain(t);
    for (const t of r.expectedTargetsExclude ?? []) expect(listed).not.toContain(t);
  });

  it.each([
    ["mcp__a__b", true],
    ["mcp__danger_srv__wipe", true],
    ["mcp__a", false],
    ["mcp__a__", false],
    ["mcp___b", false],
    ["mcp____x", false],
    ["mcp", false],
  ] as const)("%s is a Pi MCP tool: %s", (name, want) => {
    expect(isPiMcpTool(name)).toBe(want);
  });
});

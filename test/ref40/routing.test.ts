import { describe, expect, it } from "vitest";
import { createGate, type GateDecision } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { rows } from "./harness.js";

interface RoutingRow {
  readonly id: string;
  readonly call: { readonly tool?: string; readonly surface?: string };
  readonly expectedSurfaces?: { readonly path: string; readonly external_directory: string };
  readonly expectedFamily?: string;
}

const all = rows<RoutingRow>("routing.jsonl");
const FAMILIES = ["path", "external_directory"] as const;
const CWD = "/home/tester/proj";
const GATES = { path: ["path", "bash_path"], external_directory: ["external_directory", "bash_external_directory"] } as const;

/** A call of the tool on a path inside cwd (the path family) or outside it (external_directory). */
function callOf(tool: string, family: (typeof FAMILIES)[number]): { tool: string; input: Record<string, unknown> } {
  const file = family === "path" ? "./notes.txt" : "/outside/notes.txt";
  // A command the bash analysis proves nothing about: its path token consults both members.
  if (tool === "bash") return { tool, input: { command: `mytool ${file}` } };
  return { tool, input: { path: file, content: "x", oldText: "a", newText: "b" } };
}

/** The family's gate outcome for the call under a policy that denies only one member. */
async function consulted(tool: string, family: (typeof FAMILIES)[number], direction: "read" | "write"): Promise<GateDecision | undefined> {
  const { policy } = await compileAndLoad([piJson({ "*": "allow", [`${family}_${direction}`]: { "*": "deny" } })]);
  const d = await createGate(policy!, { cwd: CWD, home: "/home/tester", realpath: (p) => p }).decide(callOf(tool, family));
  return [d, ...(d.gates ?? [])].find((g) => (GATES[family] as readonly string[]).includes(g.gate) && g.action === "deny");
}

describe("ref40/routing.jsonl: which directional member a tool's path consults", () => {
  it.each(all.filter((r) => r.expectedSurfaces).map((r) => [r.id, r] as const))("%s", async (_id, r) => {
    for (const family of FAMILIES) {
      const read = await consulted(r.call.tool!, family, "read");
      const write = await consulted(r.call.tool!, family, "write");
      const want = r.expectedSurfaces![family];
      // `path` / `external_directory` here means both members, the most restrictive deciding.
      expect({ family, read: read !== undefined, write: write !== undefined }).toEqual({
        family,
        read: want === family || want === `${family}_read`,
        write: want === family || want === `${family}_write`,
      });
      // The decision names the member that decided.
      if (read) expect(read.surface).toBe(`${family}_read`);
      if (write) expect(write.surface).toBe(`${family}_write`);
    }
  });

  it.each(all.filter((r) => r.expectedFamily).map((r) => [r.id, r] as const))("%s: family membership", async (_id, r) => {
    const surface = r.call.surface!;
    for (const family of FAMILIES) {
      // A bare family key reaches exactly its members.
      const { policy } = await compileAndLoad([piJson({ [family]: { "*": "deny" } })]);
      expect(policy!.check(surface, "/x").action === "deny", `${family} → ${surface}`).toBe(r.expectedFamily === family);
    }
    // Every name in the table is an accepted surface key of its own.
    const { policy } = await compileAndLoad([piJson({ [surface]: "deny" })]);
    expect(policy!.check(surface, "/x").action).toBe("deny");
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SourceInput } from "../../compiler/frontend/source.js";
import type { Scope } from "../../compiler/ir.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { VECTORS_DIR } from "../support/fixtures.js";

const VECTORS = VECTORS_DIR;

interface EvaluateCase {
  id: string;
  note: string;
  config?: unknown;
  scopes?: Record<string, unknown>;
  rawConfig?: string;
  files?: Record<string, string>;
  surface: string;
  value: string;
  home?: string;
  flavor?: "posix" | "win32";
  yolo?: boolean;
  sessionRules?: unknown;
  expected: { action: string; matchedPattern: string | null; reason?: string; origin: string; issues?: string[] };
}

const FILE_SCOPES: Record<string, Scope> = {
  global: "global",
  project: "project",
  agent: "agent",
  projectAgent: "project-agent",
  "project-agent": "project-agent",
};

function inputsOf(c: EvaluateCase): SourceInput[] {
  if (c.config !== undefined) return [piJson(c.config)];
  if (c.scopes) return Object.entries(c.scopes).map(([scope, permission]) => piJson(permission, scope as Scope));
  if (c.rawConfig !== undefined) return [{ file: "config.jsonc", text: c.rawConfig, scope: "global", kind: "pi-json" }];
  if (c.files) {
    return Object.entries(c.files).map(([key, text]) => {
      const scope = FILE_SCOPES[key];
      if (!scope) throw new Error(`unknown file scope ${key}`);
      const md = scope === "agent" || scope === "project-agent";
      return { file: `${key}.${md ? "md" : "json"}`, text, scope, kind: md ? "agent-md" : "pi-json" } as SourceInput;
    });
  }
  return [];
}

const cases: EvaluateCase[] = readFileSync(path.join(VECTORS, "evaluate.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as EvaluateCase);
// Session rules are added by the agent extension at run time, not compiled (issue 6).
const compiled = cases.filter((c) => c.sessionRules === undefined);

describe("evaluate.jsonl through compile + loadPolicy + check", () => {
  it("covers most of the vector file", () => {
    expect(compiled.length).toBeGreaterThan(120);
  });

  it.each(compiled.map((c) => [c.id, c] as const))("%s", async (_id, c) => {
    const { policy, diagnostics } = await compileAndLoad(inputsOf(c), { home: c.home ?? "/home/tester", platform: c.flavor ?? "posix" });
    if (c.expected.issues?.length) {
      // The reference dropped a whole scope it could not validate; permc refuses to compile it.
      expect(policy, `${c.id} should not compile`).toBeNull();
      expect(diagnostics.some((d) => d.severity === "error")).toBe(true);
      return;
    }
    expect(policy, diagnostics.map((d) => d.message).join("; ")).not.toBeNull();
    expect(policy!.error).toBeNull();
    // Changed in 40.1.4 (27.1.0, directional surfaces): a bare `path`/`external_directory` key is
    // sugar for its `_read` and `_write` members, so a 20.7.2 raw check on the family now holds for
    // each member (a raw check on the family itself meets only the default: ref40 vector check-007).
    const surfaces = c.surface === "path" || c.surface === "external_directory" ? [`${c.surface}_read`, `${c.surface}_write`] : [c.surface];
    for (const surface of surfaces) {
      const d = policy!.check(surface, c.value, c.yolo ?? false);
      expect({ action: d.action, matchedPattern: d.matchedPattern, reason: d.reason ?? null, origin: d.origin }, surface).toEqual({
        action: c.expected.action,
        matchedPattern: c.expected.matchedPattern,
        reason: c.expected.reason ?? null,
        origin: c.expected.origin,
      });
    }
  });
});

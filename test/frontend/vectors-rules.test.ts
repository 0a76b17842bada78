import { describe, expect, it } from "vitest";
import { build, loadJsonl, vectorSources } from "./helpers.js";

interface RulesVector {
  id: string;
  note: string;
  expected: { rules: { surface: string; pattern: string; action: string; layer: string; origin: string; reason?: string }[]; issues: string[] };
}

const vectors = loadJsonl<RulesVector>("rules.jsonl");

describe("rules.jsonl: composed rule lists equal the reference's", () => {
  it.each(vectors.map((v) => [v.id, v] as const))("%s", (_id, v) => {
    const sources = vectorSources(v as never);
    expect(sources).not.toBeNull();
    const { policy, diagnostics, errors } = build(sources!);
    const got = policy.rules.map((r) => ({
      surface: r.surface,
      pattern: r.pattern,
      action: r.action,
      layer: r.layer,
      origin: r.origin,
      ...(r.reason !== undefined ? { reason: r.reason } : {}),
    }));
    const want = v.expected.rules.map((r) => ({
      surface: r.surface,
      pattern: r.pattern,
      action: r.action,
      layer: r.layer,
      origin: r.origin,
      ...(r.reason !== undefined ? { reason: r.reason } : {}),
    }));
    expect(got).toEqual(want);
    expect(errors).toBe(v.expected.issues.length > 0);
    if (v.expected.issues.length > 0) expect(diagnostics.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from "vitest";
import { referenceEvaluate } from "../support/reference-evaluate.js";
import { build, loadJsonl, vectorSources } from "./helpers.js";

interface EvaluateVector {
  id: string;
  note: string;
  surface: string;
  value: string;
  home?: string;
  flavor?: "posix" | "win32";
  yolo?: boolean;
  expected: {
    action: string;
    matchedPattern: string | null;
    reason?: string;
    origin: string;
    layer: string;
    ruleSurface: string;
    rulePattern: string;
    issues?: string[];
  };
}

const all = loadJsonl<EvaluateVector>("evaluate.jsonl");
const expressible = all.filter((v) => vectorSources(v as never) !== null);

describe("evaluate.jsonl: read, merge, compose, then evaluate like the reference", () => {
  it("covers every vector except those with session rules", () => {
    const skipped = all.filter((v) => vectorSources(v as never) === null);
    expect(skipped.every((v) => "sessionRules" in v)).toBe(true);
    expect(expressible.length).toBe(all.length - skipped.length);
  });

  it.each(expressible.map((v) => [v.id, v] as const))("%s", (_id, v) => {
    const { policy, errors } = build(vectorSources(v as never)!);
    const decision = referenceEvaluate(policy, v.surface, v.value, {
      home: v.home ?? "/home/tester",
      platform: v.flavor ?? "posix",
      yolo: v.yolo ?? policy.knobs.yoloMode,
    });
    const { issues, ...want } = v.expected;
    expect({ ...decision }).toEqual({ ...want });
    // A file the reference rejected must be rejected here too, with an error diagnostic.
    expect(errors).toBe((issues ?? []).length > 0);
  });
});

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
const isPathFamily = (surface: string) => surface === "path" || surface === "external_directory";
const expressible = all.filter((v) => vectorSources(v as never) !== null);

describe("evaluate.jsonl: read, merge, compose, then evaluate like the reference", () => {
  it("covers every vector except those with session rules", () => {
    const skipped = all.filter((v) => vectorSources(v as never) === null);
    expect(skipped.every((v) => "sessionRules" in v)).toBe(true);
    expect(expressible.length).toBe(all.length - skipped.length);
  });

  it.each(expressible.map((v) => [v.id, v] as const))("%s", (_id, v) => {
    const { policy, errors } = build(vectorSources(v as never)!);
    const evaluate = (surface: string) =>
      referenceEvaluate(policy, surface, v.value, {
        home: v.home ?? "/home/tester",
        platform: v.flavor ?? "posix",
        yolo: v.yolo ?? policy.knobs.yoloMode,
      });
    const { issues, ...want } = v.expected;
    if (isPathFamily(v.surface)) {
      // Changed in 40.1.4 (27.1.0, directional surfaces): a bare `path`/`external_directory` key is
      // load-time sugar for its `_read` and `_write` members, so the 20.7.2 raw check on the family
      // now holds for each member, reported under the member's name (ref40 vectors check-005…007).
      for (const member of [`${v.surface}_read`, `${v.surface}_write`]) {
        expect({ ...evaluate(member) }, member).toEqual({ ...want, ruleSurface: want.ruleSurface === v.surface ? member : want.ruleSurface });
      }
    } else {
      expect({ ...evaluate(v.surface) }).toEqual({ ...want });
    }
    // A file the reference rejected must be rejected here too, with an error diagnostic.
    expect(errors).toBe((issues ?? []).length > 0);
  });
});

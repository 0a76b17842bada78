import { describe, expect, it } from "vitest";
import { exposureOf, load, rows, type Row } from "./harness.js";

const all = rows<Row>("exposure.jsonl");

describe("ref40/exposure.jsonl: toolExposure hides a tool only when every probe on its surface denies", () => {
  it("has rows", () => expect(all.length).toBeGreaterThan(30));

  it.each(all.map((r) => [r.id, r] as const))("%s", async (_id, r) => {
    const { policy, compiled } = await load(r);
    expect(compiled).toBe(true);
    expect(exposureOf(r, policy)).toBe(r.expected);
  });
});

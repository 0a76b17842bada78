import { describe, expect, it } from "vitest";
import { benchBash, chainedCommand, COMMAND_40 } from "../../bench/bash.js";

describe("bash bench section (smoke run, no timing asserted)", () => {
  it("uses a typical 40-char command and a chained command of about 2,000 chars", () => {
    expect(COMMAND_40).toHaveLength(40);
    expect(chainedCommand(2000).length).toBeGreaterThan(1900);
    expect(chainedCommand(2000).length).toBeLessThanOrEqual(2000);
  });

  it("reports parse, split+decide and gate side by side for both lengths", async () => {
    const rows: Array<[string, string]> = [];
    await benchBash((name, value) => rows.push([name, value]), { smoke: true });
    expect(rows).toHaveLength(6);
    for (const [name, value] of rows) expect(`${name} ${value}`).toMatch(/µs/);
    expect(rows.filter(([n]) => n.includes("gate.decide")).map(([, v]) => v)).toEqual([
      expect.stringMatching(/x parse\)$/),
      expect.stringMatching(/x parse\)$/),
    ]);
  });
});

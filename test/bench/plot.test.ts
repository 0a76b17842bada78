import { describe, expect, it } from "vitest";
import { chartSvg, decades } from "../../bench/plot.js";

describe("bench charts", () => {
  it.each<[number, number, number[]]>([
    [10, 10_000, [10, 100, 1000, 10_000]],
    [12, 80, [10, 100]],
    [0.3, 7, [0.1, 1, 10]],
    [50, 50, [10, 100]],
  ])("log axis ticks for [%d, %d]", (lo, hi, ticks) => {
    expect(decades(lo, hi).map((t) => Number(t.toPrecision(6)))).toEqual(ticks);
  });

  it("draws each series as a line through its points, on log axes, with a legend", () => {
    const svg = chartSvg(
      [
        {
          title: "check() <cost>",
          xLabel: "rules",
          yLabel: "ns",
          series: [
            {
              name: "permc",
              color: "#2060c0",
              points: [
                [10, 50],
                [100, 55],
                [1000, 60],
              ],
            },
            {
              name: "reference & co",
              color: "#c03030",
              points: [
                [10, 500],
                [100, 5000],
              ],
            },
          ],
        },
        { title: "empty", xLabel: "x", yLabel: "y", series: [] },
      ],
      "caption",
    );
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    expect(svg).toContain("check() &lt;cost&gt;");
    expect(svg).toContain("reference &amp; co");
    expect(svg).toContain("empty: no data");
    const lines = [...svg.matchAll(/<polyline [^>]*points="([^"]+)"/g)].map((m) => m[1]!.split(" ").map((p) => p.split(",").map(Number)));
    expect(lines).toHaveLength(2);
    // Equal decades are equal distances: 10 → 100 → 1000 rules step the same x.
    const [a, b, c] = lines[0]!;
    expect(b![0]! - a![0]!).toBeCloseTo(c![0]! - b![0]!, 1);
    // Higher cost is higher on the page (smaller y).
    expect(lines[1]![1]![1]!).toBeLessThan(lines[1]![0]![1]!);
  });
});

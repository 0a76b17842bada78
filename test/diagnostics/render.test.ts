import { describe, expect, it } from "vitest";
import { diagnostic, lineColumn, renderDiagnostic } from "../../compiler/diagnostics/index.js";

describe("lineColumn", () => {
  const text = "ab\ncd\n\nefg";
  it.each([
    [0, 1, 1],
    [2, 1, 3],
    [3, 2, 1],
    [6, 3, 1],
    [7, 4, 1],
    [10, 4, 4],
    [99, 4, 4],
  ])("offset %i is line %i, column %i", (offset, line, column) => {
    expect(lineColumn(text, offset)).toEqual({ line, column });
  });
});

describe("renderDiagnostic", () => {
  it("shows a window with ellipses around a span in a very long line, caret under the span", () => {
    const text = "x".repeat(5000) + '"needle"' + "y".repeat(5000);
    const start = 5000;
    const d = diagnostic("syntaxError", "bad", { file: "f.json", start, end: start + 8 });
    const lines = renderDiagnostic(d, new Map([["f.json", text]])).split("\n");
    const source = lines.find((l) => l.startsWith("1 |"))!;
    const caret = lines[lines.indexOf(source) + 1]!;
    expect(source.length).toBeLessThan(200);
    expect(source).toContain("…");
    expect(source.slice(caret.indexOf("^"), caret.lastIndexOf("^") + 1)).toBe('"needle"');
  });

  it("shows a normal line whole", () => {
    const text = '{"permission": {"bash": "sometimes"}}';
    const d = diagnostic("invalidAction", "bad", { file: "f.json", start: 24, end: 35 });
    const out = renderDiagnostic(d, new Map([["f.json", text]]));
    expect(out).toContain(`1 | ${text}`);
    expect(out).toContain(" --> f.json:1:25");
  });
});

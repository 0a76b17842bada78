import { describe, expect, it } from "vitest";
import { STRICTER } from "./exceptions.js";
import { rows, type Row } from "./harness.js";

/** The ref40 files these tests run through the gates (bash.jsonl and the unit lists: test/vectors/ref40-bash.test.ts). */
const FILES: ReadonlyArray<readonly [string, (r: Row) => boolean]> = [
  ["config.jsonl", () => true],
  ["checks.jsonl", () => true],
  ["routing.jsonl", () => true],
  ["exposure.jsonl", () => true],
  ["mcp.jsonl", () => true],
  ["mcp-targets.jsonl", () => true],
  ["scopes.jsonl", () => true],
  ["infra.jsonl", () => true],
  ["pipeline.jsonl", () => true],
  ["directional.jsonl", () => true],
  ["yolo.jsonl", () => true],
];

const table = FILES.map(([file, keep]) => {
  const kept = rows<Row>(file).filter(keep);
  const stricter = kept.filter((r) => STRICTER[r.id] !== undefined).length;
  return { file, rows: kept.length, equal: kept.length - stricter, stricter };
});

describe("ref40 vectors: equal to 40.1.4, or stricter with a stated reason", () => {
  it("every listed exception is a row these tests run", () => {
    const ids = new Set(
      FILES.flatMap(([file, keep]) =>
        rows<Row>(file)
          .filter(keep)
          .map((r) => r.id),
      ),
    );
    expect(Object.keys(STRICTER).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("per file", () => {
    expect(table).toEqual([
      { file: "config.jsonl", rows: 64, equal: 64, stricter: 0 },
      { file: "checks.jsonl", rows: 96, equal: 90, stricter: 6 },
      { file: "routing.jsonl", rows: 14, equal: 14, stricter: 0 },
      { file: "exposure.jsonl", rows: 37, equal: 37, stricter: 0 },
      { file: "mcp.jsonl", rows: 24, equal: 24, stricter: 0 },
      { file: "mcp-targets.jsonl", rows: 24, equal: 24, stricter: 0 },
      { file: "scopes.jsonl", rows: 13, equal: 8, stricter: 5 },
      { file: "infra.jsonl", rows: 14, equal: 14, stricter: 0 },
      { file: "pipeline.jsonl", rows: 22, equal: 20, stricter: 2 },
      { file: "directional.jsonl", rows: 10, equal: 10, stricter: 0 },
      { file: "yolo.jsonl", rows: 6, equal: 6, stricter: 0 },
    ]);
  });

  it("at least 90 % equal overall", () => {
    const total = table.reduce((n, t) => n + t.rows, 0);
    const equal = table.reduce((n, t) => n + t.equal, 0);
    expect(equal / total).toBeGreaterThanOrEqual(0.9);
  });
});

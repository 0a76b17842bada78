/**
 * Every knowledge file has a table here (issue 37), or is named below with
 * the reason it holds no fact a command's decision turns on.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const KNOWLEDGE = path.resolve(import.meta.dirname, "..", "..", "..", "..", "runtime", "bash", "programs", "knowledge");

const WITHOUT_TABLE: Readonly<Record<string, string>> = {
  "record-group": "plumbing: builds a file's records once, on first use",
  "pure-reader-core": "pure-readers.ts's set, apart so analyse-program.ts reads it without an import cycle: pure-readers' table is its table",
  "record-names": "generated from the records (test/bash/programs/record-names.test.ts checks it): which file holds each name",
  "reference-wrappers":
    "the reference's own classification, kept as a floor where permc's judgement is not exact: what the reference does, not what the programs do, so no row's want could be the program's",
};

describe("knowledge tables", () => {
  it("every knowledge file has a table, or a reason for none", () => {
    const sources = readdirSync(KNOWLEDGE)
      .filter((f) => f.endsWith(".ts"))
      .map((f) => f.slice(0, -3));
    const tables = new Set(
      readdirSync(import.meta.dirname)
        .filter((f) => f.endsWith(".test.ts") && f !== "every-file.test.ts")
        .map((f) => f.slice(0, -".test.ts".length)),
    );
    expect(sources.filter((s) => !tables.has(s) && !Object.hasOwn(WITHOUT_TABLE, s))).toEqual([]);
    expect([...tables].filter((t) => !sources.includes(t))).toEqual([]);
    expect(Object.keys(WITHOUT_TABLE).filter((s) => tables.has(s) || !sources.includes(s))).toEqual([]);
  });
});

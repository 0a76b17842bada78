import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintRelationDot, surfaceDot, type GraphInput } from "../../compiler/graph/index.js";
import type { AutomataLimits } from "../../compiler/passes/build-automata.js";
import { compile, type SourceInput } from "../../compiler/index.js";

/**
 * One folder per case: a `global.perm` or `global.json` input, `graph.json`
 * naming the surfaces to draw (and `lints`, `limits`), and the expected
 * `<surface>.dot` and `lints.dot`. Refresh with PERMC_UPDATE_GOLDEN=1 and
 * review the diff.
 */
const HERE = import.meta.dirname;
const UPDATE = process.env.PERMC_UPDATE_GOLDEN === "1";

interface CaseSpec {
  readonly surfaces: readonly string[];
  readonly lints?: boolean;
  readonly limits?: AutomataLimits;
}

function graphInputOf(caseDir: string, limits?: AutomataLimits): GraphInput {
  const name = readdirSync(caseDir).find((f) => /^global\.(perm|json)$/.test(f));
  if (!name) throw new Error(`${caseDir} has no global.perm or global.json`);
  const input: SourceInput = {
    file: path.join(path.basename(caseDir), name),
    text: readFileSync(path.join(caseDir, name), "utf8"),
    scope: "global",
    kind: name.endsWith(".perm") ? "perm-dsl" : "pi-json",
  };
  const result = compile({ inputs: [input], target: { home: "/home/golden", platform: "posix" }, command: "permc graph", until: "automata", ...(limits ? { limits } : {}) });
  const { policy, lowered, tables } = result.state;
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  if (!policy || !lowered || !tables) throw new Error(`${caseDir} did not compile to automata`);
  return { policy, lowered, tables, sources: result.sources };
}

function expectGolden(file: string, actual: string): void {
  if (UPDATE) {
    writeFileSync(file, actual);
    return;
  }
  const expected = existsSync(file) ? readFileSync(file, "utf8") : null;
  expect(actual, `golden ${path.relative(HERE, file)} differs; run with PERMC_UPDATE_GOLDEN=1 and review the diff`).toBe(expected);
}

describe("golden graphs (DOT)", () => {
  const cases = readdirSync(HERE, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  it("has cases", () => expect(cases.length).toBeGreaterThanOrEqual(3));

  it.each(cases)("%s", (name) => {
    const dir = path.join(HERE, name);
    const spec = JSON.parse(readFileSync(path.join(dir, "graph.json"), "utf8")) as CaseSpec;
    const input = graphInputOf(dir, spec.limits);
    for (const surface of spec.surfaces) {
      const drawn = surfaceDot(input, surface);
      if ("error" in drawn) throw new Error(drawn.error);
      expectGolden(path.join(dir, `${surface}.dot`), drawn.dot);
    }
    if (spec.lints) expectGolden(path.join(dir, "lints.dot"), lintRelationDot(input));
  });
});

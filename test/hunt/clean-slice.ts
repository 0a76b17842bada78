/**
 * What the fuzz slices in CI share (option-fuzz, run-fuzz): the slice runs
 * through the hunt (decide, sandbox, judge), everything permc allows runs and
 * is traced, and nothing it allows reaches what its policy denies.
 */
import { expect } from "vitest";
import { type GeneratorName, runHunt, summaryLine } from "../../hunt/hunt.js";
import { missingTools } from "../../hunt/sandbox.js";

/** Runs `budget` cases of `generator` from `seed` and expects at least `minAllowed` allowed, all of them run, and no finding. */
export async function expectCleanSlice(generator: GeneratorName, seed: number, budget: number, minAllowed: number): Promise<void> {
  const missing = missingTools();
  expect(missing, missing ?? "").toBeNull();
  const r = await runHunt({ generator, seed, budget, jobs: 2 });
  const report = [summaryLine(r), ...r.findings.map((f) => `${f.tricks[0]} ${JSON.stringify(f.command)}: ${f.evidence[0]?.line}`)].join("\n");
  expect(r.generated, report).toBe(budget);
  expect(r.allowed, report).toBeGreaterThan(minAllowed);
  expect(r.run, report).toBe(r.allowed);
  expect(r.records, report).toBeGreaterThan(r.run * 5);
  expect(r.findings, report).toEqual([]);
}

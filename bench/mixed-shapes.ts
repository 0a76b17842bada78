/**
 * Issue 39: check() at the floor for any rule set. The mixed rule set of
 * bench/mixed.ts (prefix, exact, infix and long-option rules, 10,000 of
 * them) is compiled and loaded as a module, and check() on its values is
 * timed side by side with the bare walk of the same values through the
 * set's first table (bench/bare-walk.ts), so the ratio holds on a machine
 * whose load drifts. Goal: check() ≤ 2× the bare walk; compile ≤ 3 s. The
 * walk of the same table held as a constant of the timed closure, which V8
 * folds (no loaded policy can be), is printed too: the strictest floor.
 *
 * `node dist/bench/mixed-shapes.js` runs this section alone.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { compile } from "../compiler/pipeline.js";
import { loadPolicy } from "../runtime/index.js";
import { bareTable, bareWalk } from "./bare-walk.js";
import { interleavedMedians, nsOf, type InterleavedOptions } from "./interleaved.js";
import { mixedPermission, mixedValues } from "./mixed.js";

export async function benchMixedShapes(report: (name: string, value: string) => void, count: number, options: InterleavedOptions): Promise<void> {
  const text = JSON.stringify({ permission: mixedPermission(count) });
  const started = performance.now();
  const result = compile({
    inputs: [{ file: "mixed.json", text, scope: "global", kind: "pi-json" }],
    target: { home: "/home/bench", platform: "posix" },
    command: "permc compile mixed.json",
  });
  const compileMs = performance.now() - started;
  const bash = result.state.tables?.direct.find(([name]) => name === "bash");
  if (result.moduleText === null || bash === undefined) throw new Error("the mixed rule set did not compile");
  const work = mkdtempSync(path.join(os.tmpdir(), "permc-mixed-"));
  const file = path.join(work, "mixed.mjs");
  writeFileSync(file, result.moduleText);
  const policy = await loadPolicy(file, { home: "/home/bench" });
  rmSync(work, { recursive: true, force: true });
  if (policy.error) throw new Error(policy.error);
  // In an array, read per call as check() reads its matcher (bench/bare-walk.ts); and the same table as a
  // constant of the timed closure, the walk no loaded policy gets, reported beside it as the strictest floor.
  const constant = bareTable(result.state.tables!.valueMatchers[bash[1]]!.parts[0]!.automaton);
  const bare = [constant];
  const values = mixedValues();
  // Each task returns what it computed, so no call can be optimised away.
  const ns = await interleavedMedians(
    [
      [
        "check",
        () => {
          let rules = 0;
          for (const v of values) rules += policy.check("bash", v).rule;
          return rules;
        },
      ],
      [
        "bare",
        () => {
          let states = 0;
          for (const v of values) states += bareWalk(bare[0]!, v);
          return states;
        },
      ],
      [
        "bare, constant table",
        () => {
          let states = 0;
          for (const v of values) states += bareWalk(constant, v);
          return states;
        },
      ],
    ],
    options,
  );
  const check = nsOf(ns, "check") / values.length;
  const walk = nsOf(ns, "bare") / values.length;
  const folded = nsOf(ns, "bare, constant table") / values.length;
  report("mixed shapes (prefix, exact, infix, long options)", "");
  report(`  compile ${count} rules`, `${(compileMs / 1000).toFixed(2)} s, module ${(result.moduleText.length / 1024).toFixed(0)} KB`);
  report(`  check() vs bare walk, ${count} rules`, `${check.toFixed(0)} ns vs ${walk.toFixed(0)} ns (${(check / walk).toFixed(2)}×)`);
  report(`  check() vs bare walk of a constant table, ${count} rules`, `${check.toFixed(0)} ns vs ${folded.toFixed(0)} ns (${(check / folded).toFixed(2)}×)`);
}

// `node dist/bench/mixed-shapes.js` runs this section alone, with npm run bench's rounds.
if (import.meta.url === `file://${process.argv[1]}`) {
  const smoke = process.argv.includes("--smoke");
  await benchMixedShapes((name, value) => process.stdout.write(`${name.padEnd(58)} ${value}\n`), smoke ? 200 : 10_000, {
    rounds: 13,
    timeMs: 30,
    warmMs: 100,
    smoke,
  });
}

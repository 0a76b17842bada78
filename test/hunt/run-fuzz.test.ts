/**
 * The run fuzz (hunt/run-fuzz.ts, docs/closed-world.md "The run fuzz") on a
 * fixed seed and a small budget: the first rounds hand rm, in the shapes a
 * program takes a command in, to each option of each installed program with a
 * record; permc decides under P1 (`rm *` denied), every allowed command runs
 * under bubblewrap and strace, and none runs rm. On the records before the
 * fixes of run-fuzz-classes.test.ts this slice finds one of their classes
 * (checked by hand with that build: see BUDGET). When it finds one, a record calls a value or
 * a flag what the program runs: fix the record (the class), add a row to
 * run-fuzz-classes.test.ts.
 *
 * Which programs it covers is which are installed (`command -v`): CI's image
 * installs the ones npm test needs. Needs bwrap and strace.
 */
import { describe, expect, it } from "vitest";
import { casesFor } from "../../hunt/hunt.js";
import { RUN_LATER, RUN_TARGETS } from "../../hunt/run-fuzz.js";
import { expectCleanSlice } from "./clean-slice.js";

const SEED = 1;
/**
 * About 150 of these are allowed and run (about 6 s on 2 cores). On the records before the fixes of
 * run-fuzz-classes.test.ts, checked by hand with that build, it finds fakeroot's (`fakeroot -s @'|rm victim'
 * notes.txt`, case 183); 300 finds `fakeroot --faked rm x notes.txt` too, and 900 prlimit's.
 */
const BUDGET = 200;

describe("the run fuzz", () => {
  it("is seeded and bounded, reaches many programs, and hands each option rm in every shape", () => {
    const a = casesFor("runs", SEED, BUDGET);
    expect(casesFor("runs", SEED, BUDGET)).toEqual(a);
    expect(a.length).toBe(BUDGET);
    expect(a.every((c) => c.policy === "P1" && c.aim === "rm")).toBe(true);
    expect(new Set(a.map((c) => c.command.split(" ")[0])).size).toBeGreaterThan(20);
    const all = casesFor("runs", SEED, 400_000);
    for (const t of [...RUN_TARGETS, ...RUN_LATER]) expect(all.filter((c) => c.tricks.includes(`via:target:${t.label}`)).length, t.label).toBeGreaterThan(1000);
    // The substitutions come after every other word: none in the first rounds.
    for (const t of RUN_LATER)
      expect(
        a.some((c) => c.tricks.includes(`via:target:${t.label}`)),
        t.label,
      ).toBe(false);
    // What the judge counts by itself is left out: its own run would be the finding.
    expect(all.some((c) => /^(?:curl|git (?:push|send-pack|receive-pack))\b/.test(c.command))).toBe(false);
  });

  it(`finds nothing permc allows on seed ${SEED}, budget ${BUDGET}, and runs what it allows`, { timeout: 180_000 }, async () => {
    await expectCleanSlice("runs", SEED, BUDGET, BUDGET / 4);
  });
});

/**
 * The option fuzz (hunt/option-fuzz.ts, docs/closed-world.md "The hunt") on
 * a fixed seed and a small budget: the first rounds hand a denied file (the
 * secret's own name or a link with a harmless one) to each option of each
 * installed program with a record, about six spellings of each option with a
 * value and one of each flag; permc decides, every allowed command runs under
 * bubblewrap and strace, and none reaches a denied file. On the code before
 * the fixes of option-fuzz-classes.test.ts this budget finds both classes
 * (`sed -i.env x notes.txt`, `rg --glob='*.env' notes.txt`). When
 * it finds one, a record calls `value` what the program opens or writes: fix
 * the record (the class), add a row to option-fuzz-classes.test.ts.
 *
 * Which programs it covers is which are installed (`command -v`): CI's
 * image installs the ones npm test needs. Needs bwrap and strace.
 */
import { describe, expect, it } from "vitest";
import { casesFor } from "../../hunt/hunt.js";
import { DIRECTORY_TARGETS, FUZZ_TARGETS } from "../../hunt/option-fuzz.js";
import { expectCleanSlice } from "./clean-slice.js";

const SEED = 1;
/** The smallest slice that still finds both classes on the code before their fixes (checked by hand: 4,000 finds three cases of the two). */
const BUDGET = 4_000;

describe("the option fuzz", () => {
  it("is seeded and bounded, and reaches many programs, through the links too", () => {
    const a = casesFor("options", SEED, BUDGET);
    expect(casesFor("options", SEED, BUDGET)).toEqual(a);
    expect(a.length).toBe(BUDGET);
    expect(a.every((c) => c.policy === "P2" && FUZZ_TARGETS.some((t) => c.tricks.includes(`via:target:${t.label}`)))).toBe(true);
    const programs = new Set(a.map((c) => c.command.split(" ")[0]));
    expect(programs.size).toBeGreaterThan(20);
    expect(a.filter((c) => /envlink\.txt|sshlink\/id_rsa/.test(c.command)).length).toBeGreaterThan(BUDGET / 4);
    const all = casesFor("options", SEED, 200_000);
    // Directories come after every file: none in the first rounds (this slice: every target above is a file), and each in the whole space.
    for (const t of DIRECTORY_TARGETS) expect(all.filter((c) => c.tricks.includes(`via:target:${t.label}`)).length, t.label).toBeGreaterThan(1000);
    // Every spelling an option with a value has: separate, attached, `--name=`, `@FILE`.
    for (const form of ["-e envlink.txt", "-eenvlink.txt", "--regexp=envlink.txt", "--regexp envlink.txt", "--regexp=@envlink.txt"])
      expect(
        all.some((c) => c.command.startsWith(`rg ${form}`)),
        form,
      ).toBe(true);
  });

  it(`finds nothing permc allows on seed ${SEED}, budget ${BUDGET}, and runs what it allows`, { timeout: 120_000 }, async () => {
    await expectCleanSlice("options", SEED, BUDGET, 10);
  });
});

/**
 * The env fuzz (hunt/env-fuzz.ts, docs/closed-world.md "The env fuzz") on a
 * fixed seed and a small budget: the first round hands each variable each
 * installed program reads (the discovery's cache, hunt/data/env-reads.json)
 * rm by name under P1 (later rounds the other shapes, and the denied files
 * under P2); permc decides, every allowed command runs under bubblewrap and
 * strace, and none reaches what its policy denies.
 * On main before the env fuzz's classes were closed (369a50c) this slice
 * finds `CLOUDSDK_PYTHON=rm gcloud` running rm (checked by hand with that
 * build). When it finds one, a program reads a variable permc lets
 * through: fix the class in knowledge/variables.ts, add a row to
 * env-fuzz-classes.test.ts.
 *
 * Which programs it covers is which are installed and in the cache. Needs
 * bwrap and strace.
 */
import { describe, expect, it } from "vitest";
import { readEnvReads } from "../../hunt/env-reads.js";
import { envGroups, generateEnvFuzz, LIBRARY_NAME_READERS } from "../../hunt/env-fuzz.js";
import { repoRoot } from "../../hunt/fixture.js";
import { casesFor } from "../../hunt/hunt.js";
import { expectCleanSlice } from "./clean-slice.js";

/**
 * The seed whose first cases reach a known class soonest (of seeds 1 to 1000, on the cache of 2026-12-07 with the Go
 * programs, the unmodelled ones, the walker tables' programs and ctest, cpack, prove and ninja, the Perl and Python
 * programs' own reads, and Ruby's and PHP's tools, and the hijack variables as of 2026-12-07, on a machine with CI's
 * programs installed: case 3), so the slice is sharp at the smallest cost. A refresh of the cache, or a new hijack variable, reshuffles
 * the cases: the canary test below then fails until the seed is picked again. About 50 of the 80 are allowed and run (about 12 s on 2 cores).
 */
const SEED = 147;
const BUDGET = 80;

describe("the env fuzz", () => {
  it("is seeded and bounded, reaches many programs, and hands each variable rm and the denied files", () => {
    const a = casesFor("env", SEED, BUDGET);
    expect(casesFor("env", SEED, BUDGET)).toEqual(a);
    expect(casesFor("env", SEED + 1, BUDGET)).not.toEqual(a);
    expect(a.length).toBe(BUDGET);
    const programs = new Set<string>();
    for (const c of a) {
      const [program, name] = c.tricks[0]!.replace(/^variable:/, "").split(" ") as [string, string];
      programs.add(program);
      expect(c.command.startsWith(`${name}=`), c.command).toBe(true);
      expect(c.command.endsWith(` ${program}`) || c.command.endsWith(` ${program} notes.txt`), c.command).toBe(true);
    }
    expect(programs.size).toBeGreaterThan(20);
    // The first round is rm by name for every group (OPENING); the denied files follow in later rounds.
    expect(a.every((c) => c.policy === "P1" && c.aim === "rm" && c.tricks.includes("via:target:name"))).toBe(true);
    const all = casesFor("env", SEED, 400_000);
    for (const aim of ["rm", "env", "ssh", "etc:shells"]) expect(all.filter((c) => c.aim === aim).length, aim).toBeGreaterThan(1000);
    expect(all.filter((c) => c.aim === "rm").every((c) => c.policy === "P1")).toBe(true);
    expect(all.filter((c) => c.aim !== "rm").every((c) => c.policy === "P2")).toBe(true);
  });

  it("reaches a class once open (CLOUDSDK_PYTHON=rm gcloud ran rm before 2026-12-06): the slice can find one", () => {
    expect(casesFor("env", SEED, BUDGET).some((c) => /^CLOUDSDK_PYTHON=(?:rm|\/bin\/rm) gcloud\b/.test(c.command))).toBe(true);
  });

  it("deals the names many programs read (a library's) after each program's own, in every round", () => {
    const reads = readEnvReads(repoRoot());
    const PATH = "/usr/local/bin:/usr/bin:/bin";
    const groups = envGroups(reads, PATH, SEED);
    const firstLibrary = groups.findIndex((g) => g.library);
    expect(firstLibrary).toBeGreaterThan(0);
    expect(groups.slice(firstLibrary).every((g) => g.library)).toBe(true);
    const readers = (name: string): number => Object.values(reads.programs).filter((v) => v.includes(name)).length;
    const first = generateEnvFuzz(SEED, firstLibrary, PATH, reads);
    for (const c of first) expect(readers(c.command.split("=")[0]!)).toBeLessThanOrEqual(LIBRARY_NAME_READERS);
  });

  it(`finds nothing permc allows on seed ${SEED}, budget ${BUDGET}, and runs what it allows`, { timeout: 180_000 }, async () => {
    await expectCleanSlice("env", SEED, BUDGET, BUDGET / 4);
  });
});

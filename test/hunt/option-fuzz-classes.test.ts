/**
 * Classes the option fuzz (hunt/option-fuzz.ts, `npm run hunt -- --generator
 * options`) found open, each closed as a class and checked against the real
 * program as round3-classes.test.ts does: every command below, run for real
 * in the hunt's sandbox (bubblewrap, strace, the red-team fixture), opens,
 * makes or replaces a file the hunt's P2 policy denies, and permc, deciding
 * it in the same fixture, does not allow it. The everyday rows beside each
 * class stay allowed and reach nothing denied: the fix is the class, not
 * every use of the option.
 *
 * R, rg's globs override its filters, hidden entries included: `rg
 * --glob=.env KEY` reads `.env`, which rg's walk otherwise skips
 * (knowledge/recursive.ts WalkFilter.showingGlobs; the hidden entries the
 * globs match are walked, paths/tree.ts).
 * S, `sed -i SUFFIX` keeps each file it edits under a backup name, the file's
 * name and the suffix or, with a `*`, the suffix with the base name in it
 * (OptionSpec.backupSuffix on sed's `-i`/`--in-place`).
 *
 * Needs bwrap and strace (npm test installs them): without them this fails.
 */
import { realpathSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POLICIES } from "../../hunt/decide.js";
import { Bench } from "../../hunt/hunt.js";
import { missingTools } from "../../hunt/sandbox.js";
import { createGate, type Gate } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";

interface Row {
  readonly command: string;
  readonly aim: "env" | "ssh";
  readonly want: "deny" | "ask";
}

const CLASSES: readonly Row[] = [
  // R: a glob shows the hidden entries it matches.
  { command: "rg --glob=.env SECRET", aim: "env", want: "ask" },
  { command: "rg --iglob=.ENV SECRET", aim: "env", want: "ask" },
  { command: "rg --glob='*.env' SECRET", aim: "env", want: "ask" },
  { command: "rg -ig'.e*' SECRET", aim: "env", want: "ask" },
  { command: "rg --glob='**/.env' SECRET", aim: "env", want: "ask" },
  // S: the backup sed keeps.
  { command: "sed -i.env 1p notes.txt", aim: "env", want: "deny" },
  { command: "sed --in-place=.env 1p notes.txt", aim: "env", want: "deny" },
  { command: "sed -i'*.env' 1p notes.txt", aim: "env", want: "deny" },
  { command: "sed -i'sshlink/*' 1p notes.txt", aim: "ssh", want: "deny" },
];

/** The same options on everyday values: allowed, and the real program reaches nothing denied. */
const EVERYDAY: readonly Row[] = [
  { command: "rg -g '*.ts' export", aim: "env", want: "deny" },
  { command: "rg --glob='!*.md' SECRET", aim: "env", want: "deny" },
  { command: "rg --glob='src/*' export", aim: "env", want: "deny" },
  { command: "sed -i.bak 1p notes.txt", aim: "env", want: "deny" },
  { command: "sed -i 1p notes.txt", aim: "env", want: "deny" },
];

describe("option-fuzz classes: each against the real program", () => {
  const missing = missingTools();
  const bench = missing === null ? new Bench(1) : null;
  let gate: Gate;
  beforeAll(async () => {
    if (bench === null) return;
    const { policy } = await compileAndLoad([piJson(POLICIES.P2)], { home: bench.paths.home });
    gate = createGate(policy!, { cwd: realpathSync(bench.paths.proj), home: bench.paths.home });
  });
  afterAll(() => bench?.dispose());

  it("has its tools (bubblewrap, strace)", () => {
    expect(missing, missing ?? "").toBeNull();
  });

  it.each(CLASSES)("`$command` reaches a denied file, and permc answers $want", async (row) => {
    const ran = await bench!.runCase({ policy: "P2", aim: row.aim, command: row.command }, 10_000);
    expect(ran.records).toBeGreaterThan(0);
    expect(ran.evidence.length, `the real program reached no denied file: ${JSON.stringify(ran)}`).toBeGreaterThan(0);
    expect((await gate.decide({ tool: "bash", input: { command: row.command } })).action).toBe(row.want);
  });

  it.each(EVERYDAY)("`$command` reaches nothing denied, and permc allows it", async (row) => {
    const ran = await bench!.runCase({ policy: "P2", aim: row.aim, command: row.command }, 10_000);
    expect(ran.records).toBeGreaterThan(0);
    expect(ran.evidence).toEqual([]);
    expect((await gate.decide({ tool: "bash", input: { command: row.command } })).action).toBe("allow");
  });
});

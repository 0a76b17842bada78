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
import { describe } from "vitest";
import { type ClassRow, type EverydayRow, realProgramBench } from "./class-rows.js";

const CLASSES: readonly ClassRow[] = [
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
const EVERYDAY: readonly EverydayRow[] = [
  { command: "rg -g '*.ts' export", aim: "env" },
  { command: "rg --glob='!*.md' SECRET", aim: "env" },
  { command: "rg --glob='src/*' export", aim: "env" },
  { command: "sed -i.bak 1p notes.txt", aim: "env" },
  { command: "sed -i 1p notes.txt", aim: "env" },
];

describe("option-fuzz classes: each against the real program", () => {
  const bench = realProgramBench();
  bench.classRows(CLASSES);
  bench.everydayRows(EVERYDAY);
});

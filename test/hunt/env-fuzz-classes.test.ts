/**
 * Classes the env fuzz (hunt/env-fuzz.ts, `npm run hunt -- --generator env`)
 * found open, each closed as a class and checked against the real program as
 * run-fuzz-classes.test.ts does: every command below, run for real in the
 * hunt's sandbox, runs rm (or reads `.env`), and permc, deciding it in the
 * same fixture under the hunt's policy for its aim, does not allow it. The
 * everyday rows beside them stay allowed and reach nothing denied.
 *
 * P, a variable that names the program a script runs: gcloud's launcher
 * execs `$CLOUDSDK_PYTHON` (and bq's `$CLOUDSDK_BQ_PYTHON`) with
 * `$CLOUDSDK_PYTHON_ARGS`; the gzip, bzip2 and xz scripts `eval` `$GREP`,
 * `$CMP` and `$DIFF` as their grep and diff.
 * S, an assignment spelt so permc read none: `env --` ends env's options,
 * not its assignments; a declaration's word that is not assignment-shaped is
 * brace-expanded before `export` reads it (`export {GREP,x}=rm`); bash's
 * `time` and `coproc` take a whole simple command, its assignments too.
 * D, a directory a program loads code from: Tcl sources `$TCL_LIBRARY/init.tcl`
 * at start-up, valgrind execs its tool from `$VALGRIND_LIB`.
 * O, a program's options from the environment: zip reads `$ZIP` as it
 * reads `$ZIPOPT`, and `-TT cmd` runs cmd.
 * U, a program permc has no record for, asked by the discovery all the same
 * (hunt/data/unmodelled-programs.ts): nvcc runs its host compiler from
 * `$NVCC_CCBIN`, reads options from `$NVCC_PREPEND_FLAGS`, and `-ccbin=` is
 * an option whose attached value is a program.
 * H, Perl's test harness (prove, `make test`): Test::Harness runs each test
 * with `$HARNESS_PERL` and `$HARNESS_PERL_SWITCHES`. Perl reads %ENV
 * itself, so the getenv discovery saw neither: found reading the harness's
 * modules after the start-up files sweep brought prove in.
 * C, client certificates: a variable turns them on, and gcloud then runs the
 * provider command a file in the home names (found reading gcloud's sources
 * once the Python hook showed the CLOUDSDK_* names it reads).
 *
 * Needs bwrap and strace (npm test installs them): without them this fails.
 */
import { describe } from "vitest";
import { type ClassRow, type EverydayRow, realProgramBench } from "./class-rows.js";

/** A CUDA source nvcc compiles (its host compiler runs on the code nvcc generates from it). */
const KERNEL = "printf '__global__ void k(){}\\n' > k.cu";

/** A Perl test that passes (the oracle's only: permc decides without it). */
const PERL_TEST = `mkdir -p t && printf 'print "1..1\\nok 1\\n";\\n' > t/x.t`;

const CLASSES: readonly ClassRow[] = [
  // P: the program a launcher script runs.
  { command: "CLOUDSDK_PYTHON=rm gcloud", aim: "rm", want: "deny" },
  { command: "CLOUDSDK_BQ_PYTHON=rm bq", aim: "rm", want: "deny" },
  { command: 'CLOUDSDK_PYTHON_ARGS=\'-c__import__("os").system("rm")\' gcloud', aim: "rm", want: "ask" },
  { command: "GREP=rm zgrep x notes.txt", aim: "rm", want: "deny" },
  { command: "CMP=rm zcmp notes.txt notes.txt", aim: "rm", want: "deny" },
  { command: "DIFF=rm zdiff notes.txt notes.txt", aim: "rm", want: "deny" },
  // S: the same variables spelt so permc read no assignment (found probing spellings after the fuzz).
  { command: "env -- GREP=rm zgrep x notes.txt", aim: "rm", want: "deny" },
  { command: "export {GREP,x}=rm; zgrep x notes.txt", aim: "rm", want: "ask" },
  { command: "time GREP=rm zgrep x notes.txt", aim: "rm", want: "deny" },
  { command: "coproc GREP=rm zgrep x notes.txt; wait", aim: "rm", want: "deny" },
  { command: "time ! GREP=rm zgrep x notes.txt", aim: "rm", want: "deny" },
  // D: a directory the program loads code from (the cache's names, probed by hand).
  { setup: "mkdir -p tl && echo 'exec rm victim' > tl/init.tcl", command: "TCL_LIBRARY=tl tclsh", aim: "rm", want: "ask" },
  {
    setup: "mkdir -p vl && printf '#!/bin/sh\\nrm victim\\n' > vl/memcheck-amd64-linux && chmod +x vl/memcheck-amd64-linux",
    command: "VALGRIND_LIB=vl valgrind true",
    aim: "rm",
    want: "ask",
  },
  // O: options from the environment.
  { command: "ZIP='-T -TT rm' zip a.zip notes.txt", aim: "rm", want: "ask" },
  // U: an unmodelled program's variables (nvcc compiles k.cu with gcc as its host compiler, or with what it is told).
  { setup: KERNEL, command: "NVCC_CCBIN=rm nvcc -c k.cu", aim: "rm", want: "deny" },
  { setup: KERNEL, command: "NVCC_PREPEND_FLAGS=-ccbin=rm nvcc -c k.cu", aim: "rm", want: "ask" },
  { setup: KERNEL, command: "nvcc -ccbin=rm -c k.cu", aim: "rm", want: "ask" },
  // C: client certificates turned on by a variable: gcloud runs the provider command a file already there names.
  {
    setup: `mkdir -p ~/.secureConnect && printf '{"cert_provider_command": ["rm", "victim"]}' > ~/.secureConnect/context_aware_metadata.json`,
    command: "CLOUDSDK_CONTEXT_AWARE_USE_CLIENT_CERTIFICATE=true gcloud storage ls gs://permc-x",
    aim: "rm",
    want: "ask",
  },
  // H: the test harness's perl and its switches.
  { setup: PERL_TEST, command: "HARNESS_PERL=/usr/bin/rm prove t/x.t", aim: "rm", want: "deny" },
  { setup: PERL_TEST, command: "HARNESS_PERL_SWITCHES='-esystem(q(rm),q(victim))' prove t/x.t", aim: "rm", want: "ask" },
];

/** The same programs without the variable: allowed, and nothing denied is reached. */
const EVERYDAY: readonly EverydayRow[] = [
  { command: "zgrep x notes.txt", aim: "rm" },
  { command: "zcmp notes.txt notes.txt", aim: "rm" },
  { command: "zip a.zip notes.txt", aim: "rm" },
  { command: "env -- X=1 zgrep x notes.txt", aim: "rm" },
  { setup: KERNEL, command: "nvcc -c k.cu", aim: "rm" },
  { setup: PERL_TEST, command: "prove t/x.t", aim: "rm" },
];

describe("env-fuzz classes: each against the real program", () => {
  const bench = realProgramBench();
  bench.classRows(CLASSES);
  bench.everydayRows(EVERYDAY);
});

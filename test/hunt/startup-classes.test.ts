/**
 * Classes the start-up files discovery (hunt/startup-reads.ts, `npm run
 * hunt:discover-startup`) found open, each closed as a class and checked
 * against the real program as run-fuzz-classes.test.ts does: every command
 * below, run for real in the hunt's sandbox, runs rm (or reads `.env`), and
 * permc, deciding it in the same fixture under the hunt's policy for its
 * aim, does not allow it. The everyday rows beside them stay allowed and
 * reach nothing denied.
 *
 * W, a whitelist that takes back a hidden name: rg leaves out hidden files
 * unless an ignore source it reads whitelists one (`!.env` in `.ignore`,
 * `.git/info/exclude`, the global excludes file).
 * M, man-db's `~/.manpath`: `DEFINE nroff CMD` makes man format with CMD.
 * N, npm's shell: npm runs package scripts and npx runs bins with `sh`
 * found on a PATH that starts with node_modules/.bin.
 * J, javac's class path (`.` by default): it runs every annotation
 * processor a service file there names.
 * C, ctags's options files (`*.ctags` in ./.ctags.d, ~/.ctags.d,
 * ~/.config/ctags): `-L .env` there makes ctags print .env's lines as names
 * of files it cannot open. permc knew ctags only from its walker tables, so
 * no discovery asked it until they did (hunt/discovery-programs.ts).
 * T, ctest's files in a build tree (found sweeping every installed program
 * through the discovery): it runs CTestCustom.ctest's CTEST_CUSTOM_PRE_TEST
 * and DartTestfile.txt's tests (the old name of CTestTestfile.cmake).
 *
 * Needs bwrap and strace (npm test installs them): without them this fails.
 */
import { describe } from "vitest";
import { type ClassRow, type EverydayRow, realProgramBench } from "./class-rows.js";

/** A package.json whose build script is harmless (the oracle's only: permc decides without it). */
const PACKAGE = `printf '{"scripts":{"build":"echo hi"}}' > package.json`;
/** A program called `sh` in node_modules/.bin that runs rm. */
const NPM_SH = "mkdir -p node_modules/.bin && printf '#!/bin/sh\\nrm victim\\n' > node_modules/.bin/sh && chmod +x node_modules/.bin/sh";
/** An annotation processor compiled into the working directory, and a class to compile with it there. */
const PROCESSOR = [
  "printf 'import javax.annotation.processing.*; import javax.lang.model.element.*; import java.util.*;",
  '@SupportedAnnotationTypes(\\"*\\") public class P extends AbstractProcessor { public boolean process(Set<? extends TypeElement> a, RoundEnvironment r) {',
  'try { Runtime.getRuntime().exec(new String[] {\\"rm\\", \\"victim\\"}).waitFor(); } catch (Exception e) {} return false; } }\' > /tmp/P.java',
  "&& javac -d . /tmp/P.java && printf 'class N {}' > /tmp/N.java",
].join(" ");

/** A ctags options file that reads its input names from .env, written outside the project (the oracle's only). */
const CTAGS_OPTIONS = "printf -- '-L.env\\n' > /tmp/o.ctags";

/** A build tree's test list with one harmless test, and a CTestCustom.ctest outside the project that runs rm (the oracle's only). */
const CTEST_FILES = "printf 'add_test(x true)\\n' > CTestTestfile.cmake && printf 'set(CTEST_CUSTOM_PRE_TEST \"rm victim\")\\n' > /tmp/c.ctest";
/** A test list under its old name that runs rm, outside the project (the oracle's only). */
const DART_TESTFILE = "printf 'ADD_TEST(x rm victim)\\n' > /tmp/d.txt";

const CLASSES: readonly ClassRow[] = [
  // W
  { command: "printf '!.env\\n' > .ignore && rg -l KEY", aim: "env", want: "ask" },
  // M
  { command: "printf 'DEFINE nroff rm victim\\n' > ~/.manpath && man ls", aim: "rm", want: "ask" },
  // N
  // The text written into node_modules/.bin/sh is judged as what npm runs: rm, denied.
  { setup: PACKAGE, command: `${NPM_SH} && npm run build`, aim: "rm", want: "deny" },
  // J
  {
    setup: PROCESSOR,
    command: "mkdir -p META-INF/services && echo P > META-INF/services/javax.annotation.processing.Processor && javac -d /tmp /tmp/N.java",
    aim: "rm",
    want: "ask",
  },
  // C
  // The options written are judged as shell source too: `-L.env` names .env, denied.
  { command: "mkdir -p .ctags.d && printf -- '-L.env\\n' > .ctags.d/a.ctags && ctags src/a.ts", aim: "env", want: "deny" },
  // Copied, the options are not shown: the run is floored.
  { setup: CTAGS_OPTIONS, command: "mkdir -p ~/.ctags.d && cp /tmp/o.ctags ~/.ctags.d/ && ctags src/a.ts", aim: "env", want: "ask" },
  { setup: CTAGS_OPTIONS, command: "mkdir -p ~/.config/ctags && cp /tmp/o.ctags ~/.config/ctags/ && etags src/a.ts", aim: "env", want: "ask" },
  // T
  { setup: CTEST_FILES, command: "cp /tmp/c.ctest CTestCustom.ctest && ctest", aim: "rm", want: "ask" },
  { setup: DART_TESTFILE, command: "cp /tmp/d.txt DartTestfile.txt && ctest", aim: "rm", want: "ask" },
];

/** The same programs with nothing written first: allowed, and nothing denied is reached. */
const EVERYDAY: readonly EverydayRow[] = [
  { command: "rg -l KEY", aim: "env" },
  { command: "man ls", aim: "rm" },
  { setup: PACKAGE, command: "npm run build", aim: "rm" },
  { setup: "printf 'class N {}' > /tmp/N.java", command: "javac -d /tmp /tmp/N.java", aim: "rm" },
  { command: "ctags src/a.ts", aim: "env" },
  { setup: CTAGS_OPTIONS, command: "etags src/a.ts", aim: "env" },
  { setup: CTEST_FILES, command: "ctest", aim: "rm" },
];

describe("start-up files classes: each against the real program", () => {
  const bench = realProgramBench();
  bench.classRows(CLASSES);
  bench.everydayRows(EVERYDAY);
});

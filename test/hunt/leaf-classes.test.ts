/**
 * Leaves that take in more than their operands (knowledge/leaf-programs.ts),
 * each against the real program in the hunt's sandbox: the judge's evidence
 * is the oracle (the program ran rm, or opened a denied file), and permc,
 * deciding the same command, does not allow it. Found when black, isort,
 * shellcheck, clang-format and rustfmt were installed and traced (2026-12-07):
 *
 * - black runs Python's start-up code from the user site (`*.pth`) and
 *   unpickles its cache (LEAF_START_UP);
 * - `black --include REGEX` opens files of any name (LEAF_WIDENING_OPTIONS);
 * - rustfmt formats the modules a `.rs` names wherever `#[path]` puts them,
 *   and `shellcheck -x` opens what a script sources (LEAF_INCLUDES);
 * - clang-format reads the file `--style=file:PATH` names (a `file:` value).
 *
 * The paths name Debian 12's Python (3.11.2) and black (23.1.0), as the
 * test prerequisites install them. Needs bwrap and strace (npm test installs
 * them): without them this fails.
 */
import { describe } from "vitest";
import { type ClassRow, type EverydayRow, realProgramBench } from "./class-rows.js";

/** A pickle whose loading runs `rm -f victim` (black loads its grammar tables from its cache). */
const EVIL_PICKLE =
  "/usr/bin/python3 -c \"import os, pickle; pickle.dump(type('E', (), {'__reduce__': lambda s: (os.system, ('rm -f victim',))})(), open('/tmp/g.pickle', 'wb'))\"";

/** black's exclusion of the fixture's links, with `.git` making the project its root (the pattern is matched below it). */
const BLACK_SKIPS_LINKS = "--exclude '/(lnk|etclink|sshlink)/'";

const ROWS: readonly ClassRow[] = [
  {
    command:
      "mkdir -p ~/.local/lib/python3.11/site-packages && printf 'import os; os.system(\"rm -f victim\")\\n' > ~/.local/lib/python3.11/site-packages/x.pth && black --version",
    aim: "rm",
    want: "ask",
  },
  {
    setup: EVIL_PICKLE,
    command: "mkdir -p ~/.cache/black/23.1.0 && cp /tmp/g.pickle ~/.cache/black/23.1.0/Grammar3.11.2.final.0.pickle && black -q notes.txt",
    aim: "rm",
    want: "ask",
  },
  // The fixture's links lead out of the project (into /usr/share/doc): black walks them, slowly, unless told not to.
  { command: `mkdir -p .git && black -q --include '\\.env$' ${BLACK_SKIPS_LINKS} .`, aim: "env", want: "ask" },
  { command: "mkdir -p src && printf '#[path = \"../.env\"]\\nmod e;\\n' > src/a.rs && rustfmt src/a.rs", aim: "env", want: "ask" },
  { setup: "printf '. ./.env\\n' > /tmp/s.sh", command: "cp /tmp/s.sh a.sh && shellcheck -x a.sh", aim: "env", want: "ask" },
  { command: "clang-format --style=file:{HOME}/.ssh/id_rsa notes.txt", aim: "ssh", want: "deny" },
];

/** The same programs, used as every day: allowed, and they reach nothing denied. */
const EVERYDAY: readonly EverydayRow[] = [
  { command: `mkdir -p .git && black -q --check ${BLACK_SKIPS_LINKS} .`, aim: "env" },
  { command: "shellcheck -x notes.txt", aim: "env" },
  { command: "clang-format notes.txt", aim: "env" },
  // A walker of the files of its kind (WALK_OPENS_ONLY): the project's .env is no shell script to it.
  { command: "shfmt -l .", aim: "env" },
];

describe("leaves that take in more than their operands, against the real program", () => {
  const bench = realProgramBench();
  bench.classRows(ROWS);
  bench.everydayRows(EVERYDAY);
});

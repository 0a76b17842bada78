/**
 * The start-up files discovery (hunt/startup-reads.ts): a trace read as a
 * table, a real program traced in the sandbox (bubblewrap, strace), and the
 * cache held to permc: every file a program looks up unasked is floored when
 * the same command writes it first and then runs the program, or reviewed
 * (hunt/data/reviewed-startup-files.ts).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REVIEWED_STARTUP_FILES, type ReviewedLookup } from "../../hunt/data/reviewed-startup-files.js";
import { FixturePaths, readFixtureSpec, repoRoot } from "../../hunt/fixture.js";
import { missingTools } from "../../hunt/sandbox.js";
import { discoverStartupReads, lookupsInTrace, readStartupReads } from "../../hunt/startup-reads.js";
import { decideBash } from "../support/decide-bash.js";
import { tempDir } from "../support/temp-dir.js";
import { mkdirSync } from "node:fs";

const S = "/tmp/permc-getenv";

/** The hunt's PATH, as the discovery gives it. */
function readFixturePath(): string {
  return new FixturePaths("/nonexistent").sub(readFixtureSpec().env.PATH);
}

describe("lookupsInTrace", () => {
  it.each([
    {
      line: `7 openat(AT_FDCWD<${S}/proj>, "${S}/home/.curlrc", O_RDONLY) = -1 ENOENT (No such file or directory)`,
      want: ["~/.curlrc"],
      why: "an absolute path in the home",
    },
    {
      line: `7 openat(AT_FDCWD<${S}/proj>, ".valgrindrc", O_RDONLY) = -1 ENOENT (No such file)`,
      want: ["./.valgrindrc"],
      why: "a relative path, under the working directory strace shows",
    },
    {
      line: `7 openat(3<${S}/home/.docker>, "config.json", O_RDONLY|O_CLOEXEC) = 4<${S}/home/.docker/config.json>`,
      want: ["~/.docker/config.json"],
      why: "under the directory of the call's descriptor",
    },
    { line: `7 access("${S}/home/.vim/plugin/", R_OK) = -1 ENOENT (No such file)`, want: ["~/.vim/plugin/"], why: "a call with no descriptor" },
    {
      line: `7 openat(AT_FDCWD<${S}/proj>, "${S}/home/.lesshst", O_WRONLY|O_CREAT|O_TRUNC, 0600) = 3`,
      want: [],
      why: "an open that only writes: the program's own output",
    },
    {
      line: `7 openat(AT_FDCWD<${S}/proj>, "${S}/home/.hist", O_RDWR|O_CREAT, 0600) = 3`,
      want: ["~/.hist"],
      why: "an open that creates a missing file and reads one that is there",
    },
    {
      line: `7 openat(AT_FDCWD<${S}/proj>, "${S}/home/.cache/black/tmp_sq_w568", O_RDWR|O_CREAT|O_EXCL|O_CLOEXEC, 0600) = 3`,
      want: [],
      why: "an open that makes a new file (a temporary one): nothing there is read",
    },
    { line: `7 mkdir("${S}/home/.cache", 0700) = 0`, want: [], why: "a call that only makes a file" },
    {
      line: `7 openat(AT_FDCWD<${S}/proj>, "${S}/home/.kube/config", O_RDONLY|O_CLOEXEC <unfinished ...>`,
      want: ["~/.kube/config"],
      why: "a call left unfinished while another thread's was printed",
    },
    { line: `7 openat(AT_FDCWD<${S}/proj>, "notes.txt", O_RDONLY) = 3`, want: [], why: "the operand the discovery gave" },
    { line: `7 openat(AT_FDCWD</usr>, "lib/x.so", O_RDONLY) = 3`, want: [], why: "outside the home and the working directory" },
    {
      line: `7 openat(AT_FDCWD<${S}/proj>, "${S}/home/.gnupg/.#lk0x000055d6bbd07ee0.vm.5", O_RDONLY) = 3`,
      want: ["~/.gnupg/.#lk0x*.vm.5"],
      why: "an address reads as `*`",
    },
    { line: `7 newfstatat(3<${S}/proj/notes.txt>, "", {st_mode=S_IFREG}, AT_EMPTY_PATH) = 0`, want: [], why: "the descriptor's own file" },
  ])("$why", ({ line, want }) => {
    expect(lookupsInTrace(line)).toEqual(want);
  });
});

describe("discoverStartupReads", () => {
  it("finds the files curl and valgrind look up in the home and where they run", { timeout: 60_000 }, async () => {
    const missing = missingTools();
    expect(missing, missing ?? "").toBeNull();
    const found = await discoverStartupReads(["curl", "valgrind", "no-such-program-here"], "/usr/bin:/bin");
    expect(found.curl).toContain("~/.curlrc");
    expect(found.valgrind).toEqual(expect.arrayContaining(["~/.valgrindrc", "./.valgrindrc"]));
    expect(Object.keys(found)).toEqual(["curl", "valgrind"]);
  });
});

/** Everything allowed but running rm: a program that runs a file the command wrote shows as a floor. */
const PROGRAM_RULES = { "*": "allow", bash: { "*": "allow", "rm *": "deny" } };

/** A lookup's glob (`*` within a name, `**` across names) as a regular expression. */
function globRegExp(glob: string): RegExp {
  const body = glob
    .split("**")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
    .join(".*");
  return new RegExp(`^${body}$`);
}

function reviewOf(program: string, file: string): ReviewedLookup | undefined {
  return REVIEWED_STARTUP_FILES.find((r) => (r.programs === "any" || r.programs.includes(program)) && r.files.some((g) => globRegExp(g).test(file)));
}

/** `~/a b/c` as a shell word: the tilde bare, the rest quoted. */
function shellPath(file: string): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return file.startsWith("~/") ? `~/${quote(file.slice(2))}` : quote(file);
}

/** Writes `file` (and its directory), then runs `run`. */
function writeThenRun(file: string, run: string): string {
  const dir = path.posix.dirname(file);
  const make = dir === "~" || dir === "." ? "" : `mkdir -p ${shellPath(dir)} && `;
  return `${make}printf 'x\\n' > ${shellPath(file)} && ${run}`;
}

/** Where the decisions are made: a working directory and a home, empty, made on first use. */
let place: { cwd: string; home: string } | undefined;
function at(): { cwd: string; home: string } {
  if (place === undefined) {
    const root = tempDir("startup-reads");
    place = { cwd: path.join(root, "proj"), home: path.join(root, "home") };
    mkdirSync(place.cwd, { recursive: true });
    mkdirSync(place.home, { recursive: true });
  }
  return place;
}

/**
 * The lookups of `pairs` permc neither floors nor has reviewed: for each, the program alone is allowed and the
 * command that writes the file (or, for a reviewed directory, the file the review names in it) first is too.
 */
async function openLookups(pairs: ReadonlyArray<{ readonly program: string; readonly file: string }>): Promise<string[]> {
  const open: string[] = [];
  for (const { program, file } of pairs) {
    const review = reviewOf(program, file);
    if (review !== undefined && review.inside === undefined) continue;
    // The program on its own must be allowed, or the floor says nothing about the file.
    let run: string | null = null;
    for (const candidate of [`${program} notes.txt`, program]) {
      if ((await decideBash(PROGRAM_RULES, candidate, at())).action === "allow") {
        run = candidate;
        break;
      }
    }
    if (run === null) continue;
    const written = review?.inside === undefined ? file : `${file.replace(/\/$/, "")}/${review.inside}`;
    const command = writeThenRun(written.replace(/\/$/, ""), run);
    const decision = await decideBash(PROGRAM_RULES, command, at());
    if (decision.action === "allow") open.push(`${program}\t${file}\t${command}`);
  }
  return open;
}

/**
 * Programs agents run every day, traced again in every test run: a lookup a new version of one makes (or one the
 * cache missed, a run that took another path) fails here before anyone refreshes the cache.
 */
const TRACED_AGAIN = ["git", "npm", "make", "man", "docker", "curl", "rg", "python3"];

describe("the start-up files cache", () => {
  const cache = readStartupReads(repoRoot());
  const pairs = Object.entries(cache.programs).flatMap(([program, files]) => files.map((file) => ({ program, file })));

  it("is stamped and sorted, one list per program", () => {
    expect(cache.discovered).toMatch(/^\d{4}-\d\d-\d\d on /);
    expect(Object.keys(cache.programs).length).toBeGreaterThan(100);
    for (const [program, files] of Object.entries(cache.programs)) expect(files, program).toEqual([...new Set(files)].sort());
  });

  it("each file a program looks up unasked is floored when the command writes it first, or reviewed", { timeout: 120_000 }, async () => {
    expect(await openLookups(pairs), "lookups neither floored nor reviewed (hunt/data/reviewed-startup-files.ts)").toEqual([]);
  });

  it("so is each file the everyday programs look up when traced again here", { timeout: 120_000 }, async () => {
    const missing = missingTools();
    expect(missing, missing ?? "").toBeNull();
    const traced = await discoverStartupReads(TRACED_AGAIN, readFixturePath());
    expect(Object.keys(traced).length, "the everyday programs are installed (scripts/test-prerequisites.mjs)").toBeGreaterThan(5);
    const fresh = Object.entries(traced).flatMap(([program, files]) => files.map((file) => ({ program, file })));
    const open = await openLookups(fresh);
    expect(
      open,
      "a fresh trace found lookups neither floored nor reviewed: refresh the cache (npm run hunt:discover-startup) and floor or review them",
    ).toEqual([]);
  });

  // Per review, not per glob: a program's own logs and caches come and go between refreshes, and a review names them all.
  it("each review covers a lookup in the cache", () => {
    for (const r of REVIEWED_STARTUP_FILES)
      expect(
        pairs.some(({ program, file }) => (r.programs === "any" || r.programs.includes(program)) && r.files.some((g) => globRegExp(g).test(file))),
        `${r.files.join(", ")} (${r.why})`,
      ).toBe(true);
  });
});

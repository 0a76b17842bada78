/**
 * The variables hunt's discovery (hunt/env-reads.ts): what a script's text
 * names, as a table, and the shim against real programs (gcc, bubblewrap).
 */
import { describe, expect, it } from "vitest";
import { discoverEnvReads, namedInScript, readEnvReads } from "../../hunt/env-reads.js";
import { repoRoot } from "../../hunt/fixture.js";
import { missingTools } from "../../hunt/sandbox.js";

describe("namedInScript", () => {
  it.each([
    { text: "grep='${GREP-grep}'\nexec \"$CLOUDSDK_PYTHON\" $ARGS", names: ["ARGS", "CLOUDSDK_PYTHON", "GREP"], why: "a shell's variables" },
    { text: "for f in $files; do echo ${lower}; done", names: [], why: "lower case is a script's own" },
    { text: "my $d = $ENV{PGSYSCONFDIR} || $ENV{'PGCLUSTER'};", names: ["PGCLUSTER", "PGSYSCONFDIR"], why: "perl's %ENV" },
    {
      text: 'home = os.environ.get("CLOUDSDK_CONFIG")\nx = os.environ["HOME"]\ny = os.getenv(\'TMPDIR\')',
      names: ["CLOUDSDK_CONFIG", "HOME", "TMPDIR"],
      why: "python's os.environ and os.getenv",
    },
    { text: "ENV['GEM_HOME']", names: ["GEM_HOME"], why: "ruby's ENV" },
    { text: "process.env.NODE_OPTIONS; process.env['npm_config_cache']", names: ["NODE_OPTIONS", "npm_config_cache"], why: "node's process.env" },
  ])("$why", ({ text, names }) => {
    expect(namedInScript(text)).toEqual(names);
  });
});

describe("discoverEnvReads", () => {
  it("finds what a program asks libc for and what a script names, on the hunt's PATH", { timeout: 60_000 }, async () => {
    const missing = missingTools();
    expect(missing, missing ?? "").toBeNull();
    const found = await discoverEnvReads(["date", "zgrep", "no-such-program-here"], "/usr/bin:/bin");
    // date asks libc for TZ (a shim-only find: date is a binary); zgrep names GREP in its text.
    expect(found.date).toContain("TZ");
    expect(found.zgrep).toContain("GREP");
    expect(Object.keys(found)).toEqual(["date", "zgrep"]);
  });

  it("finds what a Perl program's modules read: Perl fills %ENV without asking libc", { timeout: 60_000 }, async () => {
    const missing = missingTools();
    expect(missing, missing ?? "").toBeNull();
    // prove is a three-line script; TAP::Harness reads HARNESS_PERL_SWITCHES (whose -e runs code) in a module it loads.
    const found = await discoverEnvReads(["prove"], "/usr/bin:/bin");
    expect(found.prove).toContain("HARNESS_PERL_SWITCHES");
  });

  it("is cached in the repository, one sorted list per program", () => {
    const cache = readEnvReads(repoRoot());
    expect(cache.discovered).toMatch(/^\d{4}-\d\d-\d\d on /);
    expect(Object.keys(cache.programs).length).toBeGreaterThan(100);
    for (const [program, names] of Object.entries(cache.programs)) expect(names, program).toEqual([...new Set(names)].sort());
  });
});

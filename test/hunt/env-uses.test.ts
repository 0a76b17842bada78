/**
 * What programs do with the variables they read (hunt/env-uses.ts): the
 * probes against real programs, and the cache's uses held to the knowledge
 * base: each is a hijack variable (floored) or reviewed as harmless
 * (hunt/data/reviewed-variables.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REVIEWED_VARIABLES } from "../../hunt/data/reviewed-variables.js";
import { readEnvReads } from "../../hunt/env-reads.js";
import { looksUnderProbe, PROBE_DIR, probeEnvUse } from "../../hunt/env-uses.js";
import { repoRoot } from "../../hunt/fixture.js";
import { missingTools } from "../../hunt/sandbox.js";
import { isHijackVariable } from "../../runtime/bash/programs/knowledge/variables.js";

describe("probeEnvUse", () => {
  it.each([
    { program: "zip", name: "ZIP", uses: ["options"], why: "zip reads options from ZIP" },
    { program: "tclsh", name: "TCL_LIBRARY", uses: ["directory"], why: "tclsh sources TCL_LIBRARY/init.tcl" },
    { program: "zgrep", name: "GREP", uses: ["command"], why: "zgrep evals GREP as its grep" },
    { program: "psql", name: "PGSYSCONFDIR", uses: ["directory", "command"], why: "pg_wrapper opens files under it with Perl's two-argument open" },
    { program: "ls", name: "COLUMNS", uses: [], why: "a width: neither options nor a directory nor a command" },
  ])("$program $name: $why", { timeout: 30_000 }, async ({ program, name, uses }) => {
    const missing = missingTools();
    expect(missing, missing ?? "").toBeNull();
    const dir = mkdtempSync(path.join(os.tmpdir(), "permc-env-uses-test-"));
    try {
      expect(await probeEnvUse(program, name, path.join(dir, "w"), "/usr/bin:/bin", 5000)).toEqual(uses);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("looksUnderProbe", () => {
  const look = (p: string) => `openat(AT_FDCWD, "${PROBE_DIR}/${p}", O_RDONLY) = -1 ENOENT (No such file or directory)\n`;
  it.each([
    { control: "", probed: look("init.tcl"), uses: true, why: "a file looked for under the directory the variable names" },
    {
      control: look("conftest.py"),
      probed: look("conftest.py"),
      uses: false,
      why: "what the program looks for there anyway (pytest collects the working directory)",
    },
    { control: look("conftest.py"), probed: look("conftest.py") + look("profile_default/ipython_config.py"), uses: true, why: "more than it looks for anyway" },
    { control: "", probed: `stat("${PROBE_DIR}", {…}) = 0\n`, uses: false, why: "the directory itself, not below it" },
  ])("$why", ({ control, probed, uses }) => {
    expect(looksUnderProbe(control, probed)).toBe(uses);
  });
});

describe("the cache's uses", () => {
  const uses = readEnvReads(repoRoot()).uses ?? {};

  it("were probed (the cache holds some)", () => {
    expect(Object.keys(uses).length).toBeGreaterThan(10);
  });

  it("are each floored or reviewed", () => {
    const open: string[] = [];
    for (const [program, names] of Object.entries(uses))
      for (const [name, found] of Object.entries(names))
        for (const use of found)
          if (!isHijackVariable(name) && !(REVIEWED_VARIABLES[name]?.uses.includes(use) ?? false)) open.push(`${program} ${name} (${use})`);
    expect(open, "floor it in knowledge/variables.ts or review it in hunt/data/reviewed-variables.ts").toEqual([]);
  });

  it("reviews only variables some program reads", () => {
    const read = new Set(Object.values(readEnvReads(repoRoot()).programs).flat());
    expect(Object.keys(REVIEWED_VARIABLES).filter((name) => !read.has(name))).toEqual([]);
  });
});

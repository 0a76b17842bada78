import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/cli.js";

describe("bench harness (smoke run, no timing asserted)", () => {
  it("runs every section and prints machine-readable rows", () => {
    const r = spawnSync(process.execPath, ["--expose-gc", path.join(ROOT, "dist", "bench", "main.js"), "--smoke", "--json"], {
      encoding: "utf8",
      timeout: 170_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { rows: Array<{ name: string; value: string }> };
    const names = out.rows.map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(["check() at 10 rules", "check() at 50 rules", "bytes per check() (heap delta / calls, no gc between)"]));
    expect(names.some((n) => n.startsWith("permc *a*a*a*a*a*a*b"))).toBe(true);
    expect(names).toEqual(expect.arrayContaining(["mixed shapes (prefix, exact, infix, long options)", "  check() vs bare walk, 200 rules"]));
    expect(names).toEqual(
      expect.arrayContaining([
        "cold start: node -e 0 (baseline)",
        "cold start: permc --help",
        "cold start: permc eval, one bash request",
        'cold start: import("permc") (nothing compiled yet)',
        "Pi extension: first bash decision after session_start, plain",
        "Pi extension: first bash decision after session_start, needs tree-sitter",
        "hook per call: node -e 0 (baseline, same rounds)",
        "hook per call: permc hook codex, Bash",
        "hook per call: permc hook gemini, run_shell_command",
        "hook per call: permc hook claude, Bash",
      ]),
    );
  }, 180_000);
});

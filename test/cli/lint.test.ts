import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { permc } from "../support/cli.js";
import { workDir } from "../support/compile-and-load.js";

describe("permc lint", () => {
  it("reports shadowed-rule, permissive-bash-fallback and unmatchable-chain-pattern on the right lines, as JSON", async () => {
    const file = path.join(workDir(), "lint.json");
    writeFileSync(
      file,
      [
        "{",
        '  "permission": {',
        '    "*": "allow",',
        '    "path": { "secrets/*": "deny", "*": "allow" },',
        '    "bash": { "rm *": "deny", "cd * && rm *": "deny" }',
        "  }",
        "}",
      ].join("\n"),
    );
    const r = await permc(["lint", file, "--format", "json"]);
    expect(r.status).toBe(0);
    const found = (JSON.parse(r.stdout) as Array<{ slug: string; line: number; column: number; file: string }>).map((d) => [d.slug, d.line, d.column]);
    expect(found).toEqual(
      expect.arrayContaining([
        ["permissive-bash-fallback", 3, 5],
        ["shadowed-rule", 4, 15],
        ["unmatchable-chain-pattern", 5, 31],
      ]),
    );
  });

  it("says so when there is nothing to report, and exits 1 on errors", async () => {
    const clean = path.join(workDir(), "clean.json");
    writeFileSync(clean, '{"permission": {"bash": {"*": "ask", "git status": "allow"}}}');
    expect(await permc(["lint", clean])).toMatchObject({ status: 0, stdout: "no problems found\n" });
    const bad = path.join(workDir(), "bad-lint.json");
    writeFileSync(bad, '{"permission": {"bash": "maybe"}}');
    expect((await permc(["lint", bad])).status).toBe(1);
  });
});

import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ImportFormat } from "../../compiler/import/index.js";
import { permc } from "../support/cli.js";
import { CORPUS } from "./helpers.js";
import { tempDir } from "../support/temp-dir.js";

const dir = tempDir("import-cli");
const write = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

// The user's path: import to a .perm file, then `permc compile` it (inline tests run there).
// One real file per format here (each spawn costs seconds on a loaded machine);
// corpus.test.ts compiles every corpus file through the same pipeline API.
// All three come from licensed repositories (test/fixtures/corpus/README.md).
const SAMPLES: [ImportFormat, string][] = [
  ["claude", "Tapppi__dotfiles__home_.claude_settings.json"],
  ["opencode", "MKuckert__env__.opencode_agents_Builder.md"],
  ["codex", "HHS__TANF-app__.codex_rules_default.rules"],
];
describe("permc import | permc compile on real files", () => {
  it.each(SAMPLES)("%s %s", async (format, name) => {
    const file = path.join(CORPUS, format, name);
    const imported = await permc(["import", format, file]);
    expect(imported.status, imported.stderr).toBe(0);
    const perm = write(`${name}.perm`, imported.stdout);
    const compiled = await permc(["compile", perm, "-o", path.join(dir, `${name}.mjs`)]);
    expect(compiled.status, compiled.stderr).toBe(0);
  });
});

describe("permc import", () => {
  const settings = write("settings.json", JSON.stringify({ permissions: { allow: ["Bash(git:*)"], ask: ["Edit(src/*.ts)"], deny: ["Read(./.env)"] } }));

  it("prints pi JSON with --to json, which compiles to the same decisions", async () => {
    const r = await permc(["import", "claude", settings, "--to", "json"]);
    expect(r.status).toBe(0);
    const config = JSON.parse(r.stdout) as { permission: Record<string, unknown> };
    expect(config.permission["*"]).toBe("ask");
    expect(config.permission["read"]).toEqual({ "*": "allow", ".env": "deny" });
    const json = write("imported.json", r.stdout);
    const compiled = await permc(["compile", json, "-o", path.join(dir, "imported-json.mjs")]);
    expect(compiled.status, compiled.stderr).toBe(0);
    const decided = await permc(["eval", "--policy", path.join(dir, "imported-json.mjs")], { input: '{"surface":"bash","value":"git log"}\n' });
    expect(JSON.parse(decided.stdout).action).toBe("allow");
  });

  it("reports inexact rules on stderr, and as one JSON object with --format json", async () => {
    const human = await permc(["import", "claude", settings]);
    expect(human.status).toBe(0);
    expect(human.stderr).toMatch(/inexact: Edit\(src\/\*\.ts\): `\*` here also crosses `\/`.*\(asks more\)/);
    const machine = await permc(["import", "claude", settings, "--format", "json"]);
    const report = JSON.parse(machine.stderr) as { lossy: number; notes: { kind: string; source?: string }[] };
    expect(report.lossy).toBe(0);
    expect(report.notes).toContainEqual(expect.objectContaining({ kind: "inexact", source: "Edit(src/*.ts)" }));
  });

  describe("an import that loses a deny or ask", () => {
    // A deny written as a string where Claude expects a list: the rule would be dropped.
    const lossy = write("lossy.json", JSON.stringify({ permissions: { allow: ["Bash(git:*)"], deny: "Bash(rm:*)" } }));

    it("is an error: nothing on stdout, the lost rule named, exit 1", async () => {
      const r = await permc(["import", "claude", lossy]);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(`${lossy}: error (WIDENS, dropped): permissions.deny: not a list of rules`);
      expect(r.stderr).toContain("1 rule of the source would be lost or weakened");
      expect(r.stderr).toContain("--accept-lossy");
      const machine = await permc(["import", "claude", lossy, "--format", "json"]);
      expect(machine.status).toBe(1);
      expect(JSON.parse(machine.stderr)).toMatchObject({
        lossy: 1,
        error: expect.stringContaining("--accept-lossy"),
        notes: expect.arrayContaining([expect.objectContaining({ widens: true, source: "permissions.deny" })]),
      });
    });

    it("is imported with --accept-lossy, the loss still reported as a warning", async () => {
      const r = await permc(["import", "claude", lossy, "--accept-lossy"]);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('bash "git*" allow');
      expect(r.stderr).toContain("warning (WIDENS, dropped): permissions.deny");
    });
  });

  it.each([
    ["claude", "not json {", "not JSON"],
    ["opencode", "---\nno end", "frontmatter"],
  ])("a file that cannot be imported (%s) gets a clear error and exit 1, no crash", async (format, text, message) => {
    const file = write(`bad-${format}.${format === "opencode" ? "md" : "json"}`, text);
    const r = await permc(["import", format, file]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toContain("internal error");
  });

  it("rejects an unknown format with usage help", async () => {
    const r = await permc(["import", "cursor", settings]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("claude, opencode, codex");
  });
});

describe("permc import gemini", () => {
  const policy = write(
    "gemini-policy.toml",
    '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 10\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git push"\ndecision = "deny"\npriority = 20\ndenyMessage = "push from CI"\n',
  );

  it("prints the policy, and what was assumed on stderr; the output compiles", async () => {
    const r = await permc(["import", "gemini", policy]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('bash "git *" allow');
    expect(r.stdout).toContain('bash "git push *" deny "push from CI"');
    expect(r.stderr).toContain(`${policy}: assumed: the import is of Gemini CLI's default approval mode in an interactive session`);
    const compiled = await permc(["compile", write("gemini-policy.perm", r.stdout), "-o", path.join(dir, "gemini-policy.mjs")]);
    expect(compiled.status, compiled.stderr).toBe(0);
  });

  it("refuses a rule it would lose (a plan-mode deny) unless --accept-lossy", async () => {
    const planned = write("gemini-plan.toml", '[[rule]]\ntoolName = "write_file"\ndecision = "deny"\npriority = 1\nmodes = ["plan"]\n');
    const r = await permc(["import", "gemini", planned]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`${planned}: error (WIDENS, dropped): gemini-plan.toml rule #1 (line 1): applies only in Gemini CLI's plan mode`);
    const accepted = await permc(["import", "gemini", planned, "--accept-lossy", "--format", "json"]);
    expect(accepted.status).toBe(0);
    expect(accepted.stdout).toContain("default ask");
    expect(JSON.parse(accepted.stderr)).toMatchObject({ format: "gemini", lossy: 1 });
  });

  it("a file Gemini CLI would reject is an error naming the line, nothing on stdout", async () => {
    const bad = write("gemini-bad.toml", '[[rule]]\ntoolName = "x"\ndecision = "deny"\npriority = "high"\n');
    const r = await permc(["import", "gemini", bad]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("Gemini CLI rejects this file (gemini-bad.toml rule #1 (line 1): priority must be an integer from 0 to 999)");
  });
});

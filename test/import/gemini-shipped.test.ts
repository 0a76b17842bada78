/**
 * The policy files Gemini CLI 0.61.0 ships (test/fixtures/gemini-policies/),
 * imported one by one as `permc import gemini` would: each imports and
 * compiles, every `[[rule]]` and `[[safety_checker]]` either becomes permc
 * rules or is named by a note, and every deny or ask that is not imported
 * is reported as a loss, unless Gemini CLI itself loads nothing from it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importPolicy, lossyNotes, renderJson } from "../../compiler/import/index.js";
import { readGeminiPolicyFile } from "../../compiler/import/gemini-policy-file.js";
import { compileAndLoad } from "../support/compile-and-load.js";
import { GEMINI_POLICIES_DIR } from "../support/fixtures.js";
import { decide, importAndCompile } from "./helpers.js";

const DEFAULTS = path.join(GEMINI_POLICIES_DIR, "defaults");
const SHIPPED = readdirSync(DEFAULTS)
  .filter((f) => f.endsWith(".toml"))
  .sort();

describe("Gemini CLI's shipped policies round-trip through the import", () => {
  it("finds the nine shipped files (the checks below are not vacuous)", () => {
    expect(SHIPPED).toHaveLength(9);
  });

  it.each(SHIPPED)("%s: imports and compiles; every rule is imported or reported", async (name) => {
    const file = path.join(DEFAULTS, name);
    const text = readFileSync(file, "utf8");
    const { result, errors, policy } = await importAndCompile("gemini", file, text);
    expect(errors).toEqual([]);
    expect(policy!.error ?? null).toBeNull();
    const read = readGeminiPolicyFile(file, text);
    if ("error" in read) throw new Error(read.error);
    const imported = new Set(result.rules.map((r) => r.source));
    const noted = (label: string) => result.notes.filter((n) => n.source === label);
    for (const r of read.rules) {
      expect(imported.has(r.label) || noted(r.label).length > 0, `${r.label} neither imported nor reported`).toBe(true);
      if (imported.has(r.label) || r.decision === "allow") continue;
      // A deny or ask not imported: a loss, unless Gemini CLI applies nothing from the rule either.
      const notes = noted(r.label);
      expect(
        notes.some((n) => n.widens === true) || notes.every((n) => n.message.includes("nothing to import")),
        `${r.label}: a ${r.decision} not imported and not reported as lost`,
      ).toBe(true);
    }
    for (const c of read.checkers) expect(noted(c.label).some((n) => n.widens === true)).toBe(true);
  });

  it.each(SHIPPED)("%s: the JSON twin (--to json) decides as the .perm output", async (name) => {
    const file = path.join(DEFAULTS, name);
    const { policy, result } = await importAndCompile("gemini", file, readFileSync(file, "utf8"));
    const json = await compileAndLoad([{ file: "imported.json", text: renderJson(result), scope: "global", kind: "pi-json" }]);
    expect(json.policy).not.toBeNull();
    for (const r of result.rules)
      expect([r.surface, r.pattern, json.policy!.check(r.surface, r.pattern).action]).toEqual([
        r.surface,
        r.pattern,
        policy!.check(r.surface, r.pattern).action,
      ]);
  });

  it.each<[string, string, string, string]>([
    // The default mode of an interactive session: write tools ask, reading tools are allowed.
    ["write.toml", "edit", "src/a.ts", "ask"],
    ["write.toml", "bash", "ls", "ask"],
    ["read-only.toml", "read", "src/a.ts", "allow"],
    ["agents.toml", "invoke_agent", "*", "allow"],
    // Outside plan mode Gemini CLI denies leaving it; entering it asks.
    ["plan.toml", "exit_plan_mode", "*", "deny"],
    ["plan.toml", "enter_plan_mode", "*", "ask"],
    // Rules for yolo mode only are not imported: still ask.
    ["yolo.toml", "bash", "rm -rf build", "ask"],
  ])("%s: %s %j → %s", async (name, surface, value, expected) => {
    const file = path.join(DEFAULTS, name);
    const { policy } = await importAndCompile("gemini", file, readFileSync(file, "utf8"));
    expect(decide(policy!, surface, value)).toBe(expected);
  });

  it.each<[string, number]>([
    ["yolo.toml", 2],
    ["plan.toml", 6],
    ["write.toml", 3],
    ["conseca.toml", 1],
    ["read-only.toml", 0],
    ["sandbox-default.toml", 0],
  ])("%s: %i losses (its denies and asks for other modes, non-interactive runs, safety checkers)", (name, count) => {
    const file = path.join(DEFAULTS, name);
    const result = importPolicy("gemini", file, readFileSync(file, "utf8"));
    if ("error" in result) throw new Error(result.error);
    expect(lossyNotes(result)).toHaveLength(count);
  });

  it("refuses Gemini CLI's example extension policy, which is not valid TOML (Gemini CLI skips it too)", () => {
    const file = path.join(GEMINI_POLICIES_DIR, "examples", "extension-policies.toml");
    const result = importPolicy("gemini", file, readFileSync(file, "utf8"));
    expect(result).toEqual({ error: expect.stringContaining("line 16: `\\.` is not a TOML escape") });
  });
});

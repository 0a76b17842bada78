import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rulesEqualIgnoringSpans } from "../../compiler/ir.js";
import type { SourceInput } from "../../compiler/frontend/source.js";
import { compileAndLoad } from "../support/compile-and-load.js";
import { compileAll } from "./helpers.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const json: SourceInput = {
  file: "examples/policy.json",
  text: readFileSync(path.join(ROOT, "examples/policy.json"), "utf8"),
  scope: "global",
  kind: "pi-json",
};
const perm: SourceInput = {
  file: "examples/policy.perm",
  text: readFileSync(path.join(ROOT, "examples/policy.perm"), "utf8"),
  scope: "global",
  kind: "perm-dsl",
};

describe("examples/policy.perm is the exact twin of examples/policy.json", () => {
  it("compiles to the same rules and knobs", () => {
    const a = compileAll([json], "compose").state.policy!;
    const b = compileAll([perm], "compose").state.policy!;
    expect(rulesEqualIgnoringSpans(a.rules, b.rules)).toBe(true);
    expect(b.knobs).toEqual(a.knobs);
  });

  it("its inline tests pass, and lints say of it what they say of the JSON", () => {
    const slugs = (r: ReturnType<typeof compileAll>) => r.diagnostics.map((d) => d.slug);
    const p = compileAll([perm]);
    expect(p.moduleText).not.toBeNull();
    expect(slugs(p)).toEqual(slugs(compileAll([json])));
  });

  it.each([
    ["bash", "git push --force origin"],
    ["bash", "npm test -- --watch"],
    ["bash", "make"],
    ["read", ".env"],
    ["read", "/home/t/.ssh/id_rsa"],
    ["write", "src/a.ts"],
    ["write", "yarn.lock"],
    ["mcp", "github:get_issue"],
    ["mcp", "mcp_status"],
    ["skill", "code-review"],
    ["path", "x.pem"],
    ["external_directory", "/tmp/x"],
    ["other_tool", "x"],
  ])("decides %s %j the same", async (surface, value) => {
    const a = await compileAndLoad([json], { home: "/home/t" });
    const b = await compileAndLoad([perm], { home: "/home/t" });
    const { rule: _a, ...da } = a.policy!.check(surface, value);
    const { rule: _b, ...db } = b.policy!.check(surface, value);
    expect(db).toEqual(da);
  });
});

import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderAll } from "../../compiler/diagnostics/index.js";
import { collectIncludes } from "../../compiler/frontend/perm/perm-dsl-includes.js";
import type { SourceInput } from "../../compiler/frontend/source.js";
import type { Scope } from "../../compiler/ir.js";
import { compile } from "../../compiler/pipeline.js";

/**
 * One folder per case: the inputs (`<scope>.json`, `<scope>.jsonc`,
 * `<scope>.md` or `<scope>.perm`, with scope global/project/agent/project-agent), and the
 * expected `module.mjs` (when it compiles; not for `lint-*` cases) and
 * `diagnostics.txt` (rendered).
 * Refresh with PERMC_UPDATE_GOLDEN=1 and review the diff.
 */
const HERE = import.meta.dirname;
const UPDATE = process.env.PERMC_UPDATE_GOLDEN === "1";
const SCOPE_ORDER: readonly Scope[] = ["global", "project", "agent", "project-agent"];

function casesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

function inputsOf(caseDir: string): SourceInput[] {
  return readdirSync(caseDir)
    .map((name) => {
      const m = /^(global|project|agent|project-agent)\.(json|jsonc|md|perm)$/.exec(name);
      if (!m) return null;
      const file = path.join(path.basename(caseDir), name);
      const text = readFileSync(path.join(caseDir, name), "utf8");
      if (m[2] === "perm") {
        // Other .perm files of the case are reachable only through `include`.
        const includes = collectIncludes(file, text, (f) => readFileSync(path.join(HERE, f), "utf8"));
        return { file, text, scope: m[1] as Scope, kind: "perm-dsl", includes } as SourceInput;
      }
      return { file, text, scope: m[1] as Scope, kind: m[2] === "md" ? "agent-md" : "pi-json" } as SourceInput;
    })
    .filter((x): x is SourceInput => x !== null)
    .sort((a, b) => SCOPE_ORDER.indexOf(a.scope) - SCOPE_ORDER.indexOf(b.scope));
}

function expectGolden(file: string, actual: string | null): void {
  if (UPDATE) {
    if (actual === null) {
      if (existsSync(file)) throw new Error(`${file} is stale: delete it`);
      return;
    }
    writeFileSync(file, actual);
    return;
  }
  const expected = existsSync(file) ? readFileSync(file, "utf8") : null;
  expect(actual, `golden ${path.relative(HERE, file)} differs; run with PERMC_UPDATE_GOLDEN=1 and review the diff`).toBe(expected);
}

describe("golden compiles", () => {
  const cases = casesIn(HERE);
  it("has cases", () => expect(cases.length).toBeGreaterThan(2));

  it.each(cases)("%s", (name) => {
    const dir = path.join(HERE, name);
    const inputs = inputsOf(dir);
    expect(inputs.length, `${name} has no inputs`).toBeGreaterThan(0);
    const result = compile({
      inputs,
      target: { home: "/home/golden", platform: name.includes("win32") ? "win32" : "posix" },
      command: `permc compile ${inputs.map((i) => i.file).join(" ")} -o module.mjs --home /home/golden`,
    });
    const rendered = result.diagnostics.length ? renderAll(result.diagnostics, result.sources) + "\n" : null;
    expectGolden(path.join(dir, "diagnostics.txt"), rendered);
    // Lint cases pin the diagnostics only; their modules add nothing to review.
    if (!name.startsWith("lint-")) expectGolden(path.join(dir, "module.mjs"), result.moduleText);
  });
});

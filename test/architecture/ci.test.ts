/** CI runs the newcomer script after the tests, and still ends with the plain "N passed, M failed" line it reads. */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/fixtures.js";

const run = readFileSync(path.join(ROOT, ".ci", "run"), "utf8")
  .trim()
  .split("\n");

describe(".ci/run", () => {
  it("runs .ci/newcomer after npm test, and its failure fails CI", () => {
    const test = run.findIndex((l) => l.startsWith("npm test "));
    const newcomer = run.findIndex((l) => l.includes(".ci/newcomer"));
    expect(test).toBeGreaterThan(0);
    expect(newcomer).toBeGreaterThan(test);
    expect(run.at(-1)).toBe('exit "$newcomer_status"');
    expect(statSync(path.join(ROOT, ".ci", "newcomer")).mode & 0o111).not.toBe(0);
  });

  it("npm test sets up what it needs: the prerequisites script runs before vitest and installs Chromium among the rest", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    const test = pkg.scripts.test!;
    expect(test.indexOf("node scripts/test-prerequisites.mjs")).toBeGreaterThan(-1);
    expect(test.indexOf("node scripts/test-prerequisites.mjs")).toBeLessThan(test.indexOf("vitest run"));
    const script = readFileSync(path.join(ROOT, "scripts", "test-prerequisites.mjs"), "utf8");
    for (const pkgName of ["chromium", "ripgrep", "fd-find", "tree", "bubblewrap", "binutils", "@anthropic-ai/claude-code@2.1.332", "opencode-ai@1.18.33"]) {
      expect(script, pkgName).toContain(pkgName);
    }
  });

  it("npm run check, which CI runs before the tests, type-checks the sources, the tests and the playground", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(run.some((l) => l === "npm run check")).toBe(true);
    expect(pkg.scripts.check).toContain("npm run typecheck");
    for (const config of ["tsconfig.json", "test/tsconfig.json", "playground/tsconfig.json"]) expect(pkg.scripts.typecheck).toContain(`tsc -p ${config}`);
    const tests = JSON.parse(readFileSync(path.join(ROOT, "test", "tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, "")) as { include: string[] };
    expect(tests.include).toContain("**/*.ts");
  });

  it("prints the summary line last", () => {
    expect(run.at(-2)).toBe('echo "${passed:-0} passed, ${failed:-0} failed"');
  });

  it("the newcomer script covers the README's commands and the type check", () => {
    const script = readFileSync(path.join(ROOT, ".ci", "newcomer"), "utf8");
    for (const step of [
      "npm pack",
      "npx permc compile",
      "npx permc eval",
      "npx permc diff",
      "npx permc import",
      "npx permc demo",
      '"skipLibCheck": false',
      'from "permc/pi"',
      'from "permc/runtime"',
      "install-scripts",
    ]) {
      expect(script, step).toContain(step);
    }
  });
});

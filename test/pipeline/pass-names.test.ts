import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PASSES } from "../../compiler/pipeline.js";

const COMPILER = path.resolve(import.meta.dirname, "..", "..", "compiler");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : name.endsWith(".ts") ? [full] : [];
  });
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

describe("pass names", () => {
  const files = sourceFiles(COMPILER);
  // Convention 1: a pass lives in its own file named like the pass, and the function it runs has that name too.
  it.each(PASSES.map((p) => p.name))("pass %s lives in %s.ts, which exports a function of the same name", (name) => {
    const homes = files.filter((f) => path.basename(f) === `${name}.ts`);
    expect(homes.map((f) => path.relative(COMPILER, f))).toHaveLength(1);
    expect(readFileSync(homes[0]!, "utf8")).toMatch(new RegExp(`export (?:async )?function ${camel(name)}\\(`));
  });

  it("names every pass once", () => {
    expect(new Set(PASSES.map((p) => p.name)).size).toBe(PASSES.length);
  });
});

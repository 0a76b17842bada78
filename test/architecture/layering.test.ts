import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function sourceFiles(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  let entries: string[];
  try {
    entries = readdirSync(abs);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sourceFiles(rel);
    return /\.(ts|mts|js|mjs)$/.test(name) && !name.endsWith(".d.ts") ? [rel] : [];
  });
}

/** Every module specifier a file imports, statically or dynamically. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:^|\s)(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm)) {
    specs.push((m[1] ?? m[2] ?? m[3])!);
  }
  return specs;
}

function resolvesInto(file: string, spec: string, dirs: readonly string[]): boolean {
  if (!spec.startsWith(".")) return false;
  const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec));
  return dirs.some((d) => target === d || target.startsWith(d + path.sep));
}

const COMPILER_PACKAGES = ["chevrotain", "ts-morph", "typescript", "jsonc-parser", "chokidar"];

describe("layering", () => {
  it("finds the runtime's sources (the checks below are not vacuous)", () => {
    expect(sourceFiles("runtime").length).toBeGreaterThan(3);
  });

  it.each(sourceFiles("runtime"))("runtime file %s imports nothing from compiler/, grammar/ or compiler-side packages", (file) => {
    for (const spec of importsOf(file)) {
      expect(resolvesInto(file, spec, ["compiler", "grammar", "cli"]), `${file} imports ${spec}`).toBe(false);
      expect(COMPILER_PACKAGES.some((p) => spec === p || spec.startsWith(p + "/")), `${file} imports ${spec}`).toBe(false);
    }
  });

  it.each(sourceFiles("generated"))("generated module %s imports only runtime/", (file) => {
    for (const spec of importsOf(file)) {
      expect(spec.startsWith(".") ? resolvesInto(file, spec, ["runtime", "dist/runtime"]) : spec.startsWith("permc/runtime")).toBe(true);
    }
  });

  it.each(sourceFiles("grammar"))("grammar file %s does not import the compiler", (file) => {
    for (const spec of importsOf(file)) expect(resolvesInto(file, spec, ["compiler", "cli"]), `${file} imports ${spec}`).toBe(false);
  });

  it("detects a forbidden import when one is present (self-check of the scanner)", () => {
    expect(resolvesInto("runtime/x.ts", "../compiler/ir.js", ["compiler"])).toBe(true);
    expect(resolvesInto("runtime/x.ts", "./policy.js", ["compiler"])).toBe(false);
  });
});

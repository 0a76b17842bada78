/**
 * The `permc` bin is a bundle of permc's own code (scripts/bundle-cli.mjs):
 * one entry module plus chunks loaded on use. What it may import is fixed:
 * its own chunks, Node's built-ins and the package's declared dependencies,
 * never a file of dist/ outside the bundle or a development dependency.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/fixtures.js";

const BIN_DIR = path.join(ROOT, "dist", "bin");
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { bin: Record<string, string>; dependencies: Record<string, string> };
const files = readdirSync(BIN_DIR).filter((f) => f.endsWith(".js"));
const HOOK_BUNDLE = "permc-hook.cjs";
const text = (f: string) => readFileSync(path.join(BIN_DIR, f), "utf8");
/** Specifiers of static imports (rolldown writes each on one line, at a line start) and of dynamic `import("x")`. */
const specifiers = (source: string) =>
  [...source.matchAll(/^import\s(?:[^;\n]*?\sfrom\s)?"([^"]+)";|\bimport\("([^"]+)"\)/gm)].map((m) => (m[1] ?? m[2]) as string);

describe("the bundled bin", () => {
  it("is what package.json's bin names, with its shebang", () => {
    expect(pkg.bin["permc"]).toBe("dist/bin/permc.js");
    expect(text("permc.js").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("imports only its own chunks, Node's built-ins and declared dependencies", () => {
    const dependencies = Object.keys(pkg.dependencies);
    const allowed = (s: string) =>
      s.startsWith("node:") ||
      (s.startsWith("./") && files.includes(s.slice(2))) ||
      dependencies.some((d) => s === d || s.startsWith(`${d}/`)) ||
      s === "permc" ||
      s.startsWith("permc/");
    const found = files.flatMap((f) => specifiers(text(f)).map((s) => `${f}: ${s}`));
    expect(found.length).toBeGreaterThan(files.length);
    expect(found.filter((entry) => !allowed(entry.slice(entry.indexOf(": ") + 2)))).toEqual([]);
  });

  it("loads the command implementations on use: the entry module holds none of them", () => {
    const entry = text("permc.js");
    expect(entry).toMatch(/import\("\.\/hook-command-[\w-]+\.js"\)/);
    expect(entry).not.toMatch(/^\/\/ dist\/(runtime|compiler)\//m);
  });
});

describe("the hook's bundle (cli/cached-hook.ts runs it from V8's code cache)", () => {
  const hook = text(HOOK_BUNDLE);

  it("is one function expression over the loader's parameters, in ASCII, with its cache beside it", () => {
    expect(hook.startsWith("(function (exports, require, module, __filename, __dirname, __permcBundleUrl, __permcImport) {")).toBe(true);
    expect(hook.endsWith("\n})")).toBe(true);
    expect(/^[\x00-\x7f]*$/.test(hook)).toBe(true);
    expect(
      readFileSync(path.join(BIN_DIR, `${HOOK_BUNDLE}.v8cache`))
        .subarray(0, 22)
        .toString(),
    ).toBe("permc v8 code cache 1\n");
  });

  it("requires only Node's built-ins and imports only web-tree-sitter, through the loader", () => {
    // The bundle is minified: a string may be in any quotes.
    const required = [...hook.matchAll(/\brequire\((["'`])([^"'`]+)\1\)/g)].map((m) => m[2]);
    expect(required.length).toBeGreaterThan(3);
    expect(required.filter((s) => !s!.startsWith("node:"))).toEqual([]);
    expect([...hook.matchAll(/\b__permcImport\((["'`])([^"'`]+)\1\)/g)].map((m) => m[2])).toEqual(["web-tree-sitter"]);
    expect(hook).not.toMatch(/\bimport\(/);
  });
});

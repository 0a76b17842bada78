/**
 * Cold start: the compiler's heavy dependencies load only where they are
 * used. ts-morph (with the TypeScript compiler) on the first emit, chevrotain
 * from its single-file build (its package entry pulls in hundreds of files),
 * Graphviz (@viz-js/viz) on the first SVG `permc graph` draws.
 * bench/cold-start.ts measures the effect; this pins the structure.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHEVROTAIN_BUNDLE } from "../../grammar/chevrotain.js";
import { ROOT } from "../support/fixtures.js";

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sources(rel);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [rel] : [];
  });
}

/** Value (not type-only) imports of a package, static ones at the top of a module. */
function valueImports(text: string, pkg: string): string[] {
  return [...text.matchAll(/^\s*import\s+(?!type\b)[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]!).filter((s) => s === pkg || s.startsWith(`${pkg}/`));
}

describe("heavy compiler dependencies load where they are used", () => {
  const files = [...sources("compiler"), ...sources("grammar"), ...sources("cli")];

  it.each(["ts-morph", "typescript", "chevrotain", "@viz-js/viz"])("no module imports %s at load time", (pkg) => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => valueImports(readFileSync(path.join(ROOT, f), "utf8"), pkg).map((s) => `${f}: ${s}`))).toEqual([]);
  });

  it("chevrotain's single-file build is there for the pinned version", () => {
    expect(existsSync(CHEVROTAIN_BUNDLE)).toBe(true);
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(CHEVROTAIN_BUNDLE), "..", "package.json"), "utf8")) as { version: string };
    expect(readFileSync(CHEVROTAIN_BUNDLE, "utf8")).toContain(pkg.version);
  });

  it('import("permc") does not load ts-morph; the first compile does', () => {
    const script = [
      'import { createRequire } from "node:module";',
      "const cache = createRequire(import.meta.url).cache;",
      'const loaded = () => Object.keys(cache).some((k) => k.includes(`${"/"}ts-morph${"/"}`));',
      'const { compile } = await import("permc");',
      "const before = loaded();",
      'const r = compile({ inputs: [{ file: "p.perm", text: "bash \\"git *\\" allow\\n", scope: "global", kind: "perm-dsl" }], target: { home: "/h", platform: "posix" }, command: "t" });',
      "process.stdout.write(JSON.stringify({ before, after: loaded(), emitted: r.moduleText !== null }));",
    ].join("\n");
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ before: false, after: true, emitted: true });
  });
});

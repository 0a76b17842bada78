/**
 * A clone with nothing beside it runs the whole suite: tests read their data
 * from the repository (test/fixtures), never from a directory beside the
 * clone or an absolute path on the machine that wrote them. Two halves: this
 * static scan of every test source (it also covers paths handed to child
 * processes), and the setup file test/support/test-hygiene.ts, which fails
 * any test file whose process reads outside the repository and the temp dir.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isInside } from "../support/test-hygiene.js";
import { ROOT } from "../support/fixtures.js";

function testSources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return rel === path.join("test", "fixtures") ? [] : testSources(rel);
    return /\.(ts|mts|js|mjs)$/.test(e.name) ? [rel] : [];
  });
}

/** Problems in one source text: paths that leave the repository. */
export function leavesRepository(file: string, text: string): string[] {
  const found: string[] = [];
  const depth = path
    .dirname(file)
    .split(path.sep)
    .filter((s) => s !== ".").length;
  for (const m of text.matchAll(/["'`](\/work\/[^"'`]*|[^"'`]*\.\.\/shared[^"'`]*)["'`]/g)) found.push(`path ${m[1]}`);
  for (const m of text.matchAll(/["']shared["']/g)) found.push(`path segment ${m[0]}`);
  // `path.resolve(import.meta.dirname, "..", "..", "..")` from test/x/ climbs out of the repository.
  for (const m of text.matchAll(/(import\.meta\.dirname|__dirname|fileURLToPath\(import\.meta\.url\))((?:\s*,\s*["']\.\.["'])+)/g)) {
    const ups = (m[2]!.match(/\.\./g) ?? []).length - (m[1]!.startsWith("fileURLToPath") ? 1 : 0);
    if (ups > depth) found.push(`climbs ${ups} levels from ${path.dirname(file)}`);
  }
  return found;
}

describe("the test suite is self-contained", () => {
  // This file and stand-alone-docs.test.ts are left out: their examples are the leaks they look for.
  const scanners = ["self-contained.test.ts", "stand-alone-docs.test.ts"].map((f) => path.join("test", "architecture", f));
  const files = [...testSources("test"), ...testSources("grammar").filter((f) => f.endsWith(".test.ts")), "vitest.config.ts"].filter(
    (f) => !scanners.includes(f),
  );

  it("finds the test sources it scans", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files)("%s names no path outside the repository", (file) => {
    expect(leavesRepository(file, readFileSync(path.join(ROOT, file), "utf8"))).toEqual([]);
  });

  it("the static scan catches the shapes that used to leak", () => {
    expect(leavesRepository("test/frontend/helpers.ts", 'export const VECTORS_DIR = "/work/shared/vectors";')).not.toEqual([]);
    expect(leavesRepository("test/vectors/x.test.ts", 'path.resolve(import.meta.dirname, "..", "..", "..", "shared", "vectors")')).toHaveLength(2);
    expect(leavesRepository("test/schema/x.test.ts", 'path.join(ROOT, "..", "shared", "corpus")')).not.toEqual([]);
    expect(leavesRepository("test/pi/x.test.ts", 'path.resolve(fileURLToPath(import.meta.url), "..", "..", "..")')).toEqual([]);
  });

  it("the runtime guard lets the repository and the temp dir through and nothing beside the clone", () => {
    expect(isInside(path.join(ROOT, "test", "fixtures", "vectors", "evaluate.jsonl"))).toBe(true);
    // (A clone that itself sits in the temp dir has its siblings there too, so the probes are absolute.)
    expect(isInside(path.resolve("/", "permc-outside-probe", "shared", "vectors", "evaluate.jsonl"))).toBe(false);
    expect(isInside(path.resolve("/", "permc-outside-probe"))).toBe(false);
    expect(isInside(path.join(ROOT, "..", "shared", "vectors", "evaluate.jsonl"))).toBe(isInside(path.dirname(ROOT)));
  });
});

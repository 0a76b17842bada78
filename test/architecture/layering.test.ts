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

/** The source file a relative specifier names (`./x.js` → `x.ts`), or null for a package or a file outside `files`. */
function resolveSource(file: string, spec: string, files: ReadonlySet<string>): string | null {
  if (!spec.startsWith(".")) return null;
  const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec));
  for (const candidate of [target, target.replace(/\.(m?)js$/, ".$1ts")]) if (files.has(candidate)) return candidate;
  return null;
}

/** One import cycle per strongly connected component of the graph (each a list of files), none when it is acyclic. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative so a long import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== top.node);
      if (component.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}

/** The import graph of every source file under `dir` (type-only imports included: they tie the files together too). */
function importGraph(dir: string): Map<string, string[]> {
  const files = new Set(sourceFiles(dir));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    graph.set(
      file,
      importsOf(file).flatMap((spec) => resolveSource(file, spec, files) ?? []),
    );
  }
  return graph;
}

/**
 * The graph of the first-level folders of `dir` (`compiler/passes` → `compiler/analysis`; a subfolder counts
 * as its first-level folder), without self-edges. Files directly in `dir` (the IR, the pipeline) are left out:
 * every folder may use the IR, and the pipeline uses every folder.
 */
function folderGraph(dir: string, files: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folderOf = (file: string): string | null => {
    const parts = path.relative(dir, file).split(path.sep);
    return parts.length > 1 ? path.join(dir, parts[0]!) : null;
  };
  const graph = new Map<string, string[]>();
  for (const [file, edges] of files) {
    const from = folderOf(file);
    if (from === null) continue;
    const out = graph.get(from) ?? [];
    for (const to of edges.map(folderOf)) if (to !== null && to !== from && !out.includes(to)) out.push(to);
    graph.set(from, out);
  }
  return graph;
}

/** The layers of runtime/bash/, lowest first; the entry files directly in runtime/bash/ (`split.ts`, `decide.ts`, the façades) sit above them all. */
const BASH_LAYERS = ["syntax", "words", "programs", "paths", "split"];

/**
 * The imports in `graph` that go up `layers` (the first-level folders of `dir`, lowest first; a file directly
 * in `dir` is above every folder), as `from → to`: a file may import from its own layer or a lower one only.
 */
function layerViolations(dir: string, layers: readonly string[], graph: ReadonlyMap<string, readonly string[]>): string[] {
  const rank = (file: string): number => {
    const parts = path.relative(dir, file).split(path.sep);
    if (parts.length === 1) return layers.length;
    const i = layers.indexOf(parts[0]!);
    if (i < 0) throw new Error(`${file} is in no layer of ${dir}/`);
    return i;
  };
  return [...graph].flatMap(([from, edges]) => edges.filter((to) => rank(to) > rank(from)).map((to) => `${from} → ${to}`));
}

const COMPILER_PACKAGES = ["chevrotain", "ts-morph", "typescript", "jsonc-parser", "chokidar"];

describe("layering", () => {
  it("finds the runtime's sources (the checks below are not vacuous)", () => {
    expect(sourceFiles("runtime").length).toBeGreaterThan(3);
  });

  it.each(sourceFiles("runtime"))("runtime file %s imports nothing from compiler/, grammar/ or compiler-side packages", (file) => {
    for (const spec of importsOf(file)) {
      expect(resolvesInto(file, spec, ["compiler", "grammar", "cli"]), `${file} imports ${spec}`).toBe(false);
      expect(
        COMPILER_PACKAGES.some((p) => spec === p || spec.startsWith(p + "/")),
        `${file} imports ${spec}`,
      ).toBe(false);
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

  it.each([...sourceFiles("runtime"), ...sourceFiles("compiler"), ...sourceFiles("grammar"), ...sourceFiles("cli")])(
    "shipped file %s imports nothing from the hunt or the bench (developer tools, not the package)",
    (file) => {
      for (const spec of importsOf(file)) expect(resolvesInto(file, spec, ["hunt", "bench"]), `${file} imports ${spec}`).toBe(false);
    },
  );

  it("hunt/ has no import cycles between files", () => {
    const graph = importGraph("hunt");
    expect([...graph.values()].some((edges) => edges.length > 0)).toBe(true);
    expect(importCycles(graph)).toEqual([]);
  });

  it.each(["runtime", "compiler", "grammar", "cli"])("%s/ has no import cycles between files", (dir) => {
    const graph = importGraph(dir);
    expect([...graph.values()].some((edges) => edges.length > 0)).toBe(true);
    expect(importCycles(graph)).toEqual([]);
  });

  it.each(["compiler"])("the folders of %s/ import one another without cycles", (dir) => {
    const graph = folderGraph(dir, importGraph(dir));
    expect(graph.size).toBeGreaterThan(3);
    expect(importCycles(graph)).toEqual([]);
  });

  it("every folder of runtime/bash/ is one of its layers", () => {
    const folders = readdirSync(path.join(ROOT, "runtime", "bash"), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.map((e) => e.name).sort()).toEqual([...BASH_LAYERS].sort());
  });

  it(`runtime/bash/ imports down its layers only (${BASH_LAYERS.join(" → ")} → the entry files)`, () => {
    const graph = importGraph(path.join("runtime", "bash"));
    expect([...graph.values()].some((edges) => edges.length > 0)).toBe(true);
    expect(layerViolations(path.join("runtime", "bash"), BASH_LAYERS, graph)).toEqual([]);
  });

  it("finds an import up the layers when there is one (self-check of the layer order)", () => {
    const graph = new Map([
      ["r/low/a.ts", ["r/low/b.ts"]],
      ["r/low/b.ts", []],
      ["r/high/c.ts", ["r/low/a.ts", "r/high/d.ts"]],
      ["r/high/d.ts", ["r/top.ts"]],
      ["r/top.ts", ["r/high/c.ts", "r/low/b.ts"]],
      ["r/low/e.ts", ["r/high/d.ts"]],
    ]);
    expect(layerViolations("r", ["low", "high"], graph)).toEqual(["r/high/d.ts → r/top.ts", "r/low/e.ts → r/high/d.ts"]);
    expect(() => layerViolations("r", ["low"], graph)).toThrow(/in no layer/);
  });

  it("finds import cycles when there are some (self-check of the cycle search)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
      ["f", ["d"]],
    ]);
    expect(importCycles(graph)).toEqual([["a", "b", "c"], ["e"]]);
    expect(
      importCycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
    expect(
      folderGraph(
        "r",
        new Map([
          ["r/x/a.ts", ["r/y/b.ts", "r/x/c.ts", "r/top.ts"]],
          ["r/y/z/b.ts", ["r/x/c.ts"]],
          ["r/x/c.ts", []],
          ["r/top.ts", ["r/x/a.ts"]],
        ]),
      ),
    ).toEqual(
      new Map([
        ["r/x", ["r/y"]],
        ["r/y", ["r/x"]],
      ]),
    );
    expect(resolveSource("runtime/bash/split.ts", "./paths/collect.js", new Set(["runtime/bash/paths/collect.ts"]))).toBe("runtime/bash/paths/collect.ts");
  });

  it("detects a forbidden import when one is present (self-check of the scanner)", () => {
    expect(resolvesInto("runtime/x.ts", "../compiler/ir.js", ["compiler"])).toBe(true);
    expect(resolvesInto("runtime/x.ts", "./policy.js", ["compiler"])).toBe(false);
  });
});

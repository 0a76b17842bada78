/**
 * The repository's comments and docs stand alone: none cites a file outside
 * the repository (the specification material the project started from, or
 * a directory beside the clone), nor a numbered section of one. A difference
 * from the reference is named by its id in docs/divergences.md, which indexes
 * the rows of the README's compatibility tables (the one place that states
 * them); this test also keeps that index and the tables in step.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/fixtures.js";

/** Build output, installed packages, the vendored grammar and local scratch: not the repository's own text. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "vendor", ".git", "dist-playground", ".vitest-cache"]);
const SKIPPED_PATHS = new Set(["tmp", path.join("playground", "dist")]);
const BINARY = /\.(png|wasm|gz|tgz|ico|jpg)$/;
/** This file: its patterns below spell the citations it looks for. */
const SELF = path.join("test", "architecture", "stand-alone-docs.test.ts");
/** Other people's config files, copied as found (the import corpus): their text is data. */
const CORPUS = path.join("test", "fixtures", "corpus");

function repositoryFiles(dir = ""): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) || SKIPPED_PATHS.has(rel) ? [] : repositoryFiles(rel);
    return e.isFile() && !BINARY.test(e.name) ? [rel] : [];
  });
}

/** The documents the project was specified in, which stay outside the repository. */
const OUTSIDE_DOCS = ["reference-40", "bash", "config-and-matching", "contract", "design-notes", "deps-and-baselines"];

/** Citations in one file's text of something outside the repository. */
export function outsideCitations(file: string, text: string): string[] {
  const found: string[] = [];
  if (text.includes("../shared")) found.push("../shared");
  // A named spec document, with or without its extension; a path to it is allowed only if the file is in the repository.
  // (The lookbehind starts a match only where a path starts, so a long run of word characters is scanned once.)
  const names = new RegExp(`(?<![\\w./-])[\\w./-]*?\\b(?:${OUTSIDE_DOCS.join("|")})(?:\\.md\\b| §)`, "g");
  for (const m of text.matchAll(names)) {
    const cited = m[0].replace(/ §$/, "");
    if (!cited.endsWith(".md") || !existsSync(path.join(ROOT, cited))) found.push(m[0]);
  }
  for (const m of text.matchAll(/\b(?:config-and-matching|deps-and-baselines|design-notes)\b(?!\.md| §)/g)) found.push(m[0]);
  // A numbered section (`§3.1`) is a section of a spec document; only an issue of the project's tracker may be cited so.
  if (!file.startsWith(CORPUS + path.sep)) for (const m of text.matchAll(/(?<![Ii]ssue\s+(?:\*\s+)?\d+\s+)§\s*[\dA-Z]/g)) found.push(m[0]);
  return found;
}

describe("comments and docs cite nothing outside the repository", () => {
  const files = repositoryFiles().filter((f) => f !== SELF);

  it("scans the repository's sources, tests and docs", () => {
    for (const f of ["README.md", path.join("docs", "architecture.md"), path.join("runtime", "gate", "gate.ts"), path.join("test", "tsconfig.json")])
      expect(files).toContain(f);
  });

  it("no file names a spec document, a directory beside the clone or a spec section", () => {
    const found = files.flatMap((f) => outsideCitations(f, readFileSync(path.join(ROOT, f), "utf8")).map((c) => `${f}: ${c}`));
    expect(found).toEqual([]);
  });

  it("the scan catches the shapes that were cited", () => {
    expect(outsideCitations("runtime/x.ts", " * The directional path surfaces (reference 27.1.0, reference-40.md §3): each")).toHaveLength(2);
    expect(outsideCitations("runtime/x.ts", "/** config-and-matching.md §4.2: lexical absolute */")).toHaveLength(2);
    expect(outsideCitations("test/x.ts", "(config-and-matching §3.1)")).toHaveLength(2);
    expect(outsideCitations("test/x.ts", "(deps-and-baselines §6)")).toHaveLength(2);
    expect(outsideCitations("runtime/x.ts", " * docs/bash.md): reported on the units")).toHaveLength(1);
    expect(outsideCitations("runtime/x.ts", "Combine per-unit checks (bash.md §4–5).")).toHaveLength(2);
    expect(outsideCitations("docs/x.md", "see spec/bash.md")).toHaveLength(1);
    expect(outsideCitations("test/x.ts", 'readFileSync("../shared/vectors/x.jsonl")')).toHaveLength(1);
    expect(outsideCitations("compiler/x.ts", "costs seconds per megabyte (design-notes.md).")).toHaveLength(1);
    expect(outsideCitations("test/x.ts", 'describe("home expansion in patterns (§3.2)"')).toHaveLength(1);
    expect(outsideCitations("runtime/x.ts", "yolo (40.1.4 §8): the synthetic asks")).toHaveLength(1);
    // What stays allowed: a doc in the repository, an issue's section, a divergence id, the word "contract".
    expect(outsideCitations("runtime/x.ts", "(docs/closed-world.md, issue 11 §6, D-bash-globs): the hook contract")).toEqual([]);
    expect(outsideCitations(path.join(CORPUS, "x.json"), '{"note": "§ 2"}')).toEqual([]);
  });
});

interface IndexEntry {
  id: string;
  opening: string;
}

/** The rows of the README's compatibility tables, each without its leading `| `. */
function compatibilityRows(readme: string): string[] {
  const start = readme.indexOf("\n## Compatibility with pi-permission-system");
  const end = readme.indexOf("\n## ", start + 1);
  return readme
    .slice(start, end)
    .split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| difference |"))
    .map((l) => l.slice(2));
}

function divergenceIndex(doc: string): IndexEntry[] {
  return [...doc.matchAll(/^\| `(D-[a-z0-9-]+)` \| (.+) \|$/gm)].map((m) => ({ id: m[1]!, opening: m[2]! }));
}

describe("docs/divergences.md indexes the README's compatibility rows", () => {
  const rows = compatibilityRows(readFileSync(path.join(ROOT, "README.md"), "utf8"));
  const index = divergenceIndex(readFileSync(path.join(ROOT, "docs", "divergences.md"), "utf8"));

  it("finds the three tables and the index", () => {
    expect(rows.length).toBeGreaterThan(80);
    expect(index.length).toBeGreaterThan(80);
  });

  it("ids are unique", () => {
    const ids = index.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("each id names exactly one README row, and each row has exactly one id", () => {
    const wrong: string[] = [];
    for (const e of index) {
      const n = rows.filter((r) => r.startsWith(e.opening)).length;
      if (n !== 1) wrong.push(`${e.id} "${e.opening}" opens ${n} rows`);
    }
    for (const r of rows) {
      const ids = index.filter((e) => r.startsWith(e.opening)).map((e) => e.id);
      if (ids.length !== 1) wrong.push(`README row "${r.slice(0, 80)}…" has ids [${ids.join(", ")}]: add one to docs/divergences.md`);
    }
    expect(wrong).toEqual([]);
  });

  it("every divergence id cited in the repository is in the index", () => {
    const known = new Set(index.map((e) => e.id));
    const unknown: string[] = [];
    for (const f of repositoryFiles()) {
      if (f.startsWith(CORPUS + path.sep)) continue;
      for (const m of readFileSync(path.join(ROOT, f), "utf8").matchAll(/\bD-(?:config|bash|tool|mcp|host|pi|sandbox)[a-z0-9-]*/g))
        if (!known.has(m[0]) && f !== SELF) unknown.push(`${f}: ${m[0]}`);
    }
    expect(unknown).toEqual([]);
  });
});

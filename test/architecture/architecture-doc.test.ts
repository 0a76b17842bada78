/**
 * docs/architecture.md's "Folders" lists every top-level folder and every
 * folder under runtime/ and compiler/, one line each, and nothing that is
 * not there: a new folder gets its line when it is made.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/fixtures.js";

/** Installed packages, build output and local scratch: not folders of the repository. */
const NOT_THE_REPOSITORY = new Set(["node_modules", "dist", ".git", "dist-playground", ".vitest-cache", "tmp"]);

function folders(dir: string, recursive: boolean): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !(dir === "" && NOT_THE_REPOSITORY.has(e.name)))
    .flatMap((e) => {
      const rel = dir === "" ? e.name : `${dir}/${e.name}`;
      return recursive ? [rel, ...folders(rel, true)] : [rel];
    });
}

describe("docs/architecture.md lists the folders", () => {
  const doc = readFileSync(path.join(ROOT, "docs", "architecture.md"), "utf8");
  const start = doc.indexOf("\n## Folders\n");
  const section = doc.slice(start, doc.indexOf("\n## ", start + 1));
  const listed = [...section.matchAll(/^- `([^`]+)\/` — \S/gm)].map((m) => m[1]!);

  it("opens with the picture of both paths", () => {
    expect(doc.indexOf("## Two paths")).toBeLessThan(start);
    expect(doc.slice(0, start)).toMatch(/COMPILE[\s\S]*DECIDE[\s\S]*sandbox/);
  });

  it("one line for each top-level folder and each folder under runtime/ and compiler/, and no other", () => {
    const actual = [...folders("", false), ...folders("runtime", true), ...folders("compiler", true)].sort();
    expect([...listed].sort()).toEqual(actual);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../../compiler/diagnostics/index.js";
import { importPolicy, renderPerm, type ImportFormat, type ImportOptions, type ImportResult } from "../../compiler/import/index.js";
import { evaluatePathFamily, type Policy } from "../../runtime/index.js";
import { compileAndLoad } from "../support/compile-and-load.js";
import { perFile } from "../support/per-file.js";
import { CORPUS_DIR } from "../support/fixtures.js";

export const CORPUS = CORPUS_DIR;

export function corpusFiles(format: ImportFormat): string[] {
  const dir = path.join(CORPUS, format);
  return readdirSync(dir)
    .sort()
    .map((f) => path.join(dir, f));
}

export interface Imported {
  readonly result: ImportResult;
  readonly perm: string;
  readonly policy: Policy | null;
  readonly errors: readonly Diagnostic[];
}

/** Import a text, print it as `.perm`, and compile that through the public pipeline (inline tests included). */
export async function importAndCompile(format: ImportFormat, file: string, text: string, options: ImportOptions = {}): Promise<Imported> {
  const result = importPolicy(format, file, text, options);
  if ("error" in result) throw new Error(`${file}: ${result.error}`);
  const perm = renderPerm(result);
  const compiled = await compileAndLoad([{ file: file.replace(/[^/]*$/, "imported.perm"), text: perm, scope: "global", kind: "perm-dsl" }]);
  return { result, perm, policy: compiled.policy, errors: compiled.diagnostics.filter((d) => d.severity === "error") };
}

/** Imports and compiles a file once per test file: suites that ask different questions of the same import share its compile. */
export function importFile(format: ImportFormat, file: string, options: ImportOptions = {}): Promise<Imported> {
  const imported = perFile("imported files", () => new Map<string, Promise<Imported>>());
  const key = JSON.stringify([format, file, options]);
  let done = imported.get(key);
  if (!done) imported.set(key, (done = importAndCompile(format, file, readFileSync(file, "utf8"), options)));
  return done;
}

/**
 * A raw surface check's action. A path family (`path`, `external_directory`)
 * is sugar for its `_read` and `_write` members since reference 27.1.0, so it
 * is checked as a tool that consults both would be: the stricter member.
 */
export function decide(policy: Policy, surface: string, value: string): string {
  if (surface === "path" || surface === "external_directory") return evaluatePathFamily(policy, surface, "both", [value], false).decision.action;
  return policy.check(surface, value).action;
}

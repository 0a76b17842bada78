/**
 * Where the test data lives: inside the repository, under test/fixtures
 * (provenance and licences in the READMEs there). Tests never read beside the
 * clone; test/architecture/self-contained.test.ts checks it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const FIXTURES = path.join(ROOT, "test", "fixtures");
/** permc's own samples of the reference's decisions (test/fixtures/vectors/README.md). */
export const VECTORS_DIR = path.join(FIXTURES, "vectors");
/** Real configs from public repositories (test/fixtures/corpus/README.md). */
export const CORPUS_DIR = path.join(FIXTURES, "corpus");
/** The policy files Gemini CLI ships (test/fixtures/gemini-policies/README.md). */
export const GEMINI_POLICIES_DIR = path.join(FIXTURES, "gemini-policies");

/** One JSON value per non-blank line of a vectors file (a path under test/fixtures/vectors). */
export function readVectors<T = Record<string, unknown>>(name: string): T[] {
  return readFileSync(path.join(VECTORS_DIR, name), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

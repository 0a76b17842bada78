import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { onFileEnd } from "./per-file.js";

/**
 * A fresh folder under the OS temp dir, removed when the calling test file
 * is done (after its own afterAll hooks; see per-file.ts). Call it at a
 * file's top level or inside a test; the setup file (test-hygiene.ts) fails
 * a test file that leaves a temp folder behind.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `permc-${prefix}-`));
  onFileEnd(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * A fresh folder under the OS temp dir, removed when the calling test file
 * is done. Call it at a file's top level or inside a test; the setup file
 * (test-hygiene.ts) fails a test file that leaves a temp folder behind.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `permc-${prefix}-`));
  created.push(dir);
  return dir;
}

const created: string[] = [];
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

import { copyFileSync, cpSync, symlinkSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./fixtures.js";
import { tempDir } from "./temp-dir.js";

/**
 * A copy of the built package's layout (dist/bin beside package.json, its
 * node_modules and vendor linked), so a test may break the copy's bundle or
 * code cache without touching the real one. Returns the copy's dist/bin.
 */
export function copiedBin(prefix: string): string {
  const copy = tempDir(prefix);
  const bin = path.join(copy, "dist", "bin");
  cpSync(path.join(ROOT, "dist", "bin"), bin, { recursive: true });
  copyFileSync(path.join(ROOT, "package.json"), path.join(copy, "package.json"));
  for (const linked of ["node_modules", "vendor"]) symlinkSync(path.join(ROOT, linked), path.join(copy, linked));
  return bin;
}

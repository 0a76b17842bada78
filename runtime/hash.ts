import { createHash } from "node:crypto";
import type { CompiledFor } from "./format.js";

export function sha256(text: string): string {
  return "sha256:" + createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * The TABLES_HASH of a generated module. It covers the compile target too, so
 * a module whose COMPILED_FOR was edited (to pass another home's check) is
 * refused like one whose tables were edited. Each part is length-prefixed, so
 * no two different triples hash the same text.
 */
export function tablesHash(compilerVersion: string, target: CompiledFor, policyJson: string): string {
  const h = createHash("sha256");
  for (const part of ["permc-tables-v2", compilerVersion, target.home, target.platform, policyJson]) {
    h.update(`${part.length}:`, "utf8").update(part, "utf8");
  }
  return "sha256:" + h.digest("hex");
}

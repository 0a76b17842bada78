import { describe, expect, it } from "vitest";
import type { ImportFormat } from "../../compiler/import/index.js";
import { corpusFiles, importFile } from "./helpers.js";

// Every real file compiles once imported; its inline tests (Codex examples) pass during the compile.
describe.each(["claude", "opencode", "codex"] as ImportFormat[])("every %s corpus file imports and compiles", (format) => {
  it.each(corpusFiles(format).map((f) => [f.split("/").pop()!, f]))("%s", async (_name, file) => {
    const { policy, errors, perm } = await importFile(format, file);
    expect(errors.map((d) => d.message), perm).toEqual([]);
    expect(policy).not.toBeNull();
    expect(policy!.error ?? null).toBeNull();
  });
});

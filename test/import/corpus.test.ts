import { describe, expect, it } from "vitest";
import { renderJson, type ImportFormat } from "../../compiler/import/index.js";
import { compileAndLoad } from "../support/compile-and-load.js";
import { corpusFiles, importFile } from "./helpers.js";

// Every real file compiles once imported; its inline tests (Codex examples) pass during the compile.
describe.each(["claude", "opencode", "codex"] as ImportFormat[])("every %s corpus file imports and compiles", (format) => {
  it.each(corpusFiles(format).map((f) => [f.split("/").pop()!, f]))("%s", async (_name, file) => {
    const { policy, errors, perm } = await importFile(format, file);
    expect(
      errors.map((d) => d.message),
      perm,
    ).toEqual([]);
    expect(policy).not.toBeNull();
    expect(policy!.error ?? null).toBeNull();
  });
});

// `--to json` must say what the .perm output says: compile both, ask both about every imported pattern and test value.
describe.each(["claude", "opencode", "codex"] as ImportFormat[])("the JSON twin of every %s import decides as the .perm output", (format) => {
  it.each(corpusFiles(format).map((f) => [f.split("/").pop()!, f]))("%s", async (_name, file) => {
    const { policy, result } = await importFile(format, file);
    const json = await compileAndLoad([{ file: "imported.json", text: renderJson(result), scope: "global", kind: "pi-json" }]);
    expect(json.policy).not.toBeNull();
    const probes = [...result.rules.map((r) => [r.surface, r.pattern] as const), ...result.tests.map((t) => [t.surface, t.value] as const)];
    for (const [surface, value] of probes)
      expect([surface, value, json.policy!.check(surface, value).action]).toEqual([surface, value, policy!.check(surface, value).action]);
  });
});

/**
 * The built declarations of every public entry point (package.json exports)
 * type-check in a project whose `types` is empty, TypeScript 6's default: a
 * declaration that names Node's types (NodeJS.ProcessEnv) carries its own
 * `/// <reference types="node" />`. Checked in-process with the TypeScript
 * API against dist/ (npm test builds it first), library checks on.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

/** The exports that are JavaScript modules, as the files they resolve to. */
function entryPoints(): string[] {
  const exports = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).exports as Record<string, string>;
  return Object.values(exports)
    .filter((target) => target.endsWith(".js"))
    .map((target) => path.join(ROOT, target));
}

describe("the public declarations without Node's types in scope", () => {
  it("a consumer with types: [] type-checks against every entry point", () => {
    const entries = entryPoints();
    expect(entries.map((e) => path.relative(ROOT, e))).toContain("dist/runtime/pi/index.js");
    const consumer = path.join(tempDir("dts-consumer"), "consumer.ts");
    writeFileSync(consumer, entries.map((e, i) => `import * as entry${i} from ${JSON.stringify(e)};\nexport const used${i} = entry${i};\n`).join(""));
    const program = ts.createProgram([consumer], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file ? path.relative(ROOT, d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(errors).toEqual([]);
  }, 120_000);
});

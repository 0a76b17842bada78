/**
 * permc's OpenCode plugin against OpenCode's published plugin types
 * (`@opencode-ai/plugin`, a development dependency pinned in package.json):
 * the plugin's own types are local and structural (no run-time dependency on
 * OpenCode), so this is what notices when OpenCode changes the hook
 * signatures under it. Type-checked in-process with the TypeScript API.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "opencode-types");

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: ["node"],
};

const FILES = ["conforms.ts", "mismatch.ts"];
let program: ts.Program | undefined;

/** The type errors of one file, as `file:line: message` (one program for both files). */
function typeErrors(file: string): string[] {
  program ??= ts.createProgram(
    FILES.map((f) => path.join(DIR, f)),
    OPTIONS,
  );
  const source = program.getSourceFile(path.join(DIR, file));
  if (!source) throw new Error(`${file} is not in the program`);
  const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  return diagnostics.map((d) => {
    const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : "";
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

describe("the OpenCode plugin against @opencode-ai/plugin's types", () => {
  it("is a Plugin, as exported and as configured", () => {
    expect(typeErrors("conforms.ts")).toEqual([]);
  }, 60_000);

  it("the same check refuses a plugin whose hook does not fit", () => {
    const errors = typeErrors("mismatch.ts");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^mismatch\.ts:12: .*not assignable to type 'Plugin'/s);
  }, 60_000);
});

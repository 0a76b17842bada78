import { renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { renderAll, toJson, type Diagnostic, type SourceTexts } from "../compiler/diagnostics/index.js";

export type OutputFormat = "human" | "json";

export function useColor(stream: NodeJS.WriteStream): boolean {
  return Boolean(stream.isTTY) && process.env.NO_COLOR === undefined;
}

/** Diagnostics go to stderr; as one JSON array with --format json. */
export function reportDiagnostics(diags: readonly Diagnostic[], sources: SourceTexts, format: OutputFormat): void {
  if (format === "json") {
    process.stderr.write(JSON.stringify(diags.map((d) => toJson(d, sources))) + "\n");
    return;
  }
  if (diags.length > 0) process.stderr.write(renderAll(diags, sources, { color: useColor(process.stderr) }) + "\n");
}

/** Write via a temp file and rename, so a reader never sees a half-written module. */
export function writeAtomically(file: string, text: string): void {
  const dir = path.dirname(path.resolve(file));
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

export class UsageError extends Error {}

import { renderAll, toJson, type Diagnostic, type SourceTexts } from "../compiler/diagnostics/index.js";

export type OutputFormat = "human" | "json";

/**
 * Colour for a stream: FORCE_COLOR=0 turns it off and any other FORCE_COLOR
 * on (as Node itself reads it); otherwise NO_COLOR (non-empty) or TERM=dumb
 * turn it off, and a terminal gets it.
 */
export function useColor(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !["0", "false"].includes(force.toLowerCase());
  if ((env.NO_COLOR ?? "") !== "") return false;
  if (env.TERM === "dumb") return false;
  return stream.isTTY === true;
}

/** Diagnostics go to stderr; as one JSON array with --format json. */
export function reportDiagnostics(diags: readonly Diagnostic[], sources: SourceTexts, format: OutputFormat): void {
  if (format === "json") {
    process.stderr.write(JSON.stringify(diags.map((d) => toJson(d, sources))) + "\n");
    return;
  }
  if (diags.length > 0) process.stderr.write(renderAll(diags, sources, { color: useColor(process.stderr) }) + "\n");
}

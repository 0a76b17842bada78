// `permc import`: one entry for the four source formats.
import { importClaude } from "./from-claude.js";
import { importCodex } from "./from-codex.js";
import { importGemini } from "./from-gemini.js";
import { importOpencode } from "./from-opencode.js";
import type { ImportFormat, ImportResult } from "./imported-policy.js";

export { allNotes, lossyNotes, renderJson, renderPerm, toScopeDocument } from "./imported-policy.js";
export type { ImportFormat, ImportNote, ImportResult } from "./imported-policy.js";
export { importGemini, type GeminiSource, type GeminiTier } from "./from-gemini.js";

export const IMPORT_FORMATS: readonly ImportFormat[] = ["claude", "opencode", "codex", "gemini"];

export interface ImportOptions {
  /** OpenCode: import `agent.<name>.permission` on top of the global rules. */
  readonly agent?: string;
}

/** Never throws on bad input: a file that cannot be imported gives `{error}`. */
export function importPolicy(format: ImportFormat, file: string, text: string, options: ImportOptions = {}): ImportResult | { error: string } {
  switch (format) {
    case "claude":
      return importClaude(file, text);
    case "opencode":
      return importOpencode(file, text, options);
    case "codex":
      return importCodex(file, text);
    case "gemini":
      // One file read on its own: it sits above Gemini CLI's defaults, as a user policy would.
      return importGemini([{ file, text, tier: "user" }]);
  }
}

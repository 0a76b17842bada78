import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import type { Span } from "../ir.js";
import { DIRECTIONAL_SURFACES, isMisspelledDirectional } from "../../runtime/path-surfaces.js";
import { suggestKey } from "./suggest-key.js";

/**
 * A surface key shaped like a directional member that is none of the four
 * (`path_wrote`, `external_directory_`). The reference (27.1.0) rejects the
 * whole file; permc rejects it in every front end, agent scopes included,
 * since such a rule would silently govern no path.
 */
export function misspelledDirectionalKey(key: string, span: Span): Diagnostic | null {
  if (!isMisspelledDirectional(key)) return null;
  const near = suggestKey(key, DIRECTIONAL_SURFACES);
  return diagnostic("unknownKey", `unknown directional surface key ${quote(key)}`, span, {
    help: near ? `did you mean ${quote(near)}?` : "write the family (`path`, `external_directory`) for both directions, or one of its `_read`/`_write` members",
    notes: [
      `the legal spellings are ${DIRECTIONAL_SURFACES.map((s) => "`" + s + "`").join(", ")}; a key starting with \`path_\` or \`external_directory_\` is never a tool name`,
    ],
  });
}

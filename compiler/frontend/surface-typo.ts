import { diagnostic, quote, type Diagnostic } from "../diagnostics/index.js";
import { KNOWN_SURFACES, type Span } from "../ir.js";
import { suggestKey } from "./suggest-key.js";
import { isMisspelledDirectional } from "../../runtime/path-surfaces.js";

/**
 * A literal surface key a typo away from a surface the runtime asks about
 * (`bsah`, `Bash`, `skills`) governs some other tool name, usually none.
 * Every front end reports it as it reads the key, so a file that also has
 * errors still gets the warning, in JSON and `.perm` alike. Extension tool
 * names that are not near a known one pass.
 */
export function surfaceTypo(surface: string, span: Span): Diagnostic | null {
  if (KNOWN_SURFACES.includes(surface) || surface.includes("*") || surface.includes("?")) return null;
  // `path_wrote` is an error of its own (misspelledDirectionalKey), with the same suggestion.
  if (isMisspelledDirectional(surface)) return null;
  const near = suggestKey(surface, KNOWN_SURFACES);
  if (near === undefined) return null;
  return diagnostic("unknownSurface", `surface ${quote(surface)} is not a tool the runtime asks about`, span, {
    help: `did you mean ${quote(near)}?`,
    notes: ["surface names are matched exactly and case-sensitively; an extension tool of this exact name would still use these rules"],
  });
}

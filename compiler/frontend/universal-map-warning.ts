import { diagnostic, type Diagnostic } from "../diagnostics/index.js";
import type { Span } from "../ir.js";
import type { SurfaceValue } from "./scope-document.js";

/**
 * The reference reads the universal fallback only from an action string; a
 * map under `"*"` is discarded and the fallback is `ask`. If that map has a
 * `"*"` pattern, the reference still credits its scope as the fallback's origin.
 */
export function universalMapWarning(keySpan: Span, value: Extract<SurfaceValue, { kind: "map" }>): Diagnostic {
  const notes = ["the universal key takes only an action string; the reference ignores this map and falls back to `ask`"];
  if (value.patterns.some((p) => p.pattern === "*")) {
    notes.push('because the map has a `"*"` entry, the reference still reports this scope as the origin of that `ask` fallback');
  }
  return diagnostic("mapUnderUniversal", 'a map under `"*"` is discarded', keySpan, { notes });
}

import type { Diagnostic } from "../diagnostics/index.js";

/** Diagnostics of one file in reading order; the validators walk keys in enumeration order, not text order. */
export function byPosition(diags: readonly Diagnostic[]): Diagnostic[] {
  return diags
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.span?.start ?? -1) - (b.d.span?.start ?? -1) || a.i - b.i)
    .map((x) => x.d);
}

import type { Diagnostic } from "../diagnostics/index.js";

const MEMBER = /\b(path|external_directory)_(read|write)\b/g;

/**
 * A bare `path`/`external_directory` rule compiles into one rule per
 * direction, both pointing at the same written pattern, so a lint that holds
 * in both directions would be reported twice. Diagnostics at the same place
 * that differ only in the member's name fold into one, phrased with the
 * family the user wrote; one that holds in a single direction keeps its
 * member's name. Exact repeats (same code, place and text) fold too.
 *
 * Before: `rule *.pem on path_read can never decide…`, `rule *.pem on path_write can never decide…` (same span)
 * After:  `rule *.pem on path can never decide…`
 */
export function foldDirectionalTwins(diags: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const firstAt = new Map<string, number>();
  for (const d of diags) {
    const message = d.message.replace(MEMBER, "$1");
    const notes = d.notes.map((n) => n.replace(MEMBER, "$1"));
    const key = [d.code, d.span?.file, d.span?.start, d.span?.end, message, ...notes].join("\u0000");
    const i = firstAt.get(key);
    if (i === undefined) {
      firstAt.set(key, out.length);
      out.push(d);
      continue;
    }
    const first = out[i]!;
    if (first.message !== d.message || first.notes.join("\u0000") !== d.notes.join("\u0000")) {
      out[i] = Object.freeze({ ...first, message, notes: Object.freeze(notes) });
    }
  }
  return out;
}

/**
 * When a glob names exactly the files there now. bash expands a simple
 * command's words just before it runs it, so when nothing else of the call
 * runs first (one unit: no pipeline, list, substitution or function), or
 * what else runs only reads (`ls * | head`: readers whose paths are proven
 * reads, and no redirect that writes), what a glob of `*` matches is what a
 * listing shows now, as with a walked
 * directory (a race with another process is the same for both). Then `ls *`
 * and `cat *.json` meet the rules through the files they name, not through
 * every name `*` could ever take (which made `ls *` deny under `*.env`).
 *
 * Not where the command may change the files it names before they are read
 * or make their names mean more: a walk (`du -sh *`, `grep -r k *`: the
 * tree under each match), a copy or move into a directory, an extraction,
 * a symlink it makes. Not `?` or `[…]` (a locale or an old bash may match
 * otherwise), and not with GLOBIGNORE set (split.ts). Whether anything
 * runs first is the split's question (split/nothing-writes-first.ts).
 */
import { NOT_SLASH, type Segment } from "../../explore.js";
import type { MadeRoot, RawPathToken } from "./types.js";

export function globsNameWhatIsThere(
  tokens: readonly RawPathToken[],
  madeRoots: readonly MadeRoot[],
  symlinks: ReadonlyArray<{ readonly name: string; readonly target: string }>,
): boolean {
  if (madeRoots.length > 0 || symlinks.length > 0) return false;
  return tokens.every((t) => t.tree !== true && t.copyInto === undefined && t.writesUnder !== true && t.archive === undefined);
}

/** An alternative of plain text and `*`. */
export function starsOnly(alt: readonly Segment[]): boolean {
  return alt.every((s) => s.kind === "text" || (s.kind === "many" && sameSet(s.set, NOT_SLASH)));
}

function sameSet(a: typeof NOT_SLASH, b: typeof NOT_SLASH): boolean {
  return a.negated === b.negated && a.ranges.length === b.ranges.length && a.ranges.every(([lo, hi], i) => lo === b.ranges[i]![0] && hi === b.ranges[i]![1]);
}

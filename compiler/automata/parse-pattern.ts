/**
 * Wildcard pattern → token list. Only `*` and `?` are special; there is no
 * escape syntax, so every other code unit (brackets, backslash, `$`, `.`) is a
 * literal. Example: `git *` → [g, i, t, " ", STAR] with the optional tail
 * starting at the space.
 */

/** Any one code unit (`?`). */
export const ANY = -1;
/** Any sequence of code units, including none (`*`). */
export const STAR = -2;

export interface ParsedPattern {
  /**
   * Literal code units (already replaced by their fold representative when
   * folding), ANY or STAR. Adjacent stars are merged: `.*.*` ≡ `.*`.
   */
  readonly tokens: Int32Array;
  /**
   * Index of the space token that starts an optional `" *"` tail, or -1. The
   * reference rewrites a trailing ` .*` into `( .*)?`, so `git *` also
   * matches `git`.
   */
  readonly optionalTailFrom: number;
}

export function parsePattern(pattern: string, foldRep: Uint16Array | null): ParsedPattern {
  const tokens = new Int32Array(pattern.length);
  let n = 0;
  for (let i = 0; i < pattern.length; i++) {
    const u = pattern.charCodeAt(i);
    if (u === 42 /* * */) {
      if (n === 0 || tokens[n - 1] !== STAR) tokens[n++] = STAR;
    } else if (u === 63 /* ? */) {
      tokens[n++] = ANY;
    } else {
      tokens[n++] = foldRep === null ? u : foldRep[u]!;
    }
  }
  // The rule looks at the raw text: only a final `" *"` counts, not `" **"`
  // (whose regex ends in `.*.*`, not in ` .*`).
  const tail = pattern.length >= 2 && pattern.endsWith(" *") ? n - 2 : -1;
  return { tokens: tokens.slice(0, n), optionalTailFrom: tail };
}

/** Patterns with equal keys match exactly the same values. */
export function patternKey(p: ParsedPattern): string {
  return `${p.optionalTailFrom}:${p.tokens.join(",")}`;
}

/** `*` alone (after merging stars) matches every value, including "". */
export function isUniversal(p: ParsedPattern): boolean {
  return p.tokens.length === 1 && p.tokens[0] === STAR;
}

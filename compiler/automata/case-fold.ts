/**
 * Case folding exactly as a JavaScript RegExp with the `i` flag and without
 * `u` compares code units (ECMA-262 Canonicalize, non-Unicode branch): upper-case
 * each unit alone, keep it when the result is not one unit, and never map a
 * non-ASCII unit onto ASCII (so `ſ` does not match `s`, and the Kelvin sign
 * does not match `k`).
 */

export function canonicalize(ch: number): number {
  const u = String.fromCharCode(ch).toUpperCase();
  if (u.length !== 1) return ch;
  const cu = u.charCodeAt(0);
  if (ch >= 128 && cu < 128) return ch;
  return cu;
}

let representatives: Uint16Array | undefined;

/**
 * `rep[u]` is the smallest code unit with the same canonical form as u, so two
 * units match case-insensitively iff their representatives are equal. Built
 * once, on first use, because it costs 65,536 `toUpperCase` calls.
 */
export function foldRepresentatives(): Uint16Array {
  if (representatives !== undefined) return representatives;
  const firstWithCanon = new Int32Array(65_536).fill(-1);
  const rep = new Uint16Array(65_536);
  for (let u = 0; u < 65_536; u++) {
    const c = canonicalize(u);
    if (firstWithCanon[c] === -1) firstWithCanon[c] = u;
    rep[u] = firstWithCanon[c]!;
  }
  representatives = rep;
  return rep;
}

let classSizes: Uint16Array | undefined;

/** Number of code units in the fold class of each representative (0 for non-representatives). */
export function foldClassSizes(): Uint16Array {
  if (classSizes !== undefined) return classSizes;
  const rep = foldRepresentatives();
  const sizes = new Uint16Array(65_536);
  for (let u = 0; u < 65_536; u++) sizes[rep[u]!]!++;
  classSizes = sizes;
  return sizes;
}

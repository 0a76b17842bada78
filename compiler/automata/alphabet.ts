/**
 * Alphabet compression: the 65,536 code units are partitioned into the
 * classes that the patterns can tell apart. Every distinct literal (or, when
 * folding, every distinct fold class) is its own class; all other units share
 * class 0. Example: `git *` and `go` → classes {rest, g, i, o, t, " "}.
 */
import { ANY, STAR, type ParsedPattern } from "./parse-pattern.js";

export interface Alphabet {
  readonly classCount: number;
  /** Literal token (a code unit or fold representative) → class id; other units → the rest class. */
  readonly classOfLiteral: Int32Array;
}

export function buildAlphabet(patterns: readonly ParsedPattern[], foldRep: Uint16Array | null): Alphabet {
  const used = new Uint8Array(65_536);
  for (const p of patterns) {
    for (const t of p.tokens) if (t !== ANY && t !== STAR) used[t] = 1;
  }
  // Count the units covered by literals: if they cover everything, there is
  // no "rest" class and numbering starts at 0 (an empty class would make
  // 65,537 classes, which the runtime's Uint16 class ids cannot hold).
  let covered = 0;
  for (let u = 0; u < 65_536; u++) if (used[foldRep === null ? u : foldRep[u]!] === 1) covered++;
  const classOfLiteral = new Int32Array(65_536);
  let next = covered === 65_536 ? 0 : 1;
  // Ascending unit order keeps class numbering a pure function of the patterns.
  for (let u = 0; u < 65_536; u++) if (used[u] === 1) classOfLiteral[u] = next++;
  return { classCount: next, classOfLiteral };
}

/** Class of every code unit, for the runtime class map. */
export function classOfUnits(alphabet: Alphabet, foldRep: Uint16Array | null): Int32Array {
  const out = new Int32Array(65_536);
  for (let u = 0; u < 65_536; u++) out[u] = alphabet.classOfLiteral[foldRep === null ? u : foldRep[u]!]!;
  return out;
}

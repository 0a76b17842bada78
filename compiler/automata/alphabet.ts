/**
 * Alphabet compression: the 65,536 code units are partitioned into the
 * classes that the patterns can tell apart. Every distinct literal (or, when
 * folding, every distinct fold class) is its own class; all other units share
 * class 0. Example: `git *` and `go` → classes {rest, g, i, o, t, " "}.
 */
import { foldClassSizes } from "./case-fold.js";
import { IntBuffer, sortUnique } from "./int-buffer.js";
import { ANY, STAR, type ParsedPattern } from "./parse-pattern.js";

export interface Alphabet {
  readonly classCount: number;
  /** Literal token (a code unit or fold representative) → class id; other units → the rest class. */
  readonly classOfLiteral: Int32Array;
}

export function buildAlphabet(patterns: readonly ParsedPattern[], foldRep: Uint16Array | null): Alphabet {
  // Literals are collected and sorted rather than found by scanning all 65,536
  // units: the group search builds many alphabets for a few hundred literals.
  const classOfLiteral = new Int32Array(65_536);
  const literals = new IntBuffer();
  for (const p of patterns) {
    for (const t of p.tokens) {
      if (t !== ANY && t !== STAR && classOfLiteral[t] === 0) {
        classOfLiteral[t] = 1;
        literals.push(t);
      }
    }
  }
  const n = sortUnique(literals.data, literals.length);
  // If the literals cover every unit there is no "rest" class and numbering
  // starts at 0 (an empty class would make 65,537 classes, more than the
  // runtime's Uint16 class ids can hold).
  let covered = n;
  if (foldRep !== null) {
    const sizes = foldClassSizes();
    covered = 0;
    for (let i = 0; i < n; i++) covered += sizes[literals.data[i]!]!;
  }
  const first = covered === 65_536 ? 0 : 1;
  // Ascending unit order keeps class numbering a pure function of the patterns.
  for (let i = 0; i < n; i++) classOfLiteral[literals.data[i]!] = first + i;
  return { classCount: first + n, classOfLiteral };
}

/** Class of every code unit, for the runtime class map. */
export function classOfUnits(alphabet: Alphabet, foldRep: Uint16Array | null): Int32Array {
  const out = new Int32Array(65_536);
  for (let u = 0; u < 65_536; u++) out[u] = alphabet.classOfLiteral[foldRep === null ? u : foldRep[u]!]!;
  return out;
}

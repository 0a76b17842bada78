/**
 * fast-check generators for wildcard patterns and for values that often
 * match them. The alphabet is biased towards the characters where matching
 * semantics are easy to get wrong: stars and `?`, the space of the trailing
 * rule, regex metacharacters that must stay literal, a newline (dotAll), a
 * one-unit non-ASCII letter and both halves of a surrogate pair.
 */
import fc from "fast-check";

export const PATTERN_CHARS = ["*", "*", "?", " ", "a", "b", "é", "\uD83D", "\uDE00", "\n", ".", "[", "]", "\\", "$", "^"];
export const VALUE_CHARS = [" ", "a", "b", "é", "\uD83D", "\uDE00", "\n", ".", "[", "]", "\\", "$", "^", "*", "?", "x"];
/** Extra characters whose case folding under a non-Unicode `/i` is surprising. */
export const FOLD_CHARS = ["A", "B", "É", "s", "S", "\u017F", "k", "K", "\u212A", "\u00B5", "\u03BC", "\u039C", "\u00DF", "\u0130", "i", "I"];

export function patternArb(chars: readonly string[], maxChars = 6): fc.Arbitrary<string> {
  return fc.tuple(fc.array(fc.constantFrom(...chars), { maxLength: maxChars }), fc.boolean()).map(([cs, tail]) => cs.join("") + (tail ? " *" : ""));
}

/** Replaces each `*` with a filler and each `?` with one unit; maybe drops a trailing `" *"` (which may be absent). */
function instantiate(pattern: string, fillers: readonly string[], singles: readonly string[], dropTail: boolean, upper: boolean): string {
  let p = pattern;
  if (dropTail && p.endsWith(" *")) p = p.slice(0, -2);
  let out = "";
  let f = 0;
  let s = 0;
  for (const ch of p) {
    if (ch === "*") out += fillers[f++ % fillers.length] ?? "";
    else if (ch === "?") out += singles[s++ % singles.length] ?? "x";
    else out += ch;
  }
  return upper ? out.toUpperCase() : out;
}

function valueArb(patterns: readonly string[], chars: readonly string[]): fc.Arbitrary<string> {
  const unit = fc.constantFrom(...chars);
  const random = fc.string({ unit, maxLength: 10 });
  if (patterns.length === 0) return random;
  const derived = fc
    .tuple(
      fc.nat(patterns.length - 1),
      fc.array(fc.string({ unit, maxLength: 2 }), { minLength: 1, maxLength: 4 }),
      fc.array(unit, { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([k, fillers, singles, dropTail, upper]) => instantiate(patterns[k]!, fillers, singles, dropTail, upper));
  return fc.oneof(random, derived, derived);
}

export interface MatchCase {
  readonly patterns: readonly string[];
  readonly payloads: readonly number[];
  readonly values: readonly string[];
}

export function matchCaseArb(patternChars: readonly string[], valueChars: readonly string[], maxPatterns = 6): fc.Arbitrary<MatchCase> {
  return fc.array(patternArb(patternChars), { minLength: 1, maxLength: maxPatterns }).chain((patterns) =>
    fc.record({
      patterns: fc.constant(patterns),
      payloads: fc.array(fc.nat(20), { minLength: patterns.length, maxLength: patterns.length }),
      values: fc.array(valueArb(patterns, valueChars), { minLength: 1, maxLength: 12 }),
    }),
  );
}

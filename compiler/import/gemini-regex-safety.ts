// Gemini CLI 0.61.0 loads no rule from a regex it cannot compile or deems
// unsafe: longer than 2,048 characters, or a parenthesised group that holds
// a quantifier and is quantified itself (its guard against runaway
// backtracking, a coarse one: any `(…*…)+` shape counts). The import must
// drop the same rules, or it would enforce one Gemini CLI never applied.

const MAX_LENGTH = 2048;
/** An opening parenthesis, no `)` until a quantifier, anything, then `)` and a quantifier: Gemini CLI's shape test. */
const QUANTIFIED_GROUP_WITH_QUANTIFIER = /\([^)]*[*+?{].*\)[*+?{]/;

/** True, or why Gemini CLI refuses the regex (as it builds it from the rule). */
export function isUsableGeminiRegex(source: string): true | string {
  try {
    new RegExp(source);
  } catch (e) {
    return `it does not compile: ${(e as Error).message}`;
  }
  if (source.length > MAX_LENGTH) return `longer than ${MAX_LENGTH} characters`;
  if (QUANTIFIED_GROUP_WITH_QUANTIFIER.test(source)) return "a quantified group that holds a quantifier, which it takes for a backtracking risk";
  return true;
}

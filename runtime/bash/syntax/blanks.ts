/**
 * Bash's blanks are space and tab (and a newline ends a command); JavaScript's
 * `trim()` also strips CR, FF, VT, NBSP, BOM and the Unicode line and
 * paragraph separators, which bash reads as word characters. Trimming a
 * command with `trim()` before it is parsed changes what bash would run:
 * `\r#;rm x` is the word `\r#` and then `rm x` to bash, but a comment once
 * the CR is gone. So a command is trimmed only of what bash itself skips.
 * (Matching a unit's text against rules may still use `trim()`: that only
 * makes the value shorter, the way the reference matches.)
 */
const LEADING = /^[ \t\n]+/;
const TRAILING = /[ \t\n]+$/;

/** `text` without the leading and trailing blanks and newlines bash skips. */
export function trimBashBlanks(text: string): string {
  // Most commands start and end with a word: nothing to trim, and no scan of a long text for a trailing run.
  if (text.length > 0 && !isBlank(text.charCodeAt(0)) && !isBlank(text.charCodeAt(text.length - 1))) return text;
  return text.replace(LEADING, "").replace(TRAILING, "");
}

/** Space, tab or newline. */
function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a;
}

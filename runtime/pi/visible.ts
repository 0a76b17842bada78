/**
 * Text as the user must see it: C0/C1 controls (ESC, CR, backspace…), DEL,
 * bidi controls, zero-width and other invisible characters, and spaces that
 * look like a plain space are written as `\u{…}`. Newlines and tabs stay
 * when `keepNewlines` (a multi-line command), else they are escaped too.
 */
export function visible(text: string, keepNewlines = false): string {
  return text.replace(
    // biome-ignore lint/suspicious/noMisleadingCharacterClass: each invisible code point is listed on its own, combining marks included.
    /[\u0000-\u001f\u007f-\u009f\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb]/gu,
    (c) => (keepNewlines && (c === "\n" || c === "\t") ? c : `\\u{${c.codePointAt(0)!.toString(16)}}`),
  );
}

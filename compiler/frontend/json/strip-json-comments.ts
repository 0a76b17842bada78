/**
 * The reference removes comments with a small scanner before `JSON.parse`, so
 * what it accepts is "JSON after deleting comments", not JSONC: a deleted
 * comment joins its neighbours, and an unclosed `/*` deletes the rest of the
 * file. This scanner follows those rules and keeps, for every kept character,
 * its offset in the original text so diagnostics point at what the user wrote.
 */
export interface StrippedText {
  readonly text: string;
  /** `origin[i]` is the original offset of `text[i]`; `origin[text.length]` is the original length. */
  readonly origin: Int32Array;
  /** Original offset of a `/*` that is never closed, if any. */
  readonly unterminatedComment: number | null;
}

export function stripJsonComments(source: string): StrippedText {
  const kept: number[] = [];
  let unterminatedComment: number | null = null;
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === '"' || c === "'") {
      // Strings are copied verbatim, escapes honoured. The reference treats `'`
      // as a quote too; that only matters in files JSON rejects anyway.
      kept.push(i++);
      let escaping = false;
      while (i < n) {
        const ch = source[i];
        kept.push(i++);
        if (escaping) escaping = false;
        else if (ch === "\\") escaping = true;
        else if (ch === c) break;
      }
      continue;
    }
    if (c === "/" && source[i + 1] === "/") {
      i += 2;
      while (i < n && source[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      const close = source.indexOf("*/", i + 2);
      if (close < 0) {
        unterminatedComment = i;
        i = n;
      } else {
        i = close + 2;
      }
      continue;
    }
    kept.push(i++);
  }
  const origin = new Int32Array(kept.length + 1);
  origin.set(kept);
  origin[kept.length] = n;
  let text = "";
  // Build in chunks: one string per contiguous run keeps this linear.
  let runStart = 0;
  for (let k = 1; k <= kept.length; k++) {
    if (k === kept.length || kept[k] !== kept[k - 1]! + 1) {
      text += source.slice(kept[runStart], kept[k - 1]! + 1);
      runStart = k;
    }
  }
  return { text, origin, unterminatedComment };
}

/** Original span of a stripped range `[start, end)`. */
export function originalRange(stripped: StrippedText, start: number, end: number): { start: number; end: number } {
  const length = stripped.text.length;
  const s = stripped.origin[Math.min(start, length)]!;
  // A range that runs past the stripped text (a token the parser read up to the end) ends at the file's end, never after it.
  const e = end <= start ? s : end > length ? stripped.origin[length]! : stripped.origin[end - 1]! + 1;
  return { start: s, end: e };
}

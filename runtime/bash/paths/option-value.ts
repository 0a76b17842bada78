/**
 * Where a word may hand its program a file inside itself: the value of
 * `--file=X` or `if=X`, and a short option's attached value (`-fX`, or
 * `-xzfX` in a cluster). A program without an option grammar is read
 * without knowing which letter takes a value, so each split is a value.
 *
 * Offsets are into the word's source text, and only where what comes before
 * is literal (`-f`, `--file=`, `if=`): bash leaves that prefix as it is and
 * expands the rest, so the rest's source, read by words/word-pattern.ts, is the
 * set of values the program may be handed (`-f{a,b}` is `-fa -fb`).
 */

/** `--file=`, `-name=`, `if=`: a literal option or key and `=`. */
const KEYED = /^(?:--?[A-Za-z0-9][\w-]*|[A-Za-z_][\w.-]*)=/;
/** A short option's letters before an attached value: one, or up to three in a cluster (`-xzf./a.tar`). */
const SHORT = /^-[A-Za-z0-9]{1,3}/;

export interface ValueStart {
  /** Offset in the word's source where the value begins. */
  readonly at: number;
  /**
   * The first split (`--file=X`, `if=X`, `-fX` after one letter) is a value
   * whatever it looks like; a later split of a cluster (`-xzfX`) is one only
   * when it is there or looks like a path (`ifExists`, collect.ts).
   */
  readonly first: boolean;
}

/** The places a value may begin in a word's source; none for a word that is no option or key. */
export function valueStarts(raw: string): readonly ValueStart[] {
  const keyed = KEYED.exec(raw);
  if (keyed !== null) return keyed[0].length < raw.length ? [{ at: keyed[0].length, first: true }] : [];
  if (raw.startsWith("--")) return [];
  const short = SHORT.exec(raw);
  if (short === null) return [];
  const out: ValueStart[] = [];
  for (let at = 2; at <= short[0].length && at < raw.length; at++) out.push({ at, first: at === 2 });
  return out;
}

/**
 * The file a value names when it starts with `@` (`zip -i@list`, `curl -d@f`): the rest.
 * Many programs read a list or a body from the file after `@`.
 */
export function afterAt(value: string): string {
  return value.startsWith("@") && value.length > 1 ? value.slice(1) : value;
}

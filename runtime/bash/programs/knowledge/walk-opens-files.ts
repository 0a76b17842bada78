/**
 * Walkers that open every regular file under the directories they walk:
 * a content search (`grep -r`, `rgrep`), a compressor told to recurse
 * (`gzip -r` rewrites each file), a tagger (`ctags -R` reads each to guess
 * its language). A file a rule denies, listed under such a walk, is read or
 * rewritten as surely as one the command names, so the deny holds there
 * (runtime/gate/bash-path-gate.ts); under any other walker it asks, since what the
 * walk opens depends on what it finds. Each lists the options that may
 * leave a file out or stop the walk early (a short letter in a cluster, a
 * long name or a prefix of one): with one of them, or a word permc cannot
 * know, the walk asks again. grep's `--exclude=GLOB` and `--exclude-dir=GLOB`
 * are not among them: the walk reads them (split/command-paths.ts), and
 * what they leave out is not listed.
 */
const GREP_NARROWING = ["include", "exclude-from", "q", "quiet", "silent", "m", "max-count", "f", "file"];
/** Full long names that are also prefixes of narrowing ones: getopt takes the exact name (`--exclude` is not `--exclude-from`). */
const EXACT_NAMES: Readonly<Record<string, readonly string[]>> = {
  grep: ["exclude", "exclude-dir"],
  egrep: ["exclude", "exclude-dir"],
  fgrep: ["exclude", "exclude-dir"],
  rgrep: ["exclude", "exclude-dir"],
};
// A language list still opens every file: ctags reads a file of no known extension to look for a `#!` line or a mode line.
const TAGGER_NARROWING = ["exclude", "exclude-exception", "L", "filter"];

export const OPENS_EVERY_FILE_WALKED: Readonly<Record<string, readonly string[]>> = {
  grep: GREP_NARROWING,
  egrep: GREP_NARROWING,
  fgrep: GREP_NARROWING,
  rgrep: GREP_NARROWING,
  gzip: [],
  pigz: [],
  zstd: ["exclude-compressed", "filelist"],
  lz4: [],
  ctags: TAGGER_NARROWING,
  etags: TAGGER_NARROWING,
};

/** The walk opens every file it reaches, given the words after the name (a word permc cannot know may narrow it). */
export function opensEveryFileWalked(name: string, words: readonly (string | null)[]): boolean {
  if (!Object.hasOwn(OPENS_EVERY_FILE_WALKED, name)) return false;
  const narrowing = OPENS_EVERY_FILE_WALKED[name] as readonly string[];
  for (const w of words) {
    if (w === null) return false;
    if (w === "--") break;
    if (w.startsWith("--")) {
      // getopt takes a unique prefix of a long option (`--excl=x`): any prefix of a narrowing one counts.
      const long = w.slice(2).split("=")[0] as string;
      if (EXACT_NAMES[name]?.includes(long) === true) continue;
      if (long !== "" && narrowing.some((n) => n.length > 1 && n.startsWith(long))) return false;
    } else if (w.startsWith("-") && [...w.slice(1)].some((letter) => narrowing.includes(letter))) return false;
  }
  return true;
}

/**
 * Walkers that open every regular file under the directories they walk:
 * a content search (`grep -r`, `rgrep`), a compressor told to recurse
 * (`gzip -r` rewrites each file), a tagger (`ctags -R` reads each to guess
 * its language), a copier or archiver (`cp -r`, `tar -c`, `zip -r` open each
 * to copy it; a reflink clone opens it for reading too). A program known by
 * a record's option rather than by name says so there (OptionSpec.opensEveryFile:
 * `python -m zipfile -c`, `python -m tarfile -c`, knowledge/python-modules.ts). A file a rule denies, listed under such a walk, is read or
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
  // tar's `--file=ARCHIVE`, not `--files-from`.
  tar: ["file"],
  gtar: ["file"],
};
// A language list still opens every file: ctags reads a file of no known extension to look for a `#!` line or a mode line.
const TAGGER_NARROWING = ["exclude", "exclude-exception", "L", "filter"];
/**
 * cp copies the content of every file unless it links (`-l`, `-s`), keeps what
 * the destination has (`-u`, `-n`, `-i`), copies attributes only (the file is
 * opened, not read), refuses a destination that is not a directory already
 * (`--parents`), stays on one file system (`-x`) or prints and exits.
 */
const CP_NARROWING = [
  ..."lsuinx",
  "link",
  "symbolic-link",
  "update",
  "no-clobber",
  "interactive",
  "attributes-only",
  "parents",
  "one-file-system",
  "help",
  "version",
];
/**
 * GNU tar creating: what its exclusions, a date (`-N`), a list of names
 * (`-T`, `--null`), `--no-recursion`, a snapshot (`-g`, `-G`), a starting
 * member (`-K`), a volume's end (`-M`, `-L`, `-F`), a prompt per file (`-w`),
 * one file system, or help leave out; `-C DIR` moves the walk where permc
 * does not follow it. Its `--exclude=GLOB` is among them:
 * tar matches the pattern against the member's whole name, not only its base
 * name as the exclusions permc reads for grep do.
 */
const TAR_NARROWING = [
  ..."XNTgGKMLFwC?",
  "directory",
  "exclude",
  "exclude-from",
  "exclude-backups",
  "exclude-caches",
  "exclude-caches-all",
  "exclude-caches-under",
  "exclude-ignore",
  "exclude-ignore-recursive",
  "exclude-tag",
  "exclude-tag-all",
  "exclude-tag-under",
  "exclude-vcs",
  "exclude-vcs-ignores",
  "newer",
  "newer-mtime",
  "after-date",
  "no-recursion",
  "files-from",
  "null",
  "listed-incremental",
  "incremental",
  "level",
  "starting-file",
  "multi-volume",
  "tape-length",
  "info-script",
  "new-volume-script",
  "interactive",
  "confirmation",
  "one-file-system",
  "help",
  "usage",
  "version",
  "show-defaults",
];
/**
 * Info-ZIP zip adding: its patterns (`-x`, `-i`), dates (`-t`, `-tt`), names
 * from its input (`-@`), the modes that delete, update, freshen, sync, copy
 * or fix an archive (`-d`, `-u`, `-f`, `-FS`, `-U`, `-F`, `-A`, `-J`, `-DF`),
 * patterns to recurse by (`-R`), a password prompt that fails with no
 * terminal (`-e`), what only shows (`-sf`, `-sc`, `-so`), a split's pause
 * (`-sp`), help and licence. Two-letter options count by their letters.
 */
const ZIP_NARROWING = [
  ..."xit@dufFUAJDRseLh",
  "exclude",
  "include",
  "from-date",
  "before-date",
  "names-stdin",
  "delete",
  "update",
  "freshen",
  "filesync",
  "copy-entries",
  "copy",
  "fix",
  "fixfix",
  "adjust-sfx",
  "junk-sfx",
  "difference-archive",
  "dif",
  "recurse-patterns",
  "encrypt",
  "show-files",
  "show-command",
  "show-options",
  "show-debug",
  "show-unicode",
  "show-just-unicode",
  "split-pause",
  "help",
  "more-help",
  "version",
];

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
  cp: CP_NARROWING,
  tar: TAR_NARROWING,
  gtar: TAR_NARROWING,
  zip: ZIP_NARROWING,
};

/**
 * Walkers that open every file only in one of their modes: GNU tar when it
 * creates an archive (listing, extracting, comparing, appending or updating
 * is another walk, or none). The table above cannot say so (it lists what
 * narrows a walk, not what makes one); tar's old-style first word (`tar czf
 * o.tgz .`) is read here as its narrowing letters are below.
 */
const ONLY_IN_MODE: Readonly<Record<string, (words: readonly (string | null)[]) => boolean>> = {
  tar: tarCreates,
  gtar: tarCreates,
};

/** tar's short options that take a value: the rest of a cluster, or the next word. */
const TAR_VALUE_LETTERS = "bCfFgHIKLNTVX";
const TAR_OTHER_MODE_LETTERS = "Adrtux";
const TAR_OTHER_MODES = ["append", "catenate", "concatenate", "compare", "delete", "diff", "extract", "get", "list", "update", "test-label"];

/**
 * tar creates and does nothing else: `c` among the letters of a cluster before
 * one that takes a value (`-fc x` names the archive `c`), `--create` or a
 * prefix of it, and no other mode anywhere it may be (a second mode is refused).
 */
function tarCreates(words: readonly (string | null)[]): boolean {
  let creates = false;
  let other = false;
  let values = 0;
  for (const [i, w] of words.entries()) {
    if (w === null) return false;
    if (w === "--") break;
    const isValue = values > 0;
    if (isValue) values--;
    if (i === 0 && !w.startsWith("-")) {
      // Old style: each letter that takes a value takes the next word, in order.
      for (const letter of w) {
        if (letter === "c") creates = true;
        if (TAR_OTHER_MODE_LETTERS.includes(letter)) other = true;
        if (TAR_VALUE_LETTERS.includes(letter)) values++;
      }
    } else if (w.startsWith("--")) {
      const long = w.slice(2).split("=")[0] as string;
      if (long === "") continue;
      if (TAR_OTHER_MODES.some((m) => m.startsWith(long))) other = true;
      if (!isValue && long.length > 1 && "create".startsWith(long)) creates = true;
      // A long option permc does not list may take the next word as its value.
      else if (!w.includes("=")) values = Math.max(values, 1);
    } else if (w.startsWith("-") && w.length > 1) {
      for (const [k, letter] of [...w.slice(1)].entries()) {
        if (TAR_OTHER_MODE_LETTERS.includes(letter)) other = true;
        if (letter === "c" && !isValue) creates = true;
        if (TAR_VALUE_LETTERS.includes(letter)) {
          if (k === w.length - 2) values = Math.max(values, 1);
          break;
        }
      }
    }
  }
  return creates && !other;
}

/**
 * The variables the walkers read options from before their words (`TAR_OPTIONS=--exclude=.env`,
 * `ZIPOPT=-x…`): set where the command runs, they may narrow the walk as the words do.
 */
export const WALK_OPTIONS_VARIABLES: Readonly<Record<string, string>> = { tar: "TAR_OPTIONS", gtar: "TAR_OPTIONS", zip: "ZIPOPT" };

/** The walk opens every file it reaches, given the words after the name (a word permc cannot know may narrow it). */
export function opensEveryFileWalked(name: string, words: readonly (string | null)[]): boolean {
  if (!Object.hasOwn(OPENS_EVERY_FILE_WALKED, name)) return false;
  const narrowing = OPENS_EVERY_FILE_WALKED[name] as readonly string[];
  const mode = ONLY_IN_MODE[name];
  if (mode !== undefined && !mode(words)) return false;
  // tar's first word may be a cluster without a dash (`tar cXf names o.tar .`).
  const first = words[0];
  if (mode !== undefined && typeof first === "string" && !first.startsWith("-") && [...first].some((letter) => narrowing.includes(letter))) return false;
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

import { mayBeLongOption } from "../long-prefix.js";

/**
 * Programs that read (or change) a whole directory tree when given a
 * directory: `grep -r`, `find`, `tar`, `zip -r`, `cp -r`… A directory
 * operand of such a command touches every file under it, so a rule that can
 * match something under it applies (issue 11 §6: a prefix query on the
 * path automaton). `always` means any directory operand is walked; a list
 * names the options (short letters, long names) that make it recursive.
 */
export const RECURSIVE_READERS: Readonly<Record<string, "always" | readonly string[]>> = {
  grep: ["r", "R", "recursive", "dereference-recursive"],
  egrep: ["r", "R", "recursive"],
  fgrep: ["r", "R", "recursive"],
  rg: "always",
  ag: "always",
  ack: "always",
  // ugrep and ug also walk the working directory with no file named when their input is a terminal: taken as always.
  ugrep: "always",
  ug: "always",
  pt: "always",
  sift: "always",
  find: "always",
  gfind: "always",
  bfs: "always",
  fd: "always",
  fdfind: "always",
  tar: "always",
  gtar: "always",
  bsdtar: "always",
  zip: ["r", "R", "recurse-paths", "recurse-patterns"],
  "7z": "always",
  "7za": "always",
  cp: ["r", "R", "a", "recursive", "archive"],
  scp: ["r"],
  rsync: ["r", "a", "recursive", "archive"],
  ls: ["R", "recursive"],
  du: "always",
  tree: "always",
  rga: "always",
  // Code searchers, secret scanners and counters read every file under a directory (`gitleaks detect -v` prints what it finds).
  semgrep: "always",
  sg: "always",
  "ast-grep": "always",
  gitleaks: "always",
  trufflehog: "always",
  "detect-secrets": "always",
  codespell: "always",
  cloc: "always",
  tokei: "always",
  scc: "always",
  ctags: ["R", "recurse"],
  etags: ["R", "recurse"],
  // Compressors that, told to recurse, compress (and with most, replace) every file under a directory operand.
  gzip: ["r", "recursive"],
  pigz: ["r", "recursive"],
  zstd: ["r"],
  lz4: ["r"],
  // `rgrep` is `grep -r`; jar adds every file under a directory operand (`jar cf x.jar -C DIR .` reads DIR's tree).
  rgrep: "always",
  jar: "always",
  // Uploaders, sync and backup tools send every file under a directory they are given (`aws s3 sync . s3://b`).
  aws: "always",
  gsutil: "always",
  gcloud: "always",
  rclone: "always",
  az: "always",
  azcopy: "always",
  s3cmd: "always",
  mc: "always",
  b2: "always",
  croc: "always",
  wormhole: "always",
  "magic-wormhole": "always",
  restic: "always",
  borg: "always",
  kopia: "always",
  "rdiff-backup": "always",
  tarsnap: "always",
  unison: "always",
  surge: "always",
  netlify: "always",
  // Static file servers hand out every file under the directory they serve (`php -S`, `npx serve`), to the agent too.
  serve: "always",
  "http-server": "always",
  "live-server": "always",
  miniserve: "always",
  darkhttpd: "always",
  webfsd: "always",
  httpd: "always",
  caddy: "always",
  twistd: "always",
  php: ["S"],
  chmod: ["R", "recursive"],
  chown: ["R", "recursive"],
  chgrp: ["R", "recursive"],
  rm: ["r", "R", "recursive"],
  // Moving a directory moves everything under it (`mv ~/.ssh /tmp/k`).
  mv: "always",
  // Without -r, a directory operand is read too: `diff k DIR` compares k with DIR/k, `diff D1 D2` the files of the same name.
  diff: "always",
  sdiff: "always",
  // Formatters that walk a directory operand and open the files of their kind in it (WALK_OPENS_ONLY).
  shfmt: "always",
  gofmt: "always",
};

/**
 * Walkers that open only files of their kind below a directory: the names
 * they take, never a hidden one. shfmt opens `*.sh`, `*.bash`, `*.mksh`,
 * `*.bats` and any name with no dot, to read its shebang (`shfmt -d ~/.ssh`
 * opened `id_rsa`, by strace; `shfmt -l .` opened no `.env`, `prod.env` or
 * other dotted name); gofmt opens `*.go`. Anything else under the directory
 * is not opened, so no rule over it applies (paths/tree.ts).
 */
export interface OpensOnly {
  readonly suffixes: readonly string[];
  /** A name with no dot (`Makefile`, `id_rsa`) is opened too. */
  readonly dotless: boolean;
  /**
   * A symlink of such a name met below the directory is opened, so what it
   * points to is read (and, told to write, rewritten); a linked directory is
   * still never entered. gofmt: `gofmt -d .` printed, and `gofmt -w .`
   * rewrote, a `link.go` pointing out of the project (strace and a real run);
   * shfmt opened no link.
   */
  readonly linkedFiles: boolean;
}

export const WALK_OPENS_ONLY: Readonly<Record<string, OpensOnly>> = {
  shfmt: { suffixes: [".sh", ".bash", ".mksh", ".bats"], dotless: true, linkedFiles: false },
  gofmt: { suffixes: [".go"], dotless: false, linkedFiles: true },
};

/** Whether a walker with this filter opens a file of this name (WALK_OPENS_ONLY). */
export function opensName(only: OpensOnly, name: string): boolean {
  if (name.startsWith(".")) return false;
  return only.suffixes.some((suffix) => name.endsWith(suffix)) || (only.dotless && !name.includes("."));
}

/**
 * Walkers that leave entries alone unless told: hidden ones — a name
 * starting with `.` below the directory they walk — and symlinks met on the
 * way (not followed, not read). `rg` (`--hidden`, `-.`, `-u` twice; `-L`),
 * `fd` (`-H`, `-u`; `-L`), `tree` (`-a`; `-l`), `ls -R` (`-a`, `-A`, `-f`;
 * `-L`). The directory named itself is walked even when hidden or a link
 * (`rg key ~/.ssh`).
 */
export interface WalkFilter {
  /** Short option letters that show hidden entries. */
  readonly letters: string;
  readonly longs: readonly string[];
  /** A letter or long option that shows them when given twice (rg's `-uu`). */
  readonly twice?: { readonly letter: string; readonly long: string };
  /** Options that follow symlinks. */
  readonly followLetters: string;
  readonly followLongs: readonly string[];
  /**
   * The walker leaves out what ignore files leave out (paths/ignore-files.ts),
   * unless one of these options turns them off or overrides them: short
   * letters, long options, and every long option starting with a prefix.
   */
  readonly ignoreFiles?: { readonly letters: string; readonly longs: readonly string[]; readonly longPrefix: string };
  /**
   * Options whose value is a glob that overrides every filter, hidden entries
   * included (rg's `-g`/`--glob`, `--iglob` without case): a hidden entry a
   * glob matches is walked (`rg --glob=.env KEY` reads `.env`). A `!glob`
   * only leaves out; a glob with `{` (or one permc cannot read) may
   * match any hidden entry. A glob with `/` is matched against the path
   * below the walked directory (paths/tree.ts).
   */
  readonly showingGlobs?: { readonly letters: string; readonly longs: readonly string[]; readonly caseless: readonly string[] };
}

/** A glob that shows the hidden entries it matches, by name (WalkFilter.showingGlobs). */
export interface ShowingGlob {
  readonly glob: string;
  readonly caseless: boolean;
}

const FD_FILTER: WalkFilter = {
  letters: "Hu",
  longs: ["hidden", "unrestricted"],
  followLetters: "L",
  followLongs: ["follow"],
  ignoreFiles: { letters: "Iu", longs: ["unrestricted", "ignore-file"], longPrefix: "no-ignore" },
};

export const WALK_FILTERS: Readonly<Record<string, WalkFilter>> = {
  rg: {
    letters: ".",
    longs: ["hidden"],
    twice: { letter: "u", long: "unrestricted" },
    followLetters: "L",
    followLongs: ["follow"],
    // `--glob`/`-g` and `--iglob` override every ignore rule (rg's manual); `--ignore-file` adds rules of its own.
    ignoreFiles: { letters: "ug", longs: ["unrestricted", "glob", "iglob", "ignore-file"], longPrefix: "no-ignore" },
    showingGlobs: { letters: "g", longs: ["glob"], caseless: ["iglob"] },
  },
  fd: FD_FILTER,
  fdfind: FD_FILTER,
  tree: { letters: "a", longs: [], followLetters: "l", followLongs: [] },
  ls: { letters: "aAf", longs: ["all", "almost-all"], followLetters: "L", followLongs: ["dereference"] },
};

/** A walk that leaves nothing alone: what every program but the walkers of WALK_FILTERS gets, one frozen answer (analyseCommand asks for every command). */
const SKIPS_NOTHING = Object.freeze({ hidden: false, links: false, ignored: false, shownHidden: Object.freeze([]) as readonly ShowingGlob[] });

/** What the walk leaves alone, given the option words (a word permc cannot know may show everything). */
export function walkSkips(
  name: string,
  words: readonly (string | null)[],
): { readonly hidden: boolean; readonly links: boolean; readonly ignored: boolean; readonly shownHidden: readonly ShowingGlob[] } {
  if (!Object.hasOwn(WALK_FILTERS, name)) return SKIPS_NOTHING;
  const f = WALK_FILTERS[name] as WalkFilter;
  let hidden = true;
  let links = true;
  let ignored = f.ignoreFiles !== undefined;
  let twice = 0;
  const shownHidden: ShowingGlob[] = [];
  // A glob that shows hidden entries: by name, or, when permc cannot match it by name, every one.
  const shows = (glob: string | null | undefined, caseless: boolean): void => {
    if (glob === undefined || glob === null || /[{}]/.test(glob)) hidden = false;
    else if (!glob.startsWith("!")) shownHidden.push({ glob, caseless });
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string | null;
    if (w === null) return { hidden: false, links: false, ignored: false, shownHidden: [] };
    if (w === "--") break;
    if (w.startsWith("--")) {
      const eq = w.indexOf("=");
      const long = eq < 0 ? w.slice(2) : w.slice(2, eq);
      if (f.longs.includes(long)) hidden = false;
      if (f.followLongs.includes(long)) links = false;
      if (long === f.twice?.long) twice++;
      if (f.ignoreFiles !== undefined && (f.ignoreFiles.longs.includes(long) || long.startsWith(f.ignoreFiles.longPrefix))) ignored = false;
      const g = f.showingGlobs;
      if (g !== undefined && (g.longs.includes(long) || g.caseless.includes(long))) shows(eq < 0 ? words[++i] : w.slice(eq + 1), g.caseless.includes(long));
    } else if (w.startsWith("-")) {
      for (let k = 1; k < w.length; k++) {
        const letter = w[k] as string;
        if (f.letters.includes(letter)) hidden = false;
        if (f.followLetters.includes(letter)) links = false;
        if (letter === f.twice?.letter) twice++;
        if (f.ignoreFiles?.letters.includes(letter) === true) ignored = false;
        if (f.showingGlobs?.letters.includes(letter) === true) {
          // The rest of the cluster, or the next word, is the glob.
          shows(k + 1 < w.length ? w.slice(k + 1) : words[++i], false);
          break;
        }
      }
    }
  }
  return { hidden: hidden && twice < 2, links, ignored, shownHidden: hidden && twice < 2 ? shownHidden : [] };
}

/**
 * How a walker is told to leave directories out (paths/name-glob.ts
 * says how a name matches): GNU grep's `--exclude-dir=GLOB`; and files it
 * meets below a walked directory, by base name: `--exclude=GLOB`. Only the
 * attached form is read: grep has no record, so permc knows which words are
 * options only by these lists of options that take the next word as their
 * value (a short letter last in its cluster; a long option, or any prefix of
 * one, as getopt abbreviates).
 */
export interface DirectoryExclusions {
  readonly long: string;
  /** The option that leaves out the files below a walked directory whose name matches. */
  readonly fileLong: string;
  readonly valueLetters: string;
  readonly valueLongs: readonly string[];
}

/** GNU grep 3.8's options with a required value. */
const GREP_EXCLUSIONS: DirectoryExclusions = {
  long: "exclude-dir",
  fileLong: "exclude",
  valueLetters: "ABCDdefm",
  valueLongs: [
    "after-context",
    "before-context",
    "context",
    "devices",
    "directories",
    "regexp",
    "file",
    "max-count",
    "label",
    "include",
    "exclude",
    "exclude-from",
    "exclude-dir",
    "binary-files",
    "group-separator",
  ],
};

export const DIRECTORY_EXCLUSIONS: Readonly<Record<string, DirectoryExclusions>> = { grep: GREP_EXCLUSIONS, egrep: GREP_EXCLUSIONS, fgrep: GREP_EXCLUSIONS };

/**
 * The globs of the directories the walk leaves out, from the command's words
 * after its name (null: one permc cannot know). Options end at `--`, at a
 * word permc cannot know (it may be `--` or take the next word), and, when
 * POSIXLY_CORRECT is set where the command runs, at the first operand.
 */
export function excludedDirectories(name: string, words: readonly (string | null)[], posixlyCorrect: boolean): readonly string[] {
  return exclusionGlobs(name, words, posixlyCorrect, "long");
}

/** The globs of the files below a walked directory the walk leaves out (`grep -r --exclude=.env`), read as excludedDirectories reads its own. */
export function excludedFiles(name: string, words: readonly (string | null)[], posixlyCorrect: boolean): readonly string[] {
  return exclusionGlobs(name, words, posixlyCorrect, "fileLong");
}

function exclusionGlobs(name: string, words: readonly (string | null)[], posixlyCorrect: boolean, option: "long" | "fileLong"): readonly string[] {
  if (!Object.hasOwn(DIRECTORY_EXCLUSIONS, name)) return [];
  const x = DIRECTORY_EXCLUSIONS[name] as DirectoryExclusions;
  const globs: string[] = [];
  const prefix = `--${x[option]}=`;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === undefined || w === null || w === "--") break;
    if (w.startsWith(prefix)) globs.push(w.slice(prefix.length));
    else if (w.startsWith("--")) {
      if (!w.includes("=") && x.valueLongs.some((long) => long.startsWith(w.slice(2)))) i++;
    } else if (w.startsWith("-") && w.length > 1) {
      const at = [...w.slice(1)].findIndex((letter) => x.valueLetters.includes(letter));
      if (at === w.length - 2) i++;
    } else if (posixlyCorrect) break;
  }
  return globs;
}

/** Whether `name` walks its directory operands, given its words after the name (options and operands, in order). */
export function walksDirectories(name: string, options: readonly string[]): boolean {
  if (!Object.hasOwn(RECURSIVE_READERS, name)) return false;
  const rule = RECURSIVE_READERS[name] as "always" | readonly string[];
  if (rule === "always") return true;
  const byValue = Object.hasOwn(RECURSIVE_BY_VALUE, name) ? (RECURSIVE_BY_VALUE[name] as Readonly<Record<string, string>>) : null;
  for (let k = 0; k < options.length; k++) {
    const o = options[k] as string;
    // `grep -d recurse`, `--directories=recurse`: an option whose value makes the walk.
    if (byValue !== null && recursiveValue(o, options[k + 1], byValue)) return true;
    if (o.startsWith("--")) {
      // GNU getopt takes any unambiguous prefix of a long option (`grep --recur`); an ambiguous one fails, so any prefix counts.
      if (mayBeLongOption(o.slice(2).split("=")[0] as string, rule)) return true;
    } else if (o.startsWith("-")) {
      for (const letter of o.slice(1)) if (rule.includes(letter)) return true;
    }
  }
  return false;
}

/**
 * Options whose value makes a reader recursive: grep's `-d recurse` and
 * `--directories=recurse` read a directory operand as `-r` does.
 */
const GREP_DIRECTORIES: Readonly<Record<string, string>> = { d: "recurse", directories: "recurse" };
export const RECURSIVE_BY_VALUE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  grep: GREP_DIRECTORIES,
  egrep: GREP_DIRECTORIES,
  fgrep: GREP_DIRECTORIES,
};

/** `-d recurse`, `-drecurse`, `--directories=recurse`, `--directories recurse` (`next`: the word after the option). */
function recursiveValue(option: string, next: string | undefined, byValue: Readonly<Record<string, string>>): boolean {
  if (option.startsWith("--")) {
    const eq = option.indexOf("=");
    const given = eq >= 0 ? option.slice(2, eq) : option.slice(2);
    // A prefix of the long name (`--dir=recurse`), as getopt reads it.
    const key = Object.keys(byValue).find((k) => mayBeLongOption(given, [k]));
    if (key === undefined) return false;
    const value = eq >= 0 ? option.slice(eq + 1) : next;
    // The value too may be abbreviated (`--directories=rec`).
    return value !== undefined && value !== "" && (byValue[key] as string).startsWith(value);
  }
  const key = option.slice(1, 2);
  if (!Object.hasOwn(byValue, key)) return false;
  const value = option.length > 2 ? option.slice(2) : next;
  return value !== undefined && value !== "" && (byValue[key] as string).startsWith(value);
}

/**
 * Programs that, walking their sources, put each source's tree under the
 * last operand when it is a directory (`cp -r x/.ssh ~/` writes
 * `~/.ssh/authorized_keys`; `rsync -a x/ /` writes `/etc/…`).
 */
export const COPIES_TREES_INTO_LAST_OPERAND: ReadonlySet<string> = new Set(["cp", "mv", "rsync", "scp"]);

/**
 * Programs that put each source under their last operand when it is a
 * directory, as its own name: `cp x /etc` writes `/etc/x`, `ln -s t ~/.ssh`
 * makes `~/.ssh/t`.
 */
export const FILES_INTO_LAST_OPERAND_DIRECTORY: ReadonlySet<string> = new Set(["cp", "mv", "rsync", "scp", "install", "ln"]);

/** Programs that list the working directory when no operand names one (`cd ~ && ls`): it is a path they read. */
export const LISTS_WORKING_DIRECTORY: ReadonlySet<string> = new Set(["ls", "dir", "vdir"]);

/** Programs whose last operand is the file or directory they write (`cp a b`, `mv a b`, `ln -s a b`). */
export const WRITES_LAST_OPERAND: ReadonlySet<string> = new Set(["cp", "mv", "install", "ln", "rsync", "scp", "link"]);

/**
 * Recursive readers that walk the working directory when no directory is
 * named (`rg key`, `grep -r key`, `find -name x`, `du`): how many leading
 * operands are not paths (the search pattern), the options that give the
 * pattern instead (then every operand is a path), and the options known to
 * take no value. Any other option is taken to consume the next word, so an
 * option permc does not know makes it assume fewer paths, never more: the
 * working directory is walked when in doubt.
 */
export interface DefaultDirectory {
  readonly patterns: number;
  readonly patternOptions?: readonly string[];
  readonly flags: string;
  readonly longFlags?: readonly string[];
  /** Operands end at the first word starting with one of these (find's expression). */
  readonly expressionStarts?: readonly string[];
}

const GREP: DefaultDirectory = {
  patterns: 1,
  patternOptions: ["e", "f", "regexp", "file"],
  flags: "abcEFGhHiIlLnoPqrRsTUvVwxyzZ0123456789",
  longFlags: [
    "recursive",
    "dereference-recursive",
    "line-number",
    "ignore-case",
    "count",
    "files-with-matches",
    "files-without-match",
    "only-matching",
    "word-regexp",
    "line-regexp",
    "invert-match",
    "with-filename",
    "no-filename",
    "quiet",
    "silent",
    "null",
    "text",
    "fixed-strings",
    "extended-regexp",
    "perl-regexp",
    "basic-regexp",
    "no-messages",
    "byte-offset",
    "initial-tab",
    "null-data",
  ],
};
const RG: DefaultDirectory = {
  patterns: 1,
  patternOptions: ["e", "f", "regexp", "file", "files", "type-list"],
  flags: "abcFHiIlLnNopPqsSuUvVwxz0.",
  longFlags: [
    "files",
    "type-list",
    "hidden",
    "no-ignore",
    "ignore-case",
    "smart-case",
    "case-sensitive",
    "fixed-strings",
    "word-regexp",
    "line-regexp",
    "invert-match",
    "count",
    "files-with-matches",
    "files-without-match",
    "line-number",
    "no-line-number",
    "only-matching",
    "follow",
    "text",
    "pcre2",
    "multiline",
    "json",
    "vimgrep",
    "no-heading",
    "heading",
    "with-filename",
    "no-filename",
    "null",
    "quiet",
    "unrestricted",
    "stats",
    "trim",
    "no-messages",
    "search-zip",
    "sort-files",
  ],
};

/** A server with no directory named serves the one it runs in; its port and options are not directories. */
const SERVER: DefaultDirectory = { patterns: 0, flags: "" };

const UGREP: DefaultDirectory = {
  patterns: 1,
  patternOptions: ["e", "f", "N", "regexp", "file", "neg-regexp"],
  flags: "abcEFGhHiIjlLnoPqrRsTUvVwxXyzZ0123456789.%+",
  longFlags: [
    "recursive",
    "dereference-recursive",
    "ignore-case",
    "smart-case",
    "count",
    "files-with-matches",
    "files-without-match",
    "line-number",
    "hidden",
    "no-hidden",
    "ignore-files",
    "fixed-strings",
    "word-regexp",
    "line-regexp",
    "invert-match",
    "with-filename",
    "no-filename",
    "quiet",
    "null",
    "pretty",
    "sort",
  ],
};

export const WALKS_WORKING_DIRECTORY: Readonly<Record<string, DefaultDirectory>> = {
  grep: GREP,
  rgrep: GREP,
  egrep: GREP,
  fgrep: GREP,
  rg: RG,
  ag: {
    patterns: 1,
    patternOptions: ["g"],
    flags: "acfHilLnQrsStuUvwz0",
    longFlags: ["hidden", "ignore-case", "literal", "smart-case", "case-sensitive", "unrestricted", "follow", "count", "files-with-matches", "nocolor"],
  },
  ack: {
    patterns: 1,
    patternOptions: ["f", "g"],
    flags: "fhHiIlLnoQsvwx1k",
    longFlags: ["ignore-case", "literal", "smart-case", "nocolor", "follow", "noenv"],
  },
  rga: RG,
  // Scanners and counters with no directory named read the one they run in; their subcommand words are not directories.
  semgrep: { patterns: 1, flags: "qv", longFlags: ["quiet", "verbose", "json", "sarif", "error"] },
  sg: { patterns: 1, flags: "", longFlags: ["json"] },
  "ast-grep": { patterns: 1, flags: "", longFlags: ["json"] },
  gitleaks: { patterns: 1, flags: "v", longFlags: ["verbose", "no-git", "redact", "no-banner"] },
  trufflehog: { patterns: 1, flags: "", longFlags: ["json", "no-verification", "only-verified"] },
  "detect-secrets": { patterns: 1, flags: "", longFlags: ["all-files"] },
  codespell: { patterns: 0, flags: "qwi", longFlags: ["write-changes", "quiet-level", "interactive"] },
  tokei: { patterns: 0, flags: "", longFlags: ["hidden", "no-ignore"] },
  scc: { patterns: 0, flags: "", longFlags: ["no-ignore", "no-gitignore"] },
  // Servers of the directory they run in (`python3 -m http.server` is read in python-modules.ts).
  serve: SERVER,
  "http-server": SERVER,
  "live-server": SERVER,
  miniserve: SERVER,
  darkhttpd: SERVER,
  webfsd: SERVER,
  // busybox's httpd: `-h DIR` is the directory it serves (read here as its operand), `-i`, `-f` and `-v` take no value.
  httpd: { patterns: 0, flags: "ifvh" },
  // `caddy file-server [--root DIR]`, `twistd [-n] web [--path DIR]`: the first word is the command; the option names the directory.
  caddy: { patterns: 1, flags: "", longFlags: ["root", "browse", "templates", "access-log", "debug"] },
  twistd: { patterns: 1, flags: "n", longFlags: ["path", "nodaemon"] },
  php: { patterns: 0, flags: "nqHi" },
  ugrep: UGREP,
  ug: UGREP,
  pt: {
    patterns: 1,
    patternOptions: ["e", "G"],
    flags: "iSwlLcUQ0",
    longFlags: ["ignore-case", "smart-case", "hidden", "follow", "files-with-matches", "count", "skip-vcs-ignores", "null"],
  },
  sift: {
    patterns: 1,
    patternOptions: ["e", "f", "regexp"],
    flags: "iIlLcnNrRvwxz0",
    longFlags: ["recursive", "ignore-case", "count", "files-with-matches", "invert-match", "git"],
  },
  fd: {
    patterns: 1,
    flags: "HIsiFalLgpu0",
    longFlags: [
      "hidden",
      "no-ignore",
      "case-sensitive",
      "ignore-case",
      "glob",
      "regex",
      "fixed-strings",
      "absolute-path",
      "list-details",
      "follow",
      "full-path",
      "print0",
      "unrestricted",
    ],
  },
  fdfind: { patterns: 1, flags: "HIsiFalLgpu0", longFlags: ["hidden", "no-ignore", "follow", "absolute-path"] },
  find: { patterns: 0, flags: "HLP", expressionStarts: ["-", "(", "!", ")", ","] },
  gfind: { patterns: 0, flags: "HLP", expressionStarts: ["-", "(", "!", ")", ","] },
  bfs: { patterns: 0, flags: "HLP", expressionStarts: ["-", "(", "!", ")", ","] },
  du: {
    patterns: 0,
    flags: "0abcDhHklLmsSxP",
    longFlags: [
      "all",
      "apparent-size",
      "bytes",
      "total",
      "human-readable",
      "si",
      "summarize",
      "one-file-system",
      "dereference",
      "null",
      "count-links",
      "separate-dirs",
      "inodes",
    ],
  },
  tree: { patterns: 0, flags: "adlfxACDFginNpqrstuUv", longFlags: ["noreport", "dirsfirst", "du", "prune", "gitignore"] },
  ls: {
    patterns: 0,
    flags: "aAbBcCdfFgGhHiklLmnNopqQrRsStuUvxXZ1",
    longFlags: [
      "all",
      "almost-all",
      "recursive",
      "human-readable",
      "long",
      "color",
      "classify",
      "directory",
      "dereference",
      "reverse",
      "size",
      "numeric-uid-gid",
      "group-directories-first",
    ],
  },
};

/**
 * The command walks the working directory because it names no directory:
 * it is a recursive reader (`walksDirectories`) with a default directory,
 * and counting its operands — every word not taken by an option — leaves
 * none after the pattern.
 */
export function walksWorkingDirectory(name: string, words: readonly (string | null)[]): boolean {
  if (!Object.hasOwn(WALKS_WORKING_DIRECTORY, name)) return false;
  const d = WALKS_WORKING_DIRECTORY[name] as DefaultDirectory;
  let patterns = d.patterns;
  let operands = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string | null;
    if (w === null) return true; // a word permc cannot know may be anything, even nothing
    if (w === "--") {
      operands += words.length - i - 1;
      break;
    }
    if (d.expressionStarts?.some((s) => w.startsWith(s)) === true && !(w.startsWith("-") && d.flags.includes(w.slice(1)))) break;
    if (!w.startsWith("-") || w === "-") {
      operands++;
      continue;
    }
    const option = readOption(d, w);
    if (option.name !== null && d.patternOptions?.includes(option.name) === true) patterns = 0;
    if (option.consumesNext) i++;
  }
  return operands <= patterns;
}

/**
 * One option word: `--name[=v]`, or a short cluster where the first letter
 * that is not a known flag takes the rest of the word as its value, or the
 * next word when nothing follows it.
 */
function readOption(d: DefaultDirectory, w: string): { readonly name: string | null; readonly consumesNext: boolean } {
  if (w.startsWith("--")) {
    const name = w.slice(2).split("=")[0] as string;
    return { name, consumesNext: !w.includes("=") && !(d.longFlags ?? []).includes(name) };
  }
  for (let k = 1; k < w.length; k++) {
    const letter = w[k] as string;
    if (!d.flags.includes(letter)) return { name: letter, consumesNext: k === w.length - 1 };
  }
  return { name: null, consumesNext: false };
}

/**
 * Walkers that leave the symlinks they meet below a directory unfollowed
 * unless told, with the option spellings that make them follow (a short
 * letter, a long name, or an exact word such as find's `-follow`). A
 * walker not listed follows them (`zip -r`, `scp -r`, `diff -r`, static file
 * servers, uploaders): a link there names a tree permc walks too.
 */
export const FOLLOWS_LINKS_WITH: Readonly<Record<string, readonly string[]>> = {
  grep: ["R", "dereference-recursive"],
  egrep: ["R", "dereference-recursive"],
  fgrep: ["R", "dereference-recursive"],
  rg: ["L", "follow"],
  fd: ["L", "follow"],
  fdfind: ["L", "follow"],
  tree: ["l"],
  ls: ["L", "dereference"],
  find: ["-L", "-follow"],
  gfind: ["-L", "-follow"],
  bfs: ["-L", "-follow"],
  cp: ["L", "dereference"],
  tar: ["h", "dereference"],
  gtar: ["h", "dereference"],
  bsdtar: ["L", "h", "dereference"],
  rsync: ["L", "k", "K", "copy-links", "copy-dirlinks", "copy-unsafe-links", "keep-dirlinks"],
  du: ["L", "dereference"],
  chmod: ["L"],
  chown: ["L", "dereference"],
  chgrp: ["L", "dereference"],
  rm: [],
  mv: [],
  ag: ["f", "follow"],
  ack: ["follow"],
  ugrep: ["R", "dereference-recursive", "S"],
  ug: ["R", "dereference-recursive", "S"],
  // Go's directory walk enters no linked directory; shfmt opens no link at all. gofmt opens a linked `*.go` file it
  // meets: WALK_OPENS_ONLY's `linkedFiles` says so.
  shfmt: [],
  gofmt: [],
};

const OLD_STYLE_CLUSTERS: ReadonlySet<string> = new Set(["tar", "gtar", "bsdtar"]);

/** The walker follows the symlinks it meets, given its option words (a word permc cannot know may be a follow option). */
export function followsLinks(name: string, words: readonly (string | null)[]): boolean {
  if (!Object.hasOwn(FOLLOWS_LINKS_WITH, name)) return true;
  const spellings = FOLLOWS_LINKS_WITH[name] as readonly string[];
  // tar's first word may be a cluster without a dash (`tar czhf o.tgz .`).
  const first = words[0];
  if (OLD_STYLE_CLUSTERS.has(name) && first !== undefined && first !== null && !first.startsWith("-") && [...first].some((l) => spellings.includes(l)))
    return true;
  for (const w of words) {
    if (w === null) return spellings.length > 0;
    if (w === "--") break;
    if (spellings.includes(w)) return true;
    if (w.startsWith("--")) {
      // getopt takes a unique prefix of a long option (`--deref`): any prefix of one counts.
      const long = w.slice(2).split("=")[0] as string;
      if (long !== "" && spellings.some((sp) => sp.length > 1 && sp.startsWith(long))) return true;
    } else if (w.startsWith("-") && !spellings.some((sp) => sp.startsWith("-"))) {
      for (const letter of w.slice(1)) if (spellings.includes(letter)) return true;
    }
  }
  return false;
}

/**
 * Walkers that meet the files under a directory by name only: they list
 * names and metadata and never open a file's content (`find . -name '*.md'`,
 * `tree -a -L 2`, `du -a`). Under a rule that protects what a file holds,
 * the tree they walk is not read (issue 35, a README row): only the words
 * they are given meet the rules, as the reference's tokens do. Each lists
 * the option spellings that make it do more — run a command, write a file,
 * delete, read a list of names — with which its walk counts as today: an
 * exact word (find's `-exec`), or for `-x` spellings a short letter in a
 * cluster and a long name or its prefix.
 */
export const LISTS_NAMES_ONLY: Readonly<Record<string, { readonly words: readonly string[]; readonly letters: string; readonly longs: readonly string[] }>> = {
  find: {
    words: ["-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls", "-files0-from"],
    letters: "",
    longs: [],
  },
  // `-o FILE` writes the listing; `-R` with `-H` writes 00Tree.html in every directory; `--fromfile` reads names from files.
  tree: { words: [], letters: "oRH", longs: ["fromfile", "fromtabfile", "output"] },
  // du stats what it walks and never opens a file; `--files0-from=F` walks the names F holds.
  du: { words: [], letters: "", longs: ["files0-from"] },
};

/** The walker lists names only, given its words after the name (a word permc cannot know may be any option). */
export function listsNamesOnly(name: string, words: readonly (string | null)[]): boolean {
  if (!Object.hasOwn(LISTS_NAMES_ONLY, name)) return false;
  const n = LISTS_NAMES_ONLY[name] as (typeof LISTS_NAMES_ONLY)[string];
  for (const w of words) {
    if (w === null) return false;
    if (n.words.includes(w)) return false;
    if (w.startsWith("--")) {
      const long = w.slice(2).split("=")[0] as string;
      if (long !== "" && n.longs.some((l) => l.startsWith(long))) return false;
    } else if (w.startsWith("-") && n.words.length === 0 && [...w.slice(1)].some((letter) => n.letters.includes(letter))) return false;
  }
  return true;
}

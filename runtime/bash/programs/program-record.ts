/**
 * The shape of permc's knowledge about programs (the files in knowledge/).
 *
 * A record says, for one program, how its options are spelled and what each
 * option value and operand *means*: a path it reads or writes, a command it
 * runs, shell source it hands to a shell, code in a language permc cannot
 * read. One generic interpreter (analyse-program.ts) reads every record, so
 * adding a program is adding data. A program with no record is a leaf: it
 * runs nothing but itself, and any of its operands may be a path.
 */

/** Code in another language, which permc does not read: the command is floored. */
export interface Code {
  readonly code: string;
}

/** permc cannot tell what the program does with this: the command is floored with the reason. */
export interface Unsure {
  readonly unsure: string;
  /** Only a word matching this is unsure (yq's `load(…)` in a filter); a word whose value permc cannot know always is. */
  readonly when?: RegExp;
  /** The value is also a file the program reads (`gcc -specs=FILE`, `java -XX:Flags=FILE`, an `@file` of options). */
  readonly reads?: true;
}

/**
 * A file of code whose directives name more files the program reads: C's
 * `#include`, the assembler's `.incbin`, a linker script's `INCLUDE` (named
 * for the reason given). A file on disk is read as a script is (one the same
 * command writes first is a two-step); one the command feeds it itself
 * (standard input, a descriptor it opens, `-`) holds directives permc does
 * not see: floored, and the files its text names by literal names are read
 * too (programs/source-directives.ts).
 */
export interface Source {
  readonly source: string;
}

/**
 * A directory the program searches for files named elsewhere in the command
 * (`gcc -I DIR`, `ld -L DIR`), by the kind of name it searches for: each such
 * name is read there (see `Searched`).
 */
export interface SearchPath {
  readonly searchPath: "include" | "library";
}

/**
 * A name the program looks up in its search paths (`gcc -include NAME`, `ld
 * -lNAME`): read in each directory a `SearchPath` of its kind names, and, for
 * an include, where it stands (relative to the working directory).
 */
export interface Searched {
  readonly searched: "include" | "library";
}

/**
 * Options the program hands to another program it runs (`gcc -Wl,-T,x.ld`,
 * `-Xlinker X`, `-Wa,…`): gathered in order and read with that program's
 * record, as if it had been given them (its paths and floors are this command's).
 */
export interface Passes {
  readonly passes: string;
}

/** `KEY=VALUE` where the key decides whether the value is a command (`git -c`, `ssh -o`, `cmake -D`). */
export interface Keyed {
  readonly keyed: "git-config" | "ssh-option" | "cmake-define" | "make-variable" | "linker-pass" | "php-setting";
}

export type Meaning =
  /** An option without a value. */
  | "flag"
  /** A value that means nothing to permc (a count, a name, a format). */
  | "value"
  /** A file the program reads, writes, or may do either with. */
  | "read"
  | "write"
  | "path"
  /** A directory the program creates or writes files under (`cp -t DIR`, `git clone URL DIR`, `unzip -d DIR`): any path under it. */
  | "write-dir"
  /**
   * The start of the names of the files the program writes, each this text and a suffix of letters and digits it
   * makes (`split f PREFIX`, `csplit -f PREFIX`): `PREFIX/` writes in that directory.
   */
  | "write-prefix"
  /**
   * A file the program writes after renaming an existing one to its name and `.old` (`perf record -o FILE`
   * keeps the last FILE as FILE.old): both names are written.
   */
  | "write-keeps-old"
  /**
   * A compressed file the program replaces by its content, named without the compression suffix (`gunzip x.env.gz`
   * writes x.env; knowledge/compressors.ts): the file itself and that name.
   */
  | "decompressed"
  /**
   * The name the command it runs is given as its own (`exec -a NAME PROG`): a
   * multi-call program runs the tool of that name (`exec -a rm busybox x` runs
   * busybox's rm), so the command is judged under that name too.
   */
  | "argv0"
  /** A file the program writes, or after a leading `|` or `!` a shell command it pipes to (`strace -o '|cmd'`). */
  | "output"
  /** A file the program reads and may write, or after a leading `!` a shell command whose output it reads (`ed '!cmd'`). */
  | "path-or-command"
  /**
   * A file of `NAME=value` lines the program loads into the environment of what it runs (`uv run --env-file F`,
   * `op run --env-file F`): read, and floored, as its variables may be PATH, LD_PRELOAD or a program's command.
   */
  | "env-file"
  /** A directory the program, and what it runs, work in (`make -C`, `env -C`). */
  | "chdir"
  /** Shell source the program runs (`sh -c STRING`, `su -c`): parsed and judged. */
  | "shell"
  /** This word and every later one, joined by spaces, are shell source (`ssh host CMD…`, `eval`). */
  | "shell-rest"
  /** This word and every later one are a command the program runs (`sudo CMD…`). */
  | "argv"
  /** A file whose code the program runs (`bash x.sh`, `python x.py`). */
  | "script"
  /**
   * A document the program reads whose text names more files it reads, or
   * commands it may run: TeX's `\input`, troff's `.so`, pic's `copy`, the
   * images pandoc embeds, a compiler's `include_str!` or `COPY`. Read; and
   * written first by the same command (a name permc does not know may be any
   * file written), it floors the program as a script does.
   */
  | "document"
  /** A module or library loaded by name; a `data:` or remote URL is inline code (`node --import`). */
  | "module"
  /** Data, or `@FILE` naming a file the program reads and sends (`curl -d @.env`). */
  | "at-file"
  /** `NAME=VALUE` cookies, else a file of stored cookies the program reads and may send (`curl -b jar.txt`; any word without `=`). */
  | "cookie-or-file"
  /** A URL; a `file://` one is a path the program reads (`curl file:///etc/passwd`). */
  | "url"
  /** A git remote: `ext::CMD` runs a command, `NAME::ADDRESS` runs the helper git-remote-NAME (`git fetch ext::…`). */
  | "git-remote"
  /** A program the command runs with the operands as its arguments (`start-stop-daemon --exec PROG -- ARGS`). */
  | "program"
  /**
   * `python -m MOD ARGS…`: the module runs as a program with the rest of the
   * line (knowledge/python-modules.ts; any other module as the program of its name).
   */
  | "python-module"
  /** The name of a variable the program sets in what it runs (`xargs --process-slot-var=NAME`): one that changes what runs (PATH…) floors. */
  | "variable-name"
  /**
   * An option that makes the program write files named by data permc does not
   * read (an archive's members: `tar -x`, `curl -O`); see `extracts`.
   */
  | "extract"
  /**
   * An archive the program reads (`tar -f`, `unzip a.zip`): a read, and, when
   * the program extracts, the source of the names it writes (paths/archive-members.ts).
   */
  | "archive"
  /**
   * A file holding the names of the files the program reads or writes (`tar -T
   * LIST`, `rsync --files-from=LIST`, `wc --files0-from=F`, 7-Zip's `@LIST`):
   * the file is read, and the names in it may be any path (`-` reads them from standard input).
   */
  | "names-file"
  /** An option after which the program reads the names of its files from standard input (`cpio -o`, `zip -@`): any path. */
  | "names-input"
  /**
   * A git revision, a path, or `REV:PATH` / `:PATH` / `:N:PATH`, the content
   * of PATH as a revision or the index holds it (`git show HEAD:.env`): a
   * read of PATH in the repository (relative to its top unless it starts with `./` or `../`).
   */
  | "git-object"
  /**
   * A directory the program reads files under by names of its own (gcc's
   * `--sysroot`): walked as a recursive reader's operand is.
   */
  | "walked"
  | Code
  | Unsure
  | Keyed
  | Source
  | SearchPath
  | Searched
  | Passes;

export interface OptionSpec {
  /** What the option's value means; for an option without a value, what the option itself means. */
  readonly means: Meaning;
  /**
   * `none`: no value; `value`: a value attached or in the next word;
   * `attached`: only an attached value (`-i.bak`, `xargs -i{}`), possibly empty.
   * Default: `none` for "flag" and unsure options, else `value`.
   */
  readonly takes?: "none" | "value" | "attached";
  /** For `attached`: the part of the rest of the cluster that is the value (perl `-l[0-7]*`). Default: all of it. */
  readonly attachedPattern?: RegExp;
  /**
   * The value is a list joined by this text, each item meaning `means`
   * (java's class path `a.jar:lib`; gcc's `-wrapper gdb,--args`, whose items
   * are the words of the command it runs).
   */
  readonly separator?: string;
  /** Option parsing stops after this option and its value (`python -c CODE args…`). */
  readonly ends?: boolean;
  /** With this option, operands mean this instead of the record's `operands` (`bash -c`). */
  readonly operands?: readonly Meaning[];
  /** With this option the program runs what its standard input feeds it (`bash -s`). */
  readonly readsStdin?: true;
  /** With this option the program only names what it would search or remove, touching none of it (`git clean -n`). */
  readonly noWalk?: true;
  /** With this option the program reads the files under a directory operand (`git diff --no-index FILE DIR` reads DIR/FILE, two directories all their files). */
  readonly walksOperands?: true;
  /** …and opens every regular file it meets there, leaving none out (`python -m zipfile -c`; knowledge/walk-opens-files.ts for programs known by name): a deny it reaches holds. */
  readonly opensEveryFile?: true;
  /**
   * With this option the program reads (or changes) every file under its
   * path operands or, with none, under the top of its repository, ignore
   * files included (`git add -f -A`, `git stash --all`).
   */
  readonly walksRepository?: true;
  /** With this option the walk takes the files ignore files leave out too (`git add -f`): see `walksUnignored`. */
  readonly includesIgnored?: true;
  /** With this option the program rewrites its file operands in place (`sed -i`): they are files it writes. */
  readonly editsInPlace?: true;
  /**
   * The value is a suffix under which the program keeps each file it edits
   * in place (`sed -i.bak`): the file's name and the suffix, or, when it has a
   * `*`, the suffix with each `*` the file's base name (`sed -i'bak/*'`), in
   * the file's directory or the working one. Those names are written.
   */
  readonly backupSuffix?: true;
  /** With this option an extraction writes other names than the archive's members (`tar --strip-components`, `-P`) or more (`--recursive-unlink`). */
  readonly inexactMembers?: true;
  /**
   * With this option the program writes no file its data names: it lists,
   * tests, prints to standard output or writes the one file the option names
   * (`unzip -l`, `tar -O`, `wget -O FILE`, `git apply --check`).
   */
  readonly noExtract?: true;
  /**
   * git: the option shows file content (`-p`, `-S`), hides it (`--stat`,
   * `-s`), makes the command read stored content rather than the work tree
   * (`--cached`), or gives the pattern so the first operand is not one
   * (`git grep -e`). See `repositoryContent`.
   */
  readonly content?: "shows" | "hides" | "stored" | "pattern";
}

/**
 * What of a repository's files a git subcommand prints or searches: the
 * content of every file its pathspecs name, or with none of every file, as
 * a revision, the index or the work tree holds it (paths/repository-content.ts).
 */
export interface RepositoryContent {
  /** "always"; "default": unless an option hides it (`git show --stat`); "option": only with an option that shows it (`git log -p`). */
  readonly prints: "always" | "default" | "option";
  /**
   * Without a revision or a `stored` option it reads the work tree: "index",
   * the files the index lists (`git diff`); "walk", the directory it walks
   * already (`git grep`). Without this, stored content: any file of the history.
   */
  readonly workTree?: "index" | "walk";
  /** The first operand is a pattern unless an option gave one (`git grep KEY HEAD`). */
  readonly patternOperand?: true;
  /**
   * A version-control store other than git's (Mercurial, Jujutsu,
   * Subversion…; knowledge/version-control.ts): its operands are files, and
   * with none any file of the repository may be printed. permc reads neither
   * the store nor where the repository's top is: any path.
   */
  readonly store?: "other";
}

export interface OptionGrammar {
  /** Short options by letter. A bare Meaning is shorthand for `{ means }`. */
  readonly short?: Readonly<Record<string, OptionSpec | Meaning>>;
  /** Long options by name (without dashes). */
  readonly long?: Readonly<Record<string, OptionSpec | Meaning>>;
  /** GNU style: a unique prefix of a long option names it; an ambiguous one is unsure. */
  readonly abbreviations?: boolean;
  /** `-name` is a long option (find, gdb's `-ex`, java's `-jar`). */
  readonly singleDashLong?: boolean;
  /** GNU style: options may follow operands. Default: the first operand ends the options (POSIX). */
  readonly permute?: boolean;
  /** An option the grammar does not list: `flag` (harmless guess), or unsure (the default). */
  readonly unknown?: "flag" | "unsure";
  /** `NAME=value` words before the first operand are environment assignments (env, sudo). */
  readonly assignments?: boolean;
  /** `+word` is an option whose text means this (less `+!cmd`, vim `+cmd`). */
  readonly plus?: Meaning;
  /** `@file` is an option whose file holds more options (gcc, ld and javac response files); its text means this. */
  readonly at?: Meaning;
  /**
   * Options known by how their word starts, tried in order after the long
   * options (`-fdump-tree-all=FILE`, java's `-javaagent:JAR`, `-XX:HeapDumpPath=FILE`):
   * the first whose pattern matches the start of the word takes the rest of
   * the word as its value (an `attachedPattern` cuts it), or none for a flag.
   */
  readonly prefixed?: readonly PrefixedOption[];
  /** A lone `-` is an option meaning this (env's `-` = `-i`); default: an operand. */
  readonly dash?: Meaning;
  /** `-10` is an option (nice, head). */
  readonly numeric?: boolean;
  /**
   * The first word, when it has no dash, is a cluster of option letters
   * whose values follow in order (`tar xzf a.tgz`, `tar cfC x.tar DIR …`, `ar x lib.a`).
   */
  readonly oldStyle?: true;
  /**
   * tree's style: in a dashed cluster, each letter that takes a value takes
   * the next word not yet taken, never the rest of the cluster (`tree -Ifo x
   * out.txt` is `-I x -f -o out.txt`); a long option's value, when not
   * attached with `=`, is the next word.
   */
  readonly valuesFollowCluster?: true;
}

export interface PrefixedOption {
  readonly prefix: RegExp;
  readonly spec: OptionSpec | Meaning;
}

/** How the program treats the command it runs, when it runs one. */
export type Runs =
  /** Exactly as given, in this machine, as this user: the inner command alone decides (`time`, `nice`). */
  | "same"
  /** As another user, in another root or namespace, later, or elsewhere: floored even when understood (`sudo`, `chroot`, `at`). */
  | { readonly changed: string };

export interface ProgramRecord {
  /** Names of the program (base names; versioned variants are matched by knowledge/index.ts). */
  readonly names: readonly string[];
  readonly options?: OptionGrammar;
  /** Operand meanings in order; the last one repeats. Default: every operand may be a path. */
  readonly operands?: readonly Meaning[];
  /** Operands written KEY=VALUE (dd's `if=FILE`, `of=FILE`): the value's meaning by key, in place of `operands`'s. */
  readonly keyedOperands?: Readonly<Record<string, Meaning>>;
  /** What running it with no operand at all means (a shell with no operand reads stdin; `chroot DIR` starts a shell). */
  readonly bare?: Meaning;
  /** What the program does with standard input when something feeds it. */
  readonly stdin?: Meaning;
  /** The first operand names a subcommand with its own options and operands. */
  readonly subcommands?: Readonly<Record<string, Subcommand>>;
  /**
   * A subcommand not listed: a record for it. Without one, a first operand
   * that names no listed subcommand is a plain operand, read with `operands`.
   */
  readonly otherSubcommands?: Subcommand;
  /**
   * Every use writes files named by data permc does not read — an archive's
   * members, a patch's file headers, a repository's tree — under the
   * directory it works in, or under the one its `chdir` or `write-dir`
   * option or operand names (`unzip a.zip`, `patch -p1 < x.diff`, `git
   * clone URL`). Any path under that directory may be written: the write
   * rules are asked by prefix. Options can turn it on (`extract`) or off (`noExtract`).
   */
  readonly extracts?: true;
  /**
   * It searches the files under the working directory when no path operand
   * names where (`git grep KEY`): that directory is walked, as `rg KEY` walks it.
   */
  readonly walksWorkingDirectory?: true;
  /**
   * It reads every file under its path operands that no `.gitignore` leaves
   * out, and every file the index tracks there (`git add .`; with an option
   * that walks the repository, `git add -A`, the whole work tree): they are
   * walked with git's ignore files (paths/ignore-files.ts).
   */
  readonly walksUnignored?: true;
  /**
   * Files in the directory it works in that it reads without being told,
   * when they are there (`dotenv -- CMD` loads `.env` into CMD's
   * environment): touched, not named, so a rule that denies one asks.
   */
  readonly readsImplicitly?: readonly string[];
  /**
   * Files in the directory it works in whose code it runs without being
   * named (`make` runs the Makefile's recipes, `npm test` a package.json
   * script): one the same command writes first is a two-step (split/two-steps.ts).
   */
  readonly runsImplicitly?: readonly string[];
  /**
   * What the repository's installed hooks may run (git: any code, HOOK_CODE). git runs
   * its hooks on a commit, a checkout, a push, a merge, and on any update of
   * a reference or the index; a hook runs what the project put there (`npm
   * test`, lint-staged, a script). A file of these kinds the same command
   * writes first is a two-step (split/two-steps.ts), when the repository the
   * command runs in has hooks (paths/repository-hooks.ts).
   */
  readonly hooksRun?: readonly string[];
  /**
   * Files it writes without being told, base names (`npm pkg set` writes
   * package.json, `npm config set` .npmrc): a later program that runs code
   * from one is a two-step (split/two-steps.ts), as after a redirect.
   */
  readonly writesImplicitly?: readonly string[];
  /**
   * Settings it stores whose value is code a later command runs: a
   * `KEY=VALUE` operand, or KEY then VALUE, whose KEY matches `shell`
   * (shell source: `npm pkg set scripts.x='rm x'`) or `program` (a program
   * run on the scripts: `npm config set script-shell /usr/bin/rm`). A run
   * of what it writes is judged as that code too (split/two-steps.ts).
   */
  readonly storesCode?: { readonly shell?: RegExp; readonly program?: RegExp };
  /** git: it prints or searches the content of the repository's files (see RepositoryContent). */
  readonly repositoryContent?: RepositoryContent;
  /**
   * Its operands are revisions and pathspecs as often as paths (git): git
   * resolves them through its index and object store. The reference's shapes,
   * not the grammar, decide which word is a path, and a `path` operand is never
   * read through a work-tree symlink (Analysis.operandsAreGitWords).
   */
  readonly operandsAreGitWords?: true;
  /**
   * git: what it does to the repository's index. "changes": it may add,
   * remove or replace an index entry (`git add -N .`), so the index a later
   * `git diff` in the same command reads may not be today's; "keeps": it
   * never does (`git status` refreshes only the entries' file times). A
   * subcommand's own says what it does; one without, or a use with no
   * subcommand permc knows, does what its program's record says
   * (Analysis.changesIndex).
   */
  readonly index?: "changes" | "keeps";
  /**
   * git: it writes a work tree's files from history, a patch, a remote or
   * the index (`git checkout BRANCH`, `git pull`, `git apply`): any file
   * there may be one it wrote, symlinks included (Analysis.workTreeWrite).
   * "writes": the work tree it works in, below its top; "new": a new work
   * tree in a directory of its own, which its `write-dir` operand names
   * (`git clone URL DIR`), not the one it works in; "elsewhere": under a
   * directory its words name that permc does not read, this work tree's or
   * another (`git worktree add DIR`, `git checkout-index --prefix=DIR/`):
   * any path may be one it wrote.
   */
  readonly workTree?: "writes" | "new" | "elsewhere";
  /**
   * It does what another subcommand of its program does, named here (`git
   * send-pack REMOTE REF` updates the remote as `git push REMOTE REF` does):
   * it is decided as that command too, so a rule on `git push` meets it
   * (analysers/git-alias.ts).
   */
  readonly sameAs?: string;
  /** It moves the files it names (`git mv`): each lands as a name the command line gives (Analysis.movesNamedFiles). */
  readonly movesNamedFiles?: true;
  /**
   * It copies its sources, local or remote (`s3://b/x.sh`, `pod:/x.sh`), under its last operand when that is a
   * directory (`aws s3 cp`, `kubectl cp`), as `cp` does (knowledge/recursive.ts names cp, mv, rsync and scp so).
   * "files": each lands as its own base name; "trees": a directory's contents too (`dir/`, `dir/.`), as `cp -r`;
   * "contents": a source's contents land as any names (`aws s3 sync s3://b .`, `aws s3 cp --recursive`).
   */
  readonly copiesIntoLastOperand?: "files" | "trees" | "contents";
  /**
   * Its operands are revisions, refs or pathspecs git resolves through its
   * index and object store, never opening a path through a work-tree symlink
   * (`git log`, `git rm`): not reached through the links a checkout in the
   * same command makes (Analysis.operandsSkipLinks).
   */
  readonly operandsSkipLinks?: true;
  /**
   * Its walk is the files the index tracks (`git grep KEY`), unless a word
   * is one of these options or a unique prefix of one, or a word permc
   * cannot know (Analysis.walksTrackedOnly).
   */
  readonly walksTrackedOnly?: { readonly unless: ReadonlySet<string> };
  /**
   * A configuration file the environment names (rg's `RIPGREP_CONFIG_PATH`)
   * may add options that change what its walk skips (hidden files, links,
   * ignore files): with one set, the skips are not known (Analysis.walkConfigurable).
   */
  readonly walkConfigurable?: true;
  /** It writes what its standard input feeds into the files it names (`tee`): a pipe's text is their content (Analysis.copiesStdin). */
  readonly copiesStdin?: true;
  /** How what it runs is run. Default "same". */
  readonly runs?: Runs;
  /** Floored in every use, with this reason, and not analysed further (programs that run code permc cannot follow). */
  readonly always?: Code | Unsure;
  /**
   * With `always`: words that, given alone, make the program print and exit
   * before it starts what `always` is about (`claude --version`): then it is
   * not floored. Each is checked by tracing the program: it runs nothing and
   * opens nothing of the project's or the home's.
   */
  readonly exceptAlone?: readonly string[];
  /** Floored in every use, with this reason, and still analysed (what ssh runs remotely is judged too). */
  readonly floor?: Unsure;
  /**
   * Floored unless one of these short options is given, alone or with its value attached (`ssh-keygen` reads and
   * writes `~/.ssh/id_*` unless `-f` names the file).
   */
  readonly floorUnless?: Unsure & { readonly options: readonly string[] };
  /** A mini-language analyser in code (analysers/), for programs whose arguments are a program. */
  readonly analyser?:
    | "find"
    | "fd"
    | "tree"
    | "awk"
    | "sed"
    | "xargs"
    | "git-alias"
    | "trap"
    | "alias"
    | "shopt"
    | "set"
    | "parallel"
    | "coproc"
    | "editor-bang"
    | "flock";
}

export type Subcommand = Omit<ProgramRecord, "names">;

export function isCode(m: Meaning): m is Code {
  return typeof m === "object" && "code" in m;
}

export function isUnsure(m: Meaning): m is Unsure {
  return typeof m === "object" && "unsure" in m;
}

export function isKeyed(m: Meaning): m is Keyed {
  return typeof m === "object" && "keyed" in m;
}

export function isSource(m: Meaning): m is Source {
  return typeof m === "object" && "source" in m;
}

export function isSearchPath(m: Meaning): m is SearchPath {
  return typeof m === "object" && "searchPath" in m;
}

export function isSearched(m: Meaning): m is Searched {
  return typeof m === "object" && "searched" in m;
}

export function isPasses(m: Meaning): m is Passes {
  return typeof m === "object" && "passes" in m;
}

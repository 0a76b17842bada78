/**
 * What the interpretation of one simple command finds: the view of the
 * command it reads (`CommandView`), the result it returns (`Analysis`) and
 * the mutable `Findings` the interpreter and the mini-language analysers
 * add to. Apart from analyse-program.ts so the analysers it dispatches to
 * can name these types without importing it back (no import cycle).
 */
import type { Word } from "../words/words.js";
import type { WrapperKind } from "./reference-kind.js";
import type { DynamicReason } from "./command-name.js";
import type { Subcommand } from "./program-record.js";
import type { ArchiveFormat } from "./knowledge/extractors.js";
import type { OpensOnly, ShowingGlob } from "./knowledge/recursive.js";

/**
 * find's `X -prune -o …`: the test X (analysers/find-prune.ts reads it; the
 * walk, paths/prune-test.ts, evaluates it).
 */
export type PruneTest =
  | { readonly kind: "name"; readonly glob: string; readonly caseFold: boolean }
  /** `-path`/`-wholename`: the path as find prints it, the starting point as written then `/` and the names below. */
  | { readonly kind: "path"; readonly glob: string; readonly caseFold: boolean }
  /** `-type`: whether the letters (`d`, `d,f`) include a directory's. */
  | { readonly kind: "type"; readonly directory: boolean }
  | { readonly kind: "constant"; readonly value: boolean }
  | { readonly kind: "not"; readonly test: PruneTest }
  | { readonly kind: "and" | "or"; readonly left: PruneTest; readonly right: PruneTest };

export interface CommandView {
  /** argv; `words[0]` is the command name. */
  readonly words: readonly Word[];
  /** Source the word offsets refer to. */
  readonly src: string;
  /** Standard input comes from a pipe, a redirect, a heredoc or a here-string. */
  readonly stdin: boolean;
  /** Static text fed on standard input (heredoc body, here-string, echoed words), if known. */
  readonly stdinText: string | null;
}

export interface InnerCommand {
  readonly words: readonly Word[];
  readonly text: string;
  /** The command itself without the options before its subcommand (`git -C x log` as `git log`), for the rules: its paths are this command's. */
  readonly respelling?: true;
}

export type PathRole = "read" | "write" | "path" | "chdir";

export interface PathUse {
  readonly word: Word;
  readonly role: PathRole;
  /** The program writes files under this directory, whose names permc does not see. */
  readonly under?: true;
  /** The program writes files whose names are this text and a suffix of letters and digits (`split f PREFIX`). */
  readonly prefix?: true;
  /** Relative to the top of the repository the command works in (`git show HEAD:src/.env`). */
  readonly inRepository?: true;
  /** A file the program reads without being told (ProgramRecord.readsImplicitly): touched, not named. */
  readonly implicit?: true;
  /** A path inside a git object name (`HEAD:x`, `HEAD:./x`): relative to where git works (`git -C DIR`), not where the command runs. */
  readonly gitObject?: true;
  /** A git operand that is a revision or a pathspec: git reads neither through a work-tree symlink. */
  readonly gitOperand?: true;
  /** An archive whose members an extraction writes (meaning `archive`). */
  readonly archive?: true;
  /** A directory the program reads files under by names of its own (meaning `walked`: gcc's `--sysroot`): walked. */
  readonly walked?: true;
}

/**
 * File content a git command prints from its repository (program-record.ts
 * RepositoryContent), with the words that decide which: paths/repository-content.ts resolves it.
 */
export interface RepositoryRead {
  /**
   * With no revision among `revisions` (each an existing path), it reads the
   * work tree: "index", the files the index lists (`git diff`); "walk", the
   * directories its walk checks already (`git grep`). Null: stored content.
   */
  readonly workTree: "index" | "walk" | null;
  /** Operands before `--` that are not `REV:PATH`: revisions, or paths when they exist (null: unknown). */
  readonly revisions: readonly (string | null)[];
  /** Operands after `--` (null: unknown). */
  readonly pathspecs: readonly (string | null)[];
  /** Another version-control system's store (RepositoryContent.store): with no pathspec, any path. */
  readonly anywhere?: true;
}

export interface Analysis {
  /** Plain program name; null when it cannot be known. */
  readonly name: string | null;
  readonly dynamic: DynamicReason | null;
  /** Floor for this command (allow → ask), if any. */
  readonly kind: WrapperKind | null;
  /** Why it is floored, in words a person can check. */
  readonly reason: string | null;
  /** Commands run with a given argv (judged as their own units). */
  readonly inner: readonly InnerCommand[];
  /** Shell source the command runs (parsed and judged as well). */
  readonly payloads: readonly string[];
  /** Paths the command's words name, with what it does to them. */
  readonly paths: readonly PathUse[];
  /** Files whose code it runs (a script written earlier in the same command is a two-step). */
  readonly scripts: readonly Word[];
  /**
   * permc judges what this command runs exactly: a wrapper that runs its
   * argv as given (`time`, `timeout`, `env`, `xargs`, `find -exec`), fully
   * parsed, with nothing floored. The reference's wrapper floor is then
   * unnecessary: the wrapped command is a unit of its own.
   */
  readonly exact: boolean;
  /** It walks directory operands recursively (knowledge/recursive.ts). */
  readonly recursive: boolean;
  /**
   * It writes files named by data permc does not read under the directory it
   * works in, or under its `chdir` / `write-dir` paths (ProgramRecord.extracts).
   */
  readonly extracts: boolean;
  /** It works on files named in data permc does not read (`tar -T LIST`, `cpio -o`): any path. */
  readonly namesUnknown: boolean;
  /** An option makes the extraction write other names than the archive's members, or more (`tar --strip-components`, `--recursive-unlink`). */
  readonly inexactMembers: boolean;
  /**
   * It searches the working directory's files, naming no path operand (`git grep KEY`; a recursive reader's,
   * knowledge/recursive.ts WALKS_WORKING_DIRECTORY: `rg KEY`, `grep -r KEY`, `find -name x`).
   */
  readonly walksWorkingDirectory: boolean;
  /** It lists the directory it runs in, naming none (`cd ~ && ls`; knowledge/recursive.ts LISTS_WORKING_DIRECTORY): a path it reads. */
  readonly listsWorkingDirectory: boolean;
  /** It reads every file of its repository, naming no path operand (`git stash --all`). */
  readonly walksRepository: boolean;
  /** Its walk leaves out what git's `.gitignore` files do, tracked files kept (`git add .`). */
  readonly honoursGitignore: boolean;
  /** git: it prints the content of repository files it does not name (`git show`, `git log -p`, `git diff`). */
  readonly repositoryRead: RepositoryRead | null;
  /** The subcommand it runs (`git add -f .` → `add`), when its record has subcommands and the word is known. */
  readonly subcommand: string | null;
  /** Its path operands are rewritten in place (`sed -i`). */
  readonly editsInPlace: boolean;
  /** Kinds of files it runs as code without naming them (ProgramRecord.runsImplicitly; knowledge/implicit-code.ts for programs permc does not know). */
  readonly runsImplicitly: readonly (readonly string[])[];
  /** Kinds of files the repository's hooks may run, when it has any (ProgramRecord.hooksRun). */
  readonly hooksRun: readonly (readonly string[])[];
  /**
   * Kinds of configuration a leaf program reads unasked that moves what it writes (knowledge/leaf-programs.ts
   * LEAF_CONFIGURATION: tsc's tsconfig.json): written first, they floor it as code it runs does; unlike that code,
   * they run no program found on PATH (split/path-shadow.ts reads runsImplicitly only).
   */
  readonly readsConfiguration: readonly (readonly string[])[];
  /** Code it stores for a later command to run (ProgramRecord.storesCode), as shell source. */
  readonly storedCode: readonly string[];
  /** The words a recursive command walks, when its analyser reads them exactly (find's starting points); null: every word not spelt like an option. */
  readonly walkedOperands: readonly Word[] | null;
  /**
   * A program permc does not know: an option's value spelt like a path (`--basetemp=/srv/x`, `-o/srv/x`) is walked as
   * an operand is, since nothing says what the program does under it (pytest empties its `--basetemp` directory).
   */
  readonly walksOptionValues: boolean;
  /**
   * A program permc does not know: a file it is given may be code it runs (a terraform plan, a workflow, a playbook), so
   * one the same command writes first is a two-step (split/two-steps.ts), as a code file of a known kind is.
   */
  readonly operandsMayRun: boolean;
  /** find's `X -prune`: the directories its walks do not enter (paths/prune-test.ts). */
  readonly prune: PruneTest | null;
  /** find's `-maxdepth N`, tree's `-L N`: how deep its walks read (null: all the way). */
  readonly maxDepth: number | null;
  /** tree's `-I`: globs over the names of directories its walks do not enter (paths/name-glob.ts). */
  readonly excludedDirectories: readonly string[] | null;
  /**
   * Its operands are revisions and pathspecs as often as paths (ProgramRecord.operandsAreGitWords: git, called by
   * that name): the reference's shapes decide which is a path, and git opens none through a work-tree symlink.
   */
  readonly operandsAreGitWords: boolean;
  /** It may add, remove or replace an index entry (ProgramRecord.index, its subcommand's or else its own): the index a later `git diff` reads may not be today's. */
  readonly changesIndex: boolean;
  /**
   * It writes a work tree's files from history, a patch or a remote (its subcommand's ProgramRecord.workTree): any
   * file there may be one it wrote. "writes": the one it works in; "new": a new one of its own (`git clone URL DIR`);
   * "elsewhere": under a directory permc does not read (`git worktree add DIR`). Null: none.
   */
  readonly workTreeWrite: "writes" | "new" | "elsewhere" | null;
  /** It moves the files it names (`git mv`; its subcommand's ProgramRecord.movesNamedFiles): every name it is given may be one it writes. */
  readonly movesNamedFiles: boolean;
  /** Its subcommand's operands are never opened through a work-tree symlink (its subcommand's ProgramRecord.operandsSkipLinks). */
  readonly operandsSkipLinks: boolean;
  /** Its walk is the tracked files only (`git grep` with no `--untracked`, and every word known: its subcommand's ProgramRecord.walksTrackedOnly). */
  readonly walksTrackedOnly: boolean;
  /** A configuration file the environment names may change what its walk skips (ProgramRecord.walkConfigurable: rg). */
  readonly walkConfigurable: boolean;
  /** It writes what its standard input feeds into the files it names (ProgramRecord.copiesStdin: tee). */
  readonly copiesStdin: boolean;
  /**
   * It puts each source's tree under its last operand when that is a directory (`cp -r x/.ssh ~/`;
   * knowledge/recursive.ts COPIES_TREES_INTO_LAST_OPERAND).
   */
  readonly copiesTreesIntoLastOperand: boolean;
  /** It puts each source under its last operand when that is a directory, as its own name (`cp x /etc`, `ln -s t d`; FILES_INTO_LAST_OPERAND_DIRECTORY). */
  readonly copiesFilesIntoLastOperand: boolean;
  /** Its last operand is the file or directory it writes (`cp a b`, `ln -s a b`; knowledge/recursive.ts WRITES_LAST_OPERAND). */
  readonly writesLastOperand: boolean;
  /** Its sources' contents land under its last operand as names permc cannot know (`aws s3 sync s3://b .`; Subcommand.copiesIntoLastOperand). */
  readonly copiesContentsIntoLastOperand: boolean;
  /** The archive format it extracts, when permc can read its members (knowledge/extractors.ts ARCHIVE_FORMATS); null: none. */
  readonly archiveFormat: ArchiveFormat | null;
  /** Its operands may name files it opens: true unless its record has operands that are values or settings only (`make X=1`). */
  readonly operandsMayBePaths: boolean;
  /** The text it prints from its operands (`echo -n 'rm x'` → `rm x`; knowledge/leaf-programs.ts PRINTERS), as written; null: none. */
  readonly printedText: string | null;
  /** It changes a mode rather than what a file holds, and may make its operands executable (`chmod +x`; knowledge/leaf-programs.ts MAKES_EXECUTABLE). */
  readonly makesExecutable: boolean;
  /** Its walk lists names only and opens no file (`find . -name x`, `tree -L 2`; knowledge/recursive.ts LISTS_NAMES_ONLY). */
  readonly listsNamesOnly: boolean;
  /** Its walk may follow the symlinks it meets (FOLLOWS_LINKS_WITH: `find -L`, `cp -L`; any program permc has no list for). */
  readonly followsLinks: boolean;
  /** What its walk leaves alone unless told (knowledge/recursive.ts WALK_FILTERS: rg, fd, tree, `ls -R`); null: the program is not known by name. */
  readonly walkSkips: WalkSkips | null;
  /** The walker opens only files of its kind below a directory (knowledge/recursive.ts WALK_OPENS_ONLY); null: every file. */
  readonly walkOpensOnly: OpensOnly | null;
  /** Its walk opens every regular file it reaches (`grep -r`, `gzip -r`; knowledge/walk-opens-files.ts). */
  readonly opensEveryFileWalked: boolean;
  /** The variable its walk also reads options from where it runs (`TAR_OPTIONS`, `ZIPOPT`; knowledge/walk-opens-files.ts); set, the walk may be narrowed. */
  readonly walkOptionsVariable: string | null;
  /**
   * What its exclusion options leave out of its walk (`grep -r --exclude-dir=GLOB --exclude=GLOB`;
   * knowledge/recursive.ts DIRECTORY_EXCLUSIONS), read as usual and with POSIXLY_CORRECT set where it runs
   * (options end at the first operand): the environment decides which holds. Null: it has no such options.
   */
  readonly excludedByOptions: { readonly usual: ExcludedByOptions; readonly posixlyCorrect: ExcludedByOptions } | null;
  /**
   * The commands a program permc knows nothing about may run, spelt by its words (`chronic rm x` → `rm x`;
   * may-run.ts), "too many" past MAX_CANDIDATES, "code" when one hands a shell or an interpreter code; null: a known
   * program, or a name permc cannot know.
   */
  readonly mayRun: readonly string[] | "too many" | "code" | null;
  /** How the reference floors a command of this name and these words (reference-kind.ts); null: not at all, or a name permc cannot know. */
  readonly referenceKind: WrapperKind | null;
  /** Its name is one of the reference's pure readers (knowledge/pure-reader-core.ts PURE_READER_CORE: `cat`, `grep`, `ls`). */
  readonly pureReader: boolean;
  /**
   * The reference's claim holds: the command word, as written, is a pure reader and its words prove it only reads
   * (knowledge/pure-readers.ts provesRead: no `find -delete`, `sort -o`, `sed -i`, …), so what it reads, a tree it
   * walks included, meets the read rules only.
   */
  readonly readsOnly: boolean;
}

/**
 * permc's reading of a command is certain (no floor) and names no file it writes: what sed's and awk's claim to
 * only read rests on (knowledge/pure-readers.ts provesRead), asked of a finished Analysis or of the findings that make one.
 */
export function certainAndWritesNothing(a: Pick<Analysis, "kind" | "paths">): boolean {
  return a.kind === null && !a.paths.some((p) => p.role === "write");
}

/** What a walk leaves alone unless an option says otherwise: hidden entries, symlinks, what ignore files list. */
export interface WalkSkips {
  readonly hidden: boolean;
  readonly links: boolean;
  readonly ignored: boolean;
  /** Hidden entries the walk opens all the same, matched by its globs (`rg --glob=.env`). */
  readonly shownHidden: readonly ShowingGlob[];
}

/** Globs over the names of the directories a walk does not enter, and of the files below it that it does not open. */
export interface ExcludedByOptions {
  readonly directories: readonly string[];
  readonly files: readonly string[];
}

/** Mutable result while one command is analysed; analysers add to it. */
export class Findings {
  kind: WrapperKind | null = null;
  reason: string | null = null;
  readonly inner: InnerCommand[] = [];
  readonly payloads: string[] = [];
  readonly paths: PathUse[] = [];
  readonly scripts: Word[] = [];
  /** A record or an option said it extracts (`unzip`, `tar -x`)… */
  extract = false;
  /** …and no option said it writes nothing the data names (`unzip -l`, `tar -O`). */
  noExtract = false;
  /** An option makes what it extracts other than the archive's member names. */
  inexactMembers = false;
  /** It reads the names of its files from data permc does not read. */
  namesUnknown = false;
  /** A record said it searches the working directory when no path operand is given… */
  walksDefault = false;
  /** …and this many path operands were given… */
  pathOperands = 0;
  /** …and no option made it only name what it would touch (`git clean -n`). */
  noWalk = false;
  /** The name the command it runs is given as its own (meaning `argv0`). */
  argv0: Word | null = null;
  walksOperands = false;
  /** …and an option said it opens every file it meets (OptionSpec.opensEveryFile). */
  opensEveryFile = false;
  /** …an option made it walk from the top of the repository instead (`git add -f -A`). */
  walksRepository = false;
  /** Its walk leaves out what `.gitignore` files do, but not tracked files (ProgramRecord.walksUnignored)… */
  walksUnignored = false;
  /** …unless an option takes ignored files too (`git add -f`). */
  includesIgnored = false;
  /** git: the repository content it prints. */
  repositoryRead: RepositoryRead | null = null;
  /** The first subcommand chosen… */
  subcommand: string | null = null;
  /** …and the record it was read with (a listed subcommand's, or the record for others); null: none. */
  subcommandRecord: Subcommand | null = null;
  /** The record of the last subcommand chosen, nested ones included (`aws s3 cp`: cp's); null: none. */
  innermostSubcommandRecord: Subcommand | null = null;
  editsInPlace = false;
  readonly runsImplicitly: (readonly string[])[] = [];
  readonly hooksRun: (readonly string[])[] = [];
  readonly storedCode: string[] = [];
  walkedOperands: Word[] | null = null;
  prune: PruneTest | null = null;
  maxDepth: number | null = null;
  excludedDirectories: string[] | null = null;
  /** Its operands are git's words (ProgramRecord.operandsAreGitWords): a `path` operand is a gitOperand. */
  operandsAreGitWords = false;
  /** Directories it searches (meaning SearchPath), and names it looks up in them (Searched), by kind. */
  readonly searchPaths: { readonly kind: "include" | "library"; readonly word: Word }[] = [];
  readonly searched: { readonly kind: "include" | "library"; readonly word: Word }[] = [];
  /** Options it hands to other programs it runs (meaning Passes), by program, in order. */
  readonly passed = new Map<string, Word[]>();

  constructor(
    readonly name: string,
    readonly view: CommandView,
  ) {}

  floor(kind: WrapperKind, reason: string): void {
    if (this.kind !== "opaque") this.kind = kind;
    this.reason ??= reason;
  }

  run(words: readonly Word[], respelling = false): void {
    if (words.length === 0) return;
    // A command named `--` or `-x` is the launcher's own separator or option read as an operand (a grammar
    // that stops at the first operand): what the program makes of it is not in the data.
    if (words[0]?.value?.startsWith("-") === true) this.floor("indirection", `${this.name}: permc cannot tell whether ${words[0].raw} is one of its options`);
    this.inner.push({ words, text: wordsText(words, this.view.src), ...(respelling ? { respelling: true as const } : {}) });
  }
}

/** Text of a run of words: real words are sliced from the source, synthetic ones joined. */
export function wordsText(words: readonly Word[], src: string): string {
  const parts: string[] = [];
  let runStart = -1;
  let runEnd = -1;
  const flush = (): void => {
    if (runStart >= 0) parts.push(src.slice(runStart, runEnd));
    runStart = -1;
  };
  for (const w of words) {
    if (w.start < 0) {
      flush();
      if (w.raw !== "") parts.push(w.raw);
    } else {
      if (runStart < 0) runStart = w.start;
      runEnd = w.end;
    }
  }
  flush();
  return parts.join(" ");
}

/**
 * git: global options before the subcommand, and the options and operands
 * of subcommands that run a command (`rebase --exec`, `bisect run`,
 * `submodule foreach`, `--upload-pack`, `--receive-pack`, `ext::` URLs,
 * filters). `-c KEY=VALUE` is read by the `git-config` key table
 * (variables.ts); `-c alias.NAME=…` is resolved when NAME is the
 * subcommand (analysers/git-alias.ts).
 */
import { NO_EXTRACT } from "./extractors.js";
import type { Meaning, OptionSpec, ProgramRecord, Subcommand } from "../program-record.js";
import { builtOnce } from "./record-group.js";
import { GIT_CONFIGURATION_AND_HOOKS, HOOK_CODE } from "./implicit-code.js";
import { GIT_CONFIGURATION, GIT_CREDENTIALS } from "./credential-files.js";

const SHELL: Meaning = "shell";
const REMOTE_URLS: Meaning = "git-remote";

/** Subcommand options are many and change often; only the ones that run something are listed. */
const sub = (long: Record<string, OptionSpec | Meaning>, short: Record<string, OptionSpec | Meaning> = {}, operands?: readonly Meaning[]): Subcommand => ({
  options: { unknown: "flag", permute: true, abbreviations: true, long, short },
  ...(operands !== undefined ? { operands } : { operands: ["path"] }),
});

/**
 * The diff options that decide whether file content is printed (git's
 * diff-options and log's pickaxe, from git 2.39's documentation): a patch
 * in any format, a search of content (`-S`, `-G`) or a line history (`-L`)
 * shows it; a summary only (`--stat`, `--name-only`, `-s`) hides it.
 */
const SHOWS: OptionSpec = { means: "flag", content: "shows" };
const SHOWS_VALUE: OptionSpec = { means: "value", content: "shows" };
const SHOWS_ATTACHED: OptionSpec = { means: "value", takes: "attached", content: "shows" };
const HIDES: OptionSpec = { means: "flag", content: "hides" };
const HIDES_ATTACHED: OptionSpec = { means: "value", takes: "attached", content: "hides" };
const STORED: OptionSpec = { means: "flag", content: "stored" };
const CONTENT_LONG: Readonly<Record<string, OptionSpec | Meaning>> = {
  patch: SHOWS,
  unified: SHOWS_VALUE,
  "patch-with-stat": SHOWS,
  "patch-with-raw": SHOWS,
  cc: SHOWS,
  dd: SHOWS,
  "remerge-diff": SHOWS,
  "diff-merges": SHOWS_VALUE,
  "word-diff": SHOWS_ATTACHED,
  "word-diff-regex": SHOWS_VALUE,
  "color-words": SHOWS_ATTACHED,
  "function-context": SHOWS,
  binary: SHOWS,
  "full-diff": SHOWS,
  "ext-diff": SHOWS,
  textconv: SHOWS,
  check: SHOWS,
  "pickaxe-regex": SHOWS,
  "pickaxe-all": SHOWS,
  "inter-hunk-context": SHOWS_VALUE,
  "no-patch": HIDES,
  stat: HIDES_ATTACHED,
  numstat: HIDES,
  shortstat: HIDES,
  "compact-summary": HIDES,
  dirstat: HIDES_ATTACHED,
  "name-only": HIDES,
  "name-status": HIDES,
  raw: HIDES,
  summary: HIDES,
  quiet: HIDES,
  "pathspec-from-file": "names-file",
};
const CONTENT_SHORT: Readonly<Record<string, OptionSpec | Meaning>> = {
  p: SHOWS,
  u: SHOWS,
  U: SHOWS_ATTACHED,
  c: SHOWS,
  m: SHOWS,
  W: SHOWS,
  S: SHOWS_VALUE,
  G: SHOWS_VALUE,
  L: SHOWS_VALUE,
  s: HIDES,
};
const contentOptions = (long: Record<string, OptionSpec | Meaning> = {}, short: Record<string, OptionSpec | Meaning> = {}) => ({
  unknown: "flag" as const,
  permute: true,
  // git's option parser takes a long option's unique prefix (`git log --pat`).
  abbreviations: true,
  long: { ...CONTENT_LONG, ...long },
  short: { ...CONTENT_SHORT, ...short },
});

/**
 * `git show`, `git diff`: they print file content by default. An operand is
 * a revision (the content of every file it changed or holds), a path, or
 * `REV:PATH` — one file's content, read as that path (`git show HEAD:.env`).
 */
const OBJECT_READER: Subcommand = { options: contentOptions(), operands: ["git-object"], repositoryContent: { prints: "default" } };
/** `git add -f`, `git stash --all`: ignored files too, so every file under the pathspecs or the work tree. */
const WALKS_ALL: OptionSpec = { means: "flag", walksRepository: true, includesIgnored: true };
/** `git add -A`, `git add -u`: with no pathspec, the whole work tree (less what `.gitignore` leaves out; `-u` takes tracked files only, counted as all). */
const WALKS_WORK_TREE: OptionSpec = { means: "flag", walksRepository: true };
/** `git log`, `git whatchanged`, `git diff-tree`: content only with a patch or pickaxe option. */
const HISTORY_READER: Subcommand = { options: contentOptions(), repositoryContent: { prints: "option" } };
/** `git add -p`, `git checkout -p`: the hunks of the work tree's changes to tracked files. */
const PATCH_CHOOSER: Subcommand = {
  options: {
    unknown: "flag",
    permute: true,
    abbreviations: true,
    long: { patch: SHOWS, interactive: SHOWS, "pathspec-from-file": "names-file" },
    short: { p: SHOWS, i: SHOWS },
  },
  repositoryContent: { prints: "option", workTree: "index" },
};

/**
 * `git grep` options that search beyond the files the index tracks: with
 * none, its walk is the tracked files (paths/classify.ts).
 */
const GIT_GREP_BEYOND_INDEX: ReadonlySet<string> = new Set(["--untracked", "--no-index", "--recurse-submodules"]);

/**
 * Built with the record (record-group.ts says why). Besides what it reads
 * and runs, each subcommand's record says what it does beyond its paths
 * (program-record.ts): `index: "keeps"` (it never changes the index; the
 * others may, as git's own record says), `workTree` (it writes the work tree
 * from a branch, a commit, a patch, a remote or the stash; `"new"`, one of its
 * own; `"elsewhere"`, under a directory permc does not read), `movesNamedFiles`, and `operandsSkipLinks` (its words are revisions,
 * refs or pathspecs git resolves through its index and object store, never
 * through a work-tree symlink). Without `operandsSkipLinks`: `diff` and
 * `grep` (`--no-index` reads files), `hash-object`, `apply`, `am`, `blame`,
 * `config` and `clone`, which open files they are given.
 */
const gitSubcommands = (): Readonly<Record<string, Subcommand>> => ({
  // `git credential fill` and the store helper print the stored passwords.
  credential: { options: { unknown: "flag", permute: true }, operands: ["value"], readsImplicitly: GIT_CREDENTIALS },
  "credential-store": { options: { unknown: "flag", permute: true }, operands: ["value"], readsImplicitly: GIT_CREDENTIALS },
  show: { ...OBJECT_READER, index: "keeps", operandsSkipLinks: true },
  // The work tree against the index, unless a revision or `--cached` compares stored content; `--no-index` compares its operands.
  diff: {
    // `--no-index` reads its operands as files, and the files under a directory operand (`git diff --no-index k ~/.ssh` reads ~/.ssh/k).
    options: contentOptions({ cached: STORED, staged: STORED, "merge-base": STORED, "no-index": { ...HIDES, walksOperands: true } }),
    operands: ["git-object"],
    repositoryContent: { prints: "default", workTree: "index" },
    index: "keeps",
  },
  log: { ...HISTORY_READER, index: "keeps", operandsSkipLinks: true },
  whatchanged: { ...HISTORY_READER, index: "keeps" },
  reflog: { ...HISTORY_READER, index: "keeps", operandsSkipLinks: true },
  "diff-tree": { ...HISTORY_READER, index: "keeps" },
  "diff-index": { ...HISTORY_READER, index: "keeps" },
  "diff-files": { options: contentOptions(), repositoryContent: { prints: "option", workTree: "index" }, index: "keeps" },
  "range-diff": { options: contentOptions(), operands: ["value"], repositoryContent: { prints: "always" }, index: "keeps" },
  "format-patch": {
    options: contentOptions({ "output-directory": "write-dir" }, { o: "write-dir" }),
    repositoryContent: { prints: "always" },
    index: "keeps",
  },
  "fast-export": { options: { unknown: "flag", permute: true }, operands: ["value"], repositoryContent: { prints: "always" } },
  // Stored content written to files whose names hide what they hold: `fsck --lost-found` (.git/lost-found/other/SHA),
  // `unpack-file BLOB` (.merge_file_XXXXXX), `checkout-index --prefix=DIR/` (the index's files under DIR).
  fsck: { options: { unknown: "flag", permute: true, long: { "lost-found": SHOWS } }, operands: ["value"], repositoryContent: { prints: "option" } },
  "unpack-file": { operands: ["value"], repositoryContent: { prints: "always" } },
  "checkout-index": {
    options: { unknown: "flag", permute: true, long: { prefix: "value", "pathspec-from-file": "names-file" } },
    repositoryContent: { prints: "always" },
    workTree: "elsewhere",
  },
  bundle: {
    operands: ["value"],
    subcommands: { create: { options: { unknown: "flag", permute: true }, operands: ["write", "value"], repositoryContent: { prints: "always" } } },
  },
  // `git stash show` prints a patch by default when `stash.showPatch` is set in a configuration file.
  // `git stash --all` stashes (reads, then removes) ignored files too; `git stash pop` writes the work tree from the stash.
  stash: {
    workTree: "writes",
    operandsSkipLinks: true,
    options: { unknown: "flag", permute: true, short: { a: WALKS_ALL }, long: { all: WALKS_ALL, "pathspec-from-file": "names-file" } },
    subcommands: {
      push: {
        options: {
          unknown: "flag",
          permute: true,
          short: { a: WALKS_ALL, m: "value" },
          long: { all: WALKS_ALL, message: "value", "pathspec-from-file": "names-file" },
        },
      },
      save: { options: { unknown: "flag", permute: true, short: { a: WALKS_ALL }, long: { all: WALKS_ALL } }, operands: ["value"] },
      show: { options: contentOptions(), operands: ["value"], repositoryContent: { prints: "default" } },
      list: { options: contentOptions(), operands: ["value"], repositoryContent: { prints: "option" } },
    },
  },
  // `git add .` reads every file under its pathspecs that `.gitignore` does not leave out, and the tracked ones (the
  // whole work tree with `-A`); `git add -f` ignored files too (`.env`).
  add: {
    ...PATCH_CHOOSER,
    walksUnignored: true,
    operandsSkipLinks: true,
    options: {
      ...PATCH_CHOOSER.options,
      short: { ...PATCH_CHOOSER.options?.short, f: WALKS_ALL, A: WALKS_WORK_TREE, u: WALKS_WORK_TREE },
      long: { ...PATCH_CHOOSER.options?.long, force: WALKS_ALL, all: WALKS_WORK_TREE, update: WALKS_WORK_TREE, "no-ignore-removal": WALKS_WORK_TREE },
    },
  },
  // They write the work tree from a branch, a commit or the index (`git checkout BRANCH`, `git reset --hard`).
  checkout: { ...PATCH_CHOOSER, workTree: "writes", operandsSkipLinks: true },
  restore: { ...PATCH_CHOOSER, workTree: "writes", operandsSkipLinks: true },
  reset: { ...PATCH_CHOOSER, workTree: "writes", operandsSkipLinks: true },
  commit: {
    ...PATCH_CHOOSER,
    operandsSkipLinks: true,
    options: {
      ...PATCH_CHOOSER.options,
      short: { p: SHOWS, i: "flag", m: "value", F: "read", C: "value", c: "value" },
      long: { patch: SHOWS, message: "value", file: "read", "pathspec-from-file": "names-file" },
    },
  },
  // `-v` prints the staged changes (stored content); twice, the work tree's too.
  // It refreshes only the index entries' file times.
  status: {
    options: { unknown: "flag", permute: true, short: { v: SHOWS }, long: { verbose: SHOWS } },
    repositoryContent: { prints: "option" },
    index: "keeps",
    operandsSkipLinks: true,
  },
  // `-t`, `-s`, `-e` print an object's type or size, or test it; anything else prints content. `--batch` reads object names (`HEAD:.env`) from its input.
  "cat-file": {
    options: { unknown: "flag", permute: true, short: { t: HIDES, s: HIDES, e: HIDES }, long: { batch: "names-input", "batch-command": "names-input" } },
    operands: ["git-object"],
    repositoryContent: { prints: "default" },
    index: "keeps",
  },
  rebase: {
    ...sub({ exec: SHELL, onto: "value", strategy: "value", "strategy-option": "value" }, { x: SHELL, s: "value", X: "value" }, ["value"]),
    workTree: "writes",
    operandsSkipLinks: true,
  },
  // It checks out the commits it visits.
  bisect: { operands: ["value"], subcommands: { run: { operands: ["argv"] } }, workTree: "writes" },
  submodule: {
    workTree: "writes",
    options: { unknown: "flag", permute: false },
    operands: ["value"],
    subcommands: { foreach: { options: { unknown: "flag", long: { recursive: "flag" } }, operands: ["shell-rest"] } },
  },
  clone: {
    ...sub(
      {
        "upload-pack": SHELL,
        template: { unsure: "git clone --template installs hooks from a directory" },
        config: { keyed: "git-config" },
        "separate-git-dir": "path",
        reference: "path",
        origin: "value",
        branch: "value",
        depth: "value",
      },
      { u: SHELL, c: { keyed: "git-config" }, o: "value", b: "value" },
      // The directory it creates the repository's files under; without one, a new directory in the working directory.
      [REMOTE_URLS, "write-dir"],
    ),
    extracts: true,
    workTree: "new",
  },
  // A patch names the files it creates and changes (`git apply x.diff`, `git am < mbox`).
  apply: {
    ...sub(
      { check: NO_EXTRACT, stat: NO_EXTRACT, numstat: NO_EXTRACT, summary: NO_EXTRACT, directory: "value", include: "value", exclude: "value" },
      { p: "value", C: "value" },
      ["read"],
    ),
    extracts: true,
    workTree: "writes",
  },
  am: {
    ...sub({ directory: "value", include: "value", exclude: "value", "show-current-patch": NO_EXTRACT }, { p: "value", C: "value" }, ["read"]),
    extracts: true,
    workTree: "writes",
  },
  init: sub({ template: { unsure: "git init --template installs hooks from a directory" }, "separate-git-dir": "path" }, {}, ["write-dir"]),
  fetch: { ...sub({ "upload-pack": SHELL }, {}, [REMOTE_URLS]), index: "keeps", operandsSkipLinks: true },
  pull: { ...sub({ "upload-pack": SHELL }, {}, [REMOTE_URLS]), workTree: "writes", operandsSkipLinks: true },
  "ls-remote": { ...sub({ "upload-pack": SHELL }, { u: SHELL }, [REMOTE_URLS]), index: "keeps" },
  push: { ...sub({ "receive-pack": SHELL, exec: SHELL, repo: "value" }, {}, [REMOTE_URLS]), index: "keeps", operandsSkipLinks: true },
  archive: {
    ...sub({ exec: SHELL, remote: "value", output: "write", prefix: "value", format: "value" }, { o: "write" }, ["value"]),
    repositoryContent: { prints: "always" },
    index: "keeps",
  },
  // Plumbing that updates the remote as `git push REMOTE REF` does: decided as that command too.
  "send-pack": { ...sub({ "receive-pack": SHELL, exec: SHELL }, {}, [REMOTE_URLS]), sameAs: "push" },
  // Paths read from standard input, one a line: `printf '.env\n' | git hash-object --stdin-paths` hashes (with -w,
  // stores) files no word names.
  // (`--stdin` alone hashes standard input: listed, so it is no abbreviation of `--stdin-paths`.)
  "hash-object": sub({ "stdin-paths": "names-input", stdin: "flag", path: "value", type: "value" }, { t: "value" }),
  "update-index": sub({ stdin: "names-input", cacheinfo: "value", chmod: "value" }),
  "fetch-pack": sub({ "upload-pack": SHELL, exec: SHELL }, {}, [REMOTE_URLS]),
  // `git remote add NAME URL`, `git remote set-url NAME URL`: a later fetch runs what the URL names.
  remote: { options: { unknown: "flag", permute: true }, operands: ["value", "value", REMOTE_URLS], index: "keeps", operandsSkipLinks: true },
  difftool: sub({ extcmd: SHELL, tool: "value" }, { x: SHELL, t: "value" }),
  mergetool: sub({ tool: "value" }, { t: "value" }),
  // It removes the untracked (with -x also the ignored: `.env`) files under the working directory or the paths it is given.
  clean: {
    options: {
      unknown: "flag",
      permute: true,
      short: { e: "value", n: { means: "flag", noWalk: true } },
      long: { exclude: "value", "dry-run": { means: "flag", noWalk: true } },
    },
    operands: ["path"],
    walksWorkingDirectory: true,
    // It removes untracked files without following a symlink (`beyond a symbolic link`).
    operandsSkipLinks: true,
  },
  // It searches the files under the working directory, or under the paths it is given.
  // `--cached` and revision operands (`git grep KEY HEAD`) search stored content.
  grep: {
    ...sub(
      { "open-files-in-pager": SHELL, cached: STORED, regexp: { means: "value", content: "pattern" }, file: { means: "read", content: "pattern" } },
      { O: { means: SHELL, takes: "attached" }, e: { means: "value", content: "pattern" }, f: { means: "read", content: "pattern" } },
      ["value", "path"],
    ),
    walksWorkingDirectory: true,
    repositoryContent: { prints: "always", workTree: "walk", patternOperand: true },
    index: "keeps",
    walksTrackedOnly: { unless: GIT_GREP_BEYOND_INDEX },
  },
  "filter-branch": sub(
    {
      "tree-filter": SHELL,
      "index-filter": SHELL,
      "msg-filter": SHELL,
      "env-filter": SHELL,
      "commit-filter": SHELL,
      "parent-filter": SHELL,
      "tag-name-filter": SHELL,
      "subdirectory-filter": "path",
    },
    {},
    ["value"],
  ),
  "send-email": sub({
    "to-cmd": SHELL,
    "cc-cmd": SHELL,
    "header-cmd": SHELL,
    "sendmail-cmd": SHELL,
    "smtp-server": { unsure: "git send-email --smtp-server may name a program" },
  }),
  // `git config -l` prints the user's configuration.
  config: {
    readsImplicitly: GIT_CONFIGURATION,
    analyser: "git-alias",
    options: {
      unknown: "flag",
      permute: true,
      abbreviations: true,
      long: { file: "path", blob: "value", default: "value", type: "value", comment: "value", value: "value" },
      short: { f: "path" },
    },
    operands: ["value"],
  },
  instaweb: { always: { unsure: "git instaweb starts a web server" } },
  daemon: { always: { unsure: "git daemon serves repositories over the network" } },
  "web--browse": { always: { unsure: "git web--browse starts a browser" } },
  help: {
    ...sub({ web: { unsure: "git help --web starts a browser" } }, { w: { unsure: "git help -w starts a browser" } }, ["value"]),
    index: "keeps",
  },
  // Commands with nothing to read beyond their paths (PLAIN), and what they do to the index and the work tree.
  annotate: { ...PLAIN, index: "keeps" },
  blame: { ...PLAIN, index: "keeps" },
  branch: { ...PLAIN, index: "keeps", operandsSkipLinks: true },
  cherry: { ...PLAIN, index: "keeps" },
  "cherry-pick": { ...PLAIN, workTree: "writes", operandsSkipLinks: true },
  "count-objects": { ...PLAIN, index: "keeps" },
  describe: { ...PLAIN, index: "keeps", operandsSkipLinks: true },
  "for-each-ref": { ...PLAIN, index: "keeps", operandsSkipLinks: true },
  // `git push` over dumb HTTP.
  "http-push": { ...PLAIN, sameAs: "push" },
  "ls-files": { ...PLAIN, index: "keeps", operandsSkipLinks: true },
  "ls-tree": { ...PLAIN, index: "keeps" },
  merge: { ...PLAIN, workTree: "writes", operandsSkipLinks: true },
  "merge-base": { ...PLAIN, operandsSkipLinks: true },
  // It moves tracked files without following a symlink.
  mv: { ...PLAIN, movesNamedFiles: true, operandsSkipLinks: true },
  "name-rev": { ...PLAIN, index: "keeps" },
  "read-tree": { ...PLAIN, workTree: "writes" },
  revert: { ...PLAIN, workTree: "writes", operandsSkipLinks: true },
  "rev-list": { ...PLAIN, index: "keeps", operandsSkipLinks: true },
  "rev-parse": { ...PLAIN, index: "keeps", operandsSkipLinks: true },
  // It removes tracked files without following a symlink.
  rm: { ...PLAIN, operandsSkipLinks: true },
  shortlog: { ...PLAIN, index: "keeps", operandsSkipLinks: true },
  "show-ref": { ...PLAIN, index: "keeps", operandsSkipLinks: true },
  "sparse-checkout": { ...PLAIN, workTree: "writes" },
  switch: { ...PLAIN, workTree: "writes", operandsSkipLinks: true },
  tag: { ...PLAIN, index: "keeps", operandsSkipLinks: true },
  version: { ...PLAIN, index: "keeps" },
  worktree: { ...PLAIN, workTree: "elsewhere" },
});

/**
 * git's own commands (`git --list-cmds=main` of git 2.39, without internal
 * `--` helpers, `remote-ext` and `shell`, which run commands they are given),
 * and git-lfs.
 * Any other subcommand is an alias from git's configuration files or a
 * `git-NAME` program on PATH: what it runs is not on the command line.
 */
export const GIT_COMMANDS: ReadonlySet<string> = new Set([
  // Well-known extensions that are programs of their own, not aliases: judged by the rules like git's own.
  "lfs",
  "add",
  "am",
  "annotate",
  "apply",
  "archive",
  "bisect",
  "blame",
  "branch",
  "bugreport",
  "bundle",
  "cat-file",
  "check-attr",
  "check-ignore",
  "check-mailmap",
  "check-ref-format",
  "checkout",
  "checkout-index",
  "cherry",
  "cherry-pick",
  "clean",
  "clone",
  "column",
  "commit",
  "commit-graph",
  "commit-tree",
  "config",
  "count-objects",
  "credential",
  "credential-cache",
  "credential-store",
  "describe",
  "diagnose",
  "diff",
  "diff-files",
  "diff-index",
  "diff-tree",
  "difftool",
  "fast-export",
  "fast-import",
  "fetch",
  "fetch-pack",
  "filter-branch",
  "fmt-merge-msg",
  "for-each-ref",
  "for-each-repo",
  "format-patch",
  "fsck",
  "fsck-objects",
  "gc",
  "get-tar-commit-id",
  "grep",
  "hash-object",
  "help",
  "hook",
  "http-fetch",
  "http-push",
  "index-pack",
  "init",
  "init-db",
  "instaweb",
  "interpret-trailers",
  "log",
  "ls-files",
  "ls-remote",
  "ls-tree",
  "mailinfo",
  "mailsplit",
  "maintenance",
  "merge",
  "merge-base",
  "merge-file",
  "merge-index",
  "merge-octopus",
  "merge-one-file",
  "merge-ours",
  "merge-recursive",
  "merge-resolve",
  "merge-subtree",
  "merge-tree",
  "mergetool",
  "mktag",
  "mktree",
  "multi-pack-index",
  "mv",
  "name-rev",
  "notes",
  "pack-objects",
  "pack-redundant",
  "pack-refs",
  "patch-id",
  "prune",
  "prune-packed",
  "pull",
  "push",
  "range-diff",
  "read-tree",
  "rebase",
  "receive-pack",
  "reflog",
  "remote",
  "repack",
  "replace",
  "request-pull",
  "rerere",
  "reset",
  "restore",
  "rev-list",
  "rev-parse",
  "revert",
  "rm",
  "send-pack",
  "shortlog",
  "show",
  "show-branch",
  "show-index",
  "show-ref",
  "sparse-checkout",
  "stage",
  "stash",
  "status",
  "stripspace",
  "submodule",
  "switch",
  "symbolic-ref",
  "tag",
  "unpack-file",
  "unpack-objects",
  "update-index",
  "update-ref",
  "update-server-info",
  "upload-archive",
  "upload-pack",
  "var",
  "verify-commit",
  "verify-pack",
  "verify-tag",
  "version",
  "whatchanged",
  "worktree",
  "write-tree",
]);

/** A git command with nothing to read beyond its paths: `git add --pathspec-from-file=LIST` (commit, reset, restore, rm, checkout) names them in LIST. */
const PLAIN: Subcommand = { options: { unknown: "flag", permute: true, abbreviations: true, long: { "pathspec-from-file": "names-file" } } };

export const GIT = builtOnce(
  (): ProgramRecord => ({
    names: ["git"],
    operandsAreGitWords: true,
    // A git command may change the index unless its subcommand's record says it keeps it (`index: "keeps"`): with
    // one that may in the same call (`git add -f -N . && git diff` makes an ignored `.env` tracked first), the index
    // permc reads may not be the one `git diff` uses, and paths/repository-content.ts asks by prefix. An alias, or
    // a command permc cannot name, may change it too.
    index: "changes",
    // Its configuration (core.fsmonitor, core.pager, aliases, helpers) and its hooks.
    runsImplicitly: GIT_CONFIGURATION_AND_HOOKS,
    // And what its installed hooks run: any of the project's code (a pre-commit hook running `npx lint-staged` or
    // `npm test`: `echo 'rm x' > scripts/check.sh && git commit` ran rm through one that runs the script, a real run).
    // Not only commit: checkout, merge, push, rebase, and any update of a reference or the index run hooks.
    hooksRun: HOOK_CODE,
    analyser: "git-alias",
    options: {
      short: {
        v: "flag",
        h: "flag",
        p: "flag",
        P: "flag",
        C: "chdir",
        c: { keyed: "git-config" },
      },
      long: {
        version: "flag",
        help: "flag",
        paginate: "flag",
        "no-pager": "flag",
        bare: "flag",
        "no-replace-objects": "flag",
        "no-lazy-fetch": "flag",
        "no-optional-locks": "flag",
        "no-advice": "flag",
        "literal-pathspecs": "flag",
        "glob-pathspecs": "flag",
        "noglob-pathspecs": "flag",
        "icase-pathspecs": "flag",
        "html-path": "flag",
        "man-path": "flag",
        "info-path": "flag",
        // Another repository's configuration: its aliases, hooks and core.fsmonitor run (as GIT_DIR=… does).
        "git-dir": { means: { unsure: "git --git-dir reads another repository's configuration, whose aliases, hooks and fsmonitor run" }, takes: "value" },
        "work-tree": "chdir",
        namespace: "value",
        "super-prefix": "value",
        "list-cmds": "value",
        "attr-source": "value",
        "exec-path": { means: { unsure: "git --exec-path runs subcommands from another directory" }, takes: "attached" },
        "config-env": { unsure: "git --config-env sets configuration from the environment" },
      },
    },
    operands: ["value"],
    subcommands: { ...Object.fromEntries([...GIT_COMMANDS].map((name) => [name, PLAIN])), ...gitSubcommands() },
    otherSubcommands: { ...PLAIN, floor: { unsure: "git runs an alias from its configuration, or a git-NAME program, for a command it does not have" } },
  }),
);

/** `git-<subcommand>` binaries (`/usr/lib/git-core/git-push`) run the subcommand. */
export const GIT_DASHED_PREFIX = "git-";

/**
 * Where git finds the hooks a repository runs (paths/repository-hooks.ts):
 * the variables that move its directory or its configuration, the system
 * configuration files it may read (by how it was built), and a
 * configuration line that may install hooks (`core.hooksPath`,
 * `init.templateDir`, whose hooks a new repository gets); the files it
 * includes are read too.
 */
export const GIT_HOOK_PLACES = {
  variables: [
    "GIT_DIR",
    "GIT_COMMON_DIR",
    "GIT_CONFIG",
    "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_SYSTEM",
    "GIT_CONFIG_COUNT",
    "GIT_CONFIG_PARAMETERS",
    "GIT_TEMPLATE_DIR",
  ],
  systemConfigurations: ["/etc/gitconfig", "/usr/local/etc/gitconfig", "/opt/homebrew/etc/gitconfig"],
  hookSetting: /hookspath|templatedir/i,
  /**
   * Keys of a repository's own configuration whose value is a command git runs on everyday commands (a filter on
   * `git add`, a textconv on `git diff`, the fsmonitor on `git status`, a credential helper or ssh command on `git
   * push`): a project's script named there runs as a hook does. The user's and the system's configuration name the
   * user's own tools (a credential helper on PATH), and are not read for these.
   */
  runKeys:
    /^(?:core\.(?:pager|sshcommand|editor|fsmonitor|gitproxy|askpass|alternaterefscommand)|sequence\.editor|diff\.external|credential\..*helper|gpg\.(?:[\w-]+\.)?program|(?:diff|filter|merge)\..+\.(?:textconv|clean|smudge|process|driver|command)|(?:difftool|mergetool)\..+\.cmd|uploadpack\.packobjectshook|sendemail\..*cmd|pager\..+)$/i,
  /** How deep git follows `[include]` and `[includeIf]` files (its own limit is 10). */
  maxIncludeDepth: 10,
  /** What git installs in a new repository's hooks directory, and never runs. */
  sampleSuffix: ".sample",
} as const;

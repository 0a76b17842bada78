/**
 * Version-control systems other than git (git is in git.ts): the commands
 * that print file content from their stores — diffs, file contents,
 * annotations, exports, archives — read any file the repository holds or
 * held, a denied one too (`hg diff`, `jj show`, `svn diff`). permc reads
 * none of these stores: with no file named, such a command may read any
 * path (RepositoryContent.store "other"). Summaries (`--stat`, `jj diff -s`)
 * and plain logs print names and messages only.
 */
import type { OptionSpec, ProgramRecord, RepositoryContent, Subcommand } from "../program-record.js";
import { recordGroup } from "./record-group.js";
import { GIT_CONFIGURATION_AND_HOOKS, JUJUTSU_CONFIGURATION, MERCURIAL_CONFIGURATION, PYTHON_CODE, SUBVERSION_CONFIGURATION } from "./implicit-code.js";

const SHOWS: OptionSpec = { means: "flag", content: "shows" };
const HIDES: OptionSpec = { means: "flag", content: "hides" };
const ALWAYS: RepositoryContent = { prints: "always", store: "other" };
const BY_DEFAULT: RepositoryContent = { prints: "default", store: "other" };
const WITH_PATCH: RepositoryContent = { prints: "option", store: "other" };

/** A content-printing subcommand: summary options hide content, patch options show it. */
const printer = (repositoryContent: RepositoryContent, short: Record<string, OptionSpec> = {}, long: Record<string, OptionSpec> = {}): Subcommand => ({
  options: { unknown: "flag", permute: true, short: { p: SHOWS, ...short }, long: { patch: SHOWS, stat: HIDES, summary: HIDES, "name-only": HIDES, ...long } },
  repositoryContent,
});

/** Commands of their own that print no file content and run nothing they are not given: plain operands. */
const plain = (names: readonly string[]): Record<string, Subcommand> =>
  Object.fromEntries(names.map((n) => [n, { options: { unknown: "flag", permute: true }, operands: ["value"] } satisfies Subcommand]));
/** Any other command may be an alias or an extension's from the configuration, which runs what it says. */
const aliasFloor = (tool: string): Subcommand => ({
  floor: { unsure: `${tool} runs an alias or an extension's command from its configuration for a command permc does not list` },
  options: { unknown: "flag", permute: true },
  operands: ["value"],
});

const MERCURIAL: Readonly<Record<string, Subcommand>> = {
  ...plain([
    "status",
    "st",
    "commit",
    "ci",
    "add",
    "remove",
    "rm",
    "forget",
    "addremove",
    "push",
    "pull",
    "update",
    "up",
    "checkout",
    "co",
    "branch",
    "branches",
    "bookmark",
    "bookmarks",
    "heads",
    "identify",
    "id",
    "incoming",
    "in",
    "outgoing",
    "out",
    "summary",
    "sum",
    "tip",
    "parents",
    "paths",
    "root",
    "version",
    "help",
    "merge",
    "revert",
    "clone",
    "init",
    "tag",
    "tags",
    "resolve",
    "files",
    "locate",
    "manifest",
    "verify",
    "phase",
    "shelve",
    "unshelve",
    "rebase",
    "graft",
    "backout",
    "amend",
    "goto",
    "sl",
    "smartlog",
  ]),
  diff: printer(BY_DEFAULT),
  cat: printer(ALWAYS),
  export: printer(ALWAYS),
  annotate: printer(ALWAYS),
  blame: printer(ALWAYS),
  grep: printer(ALWAYS),
  archive: printer(ALWAYS),
  bundle: printer(ALWAYS),
  show: printer(BY_DEFAULT),
  log: printer(WITH_PATCH),
};

export const VERSION_CONTROL = recordGroup((): readonly ProgramRecord[] => [
  // Mercurial, and Sapling (`sl`), which keeps its commands. `--config` can set hooks and `!` aliases (shell).
  {
    names: ["hg", "sl"],
    // Its configuration, written first (a `[hooks]` line appended to .hg/hgrc before `hg commit`), and the Python it loads.
    runsImplicitly: [...MERCURIAL_CONFIGURATION, ...PYTHON_CODE],
    options: {
      unknown: "flag",
      permute: true,
      short: { R: "path" },
      long: {
        cwd: "chdir",
        repository: "path",
        config: { means: { unsure: "hg --config can set hooks and aliases that run shell commands" }, takes: "value" },
        "config-file": { means: { unsure: "an hg configuration file can set hooks and aliases that run shell commands" }, takes: "value" },
      },
    },
    operands: ["value"],
    subcommands: MERCURIAL,
    otherSubcommands: aliasFloor("hg"),
  },
  {
    names: ["jj"],
    // …and a colocated repository's git configuration and hooks: `jj git fetch` and `jj git push` run git.
    runsImplicitly: [...JUJUTSU_CONFIGURATION, ...GIT_CONFIGURATION_AND_HOOKS],
    options: {
      unknown: "flag",
      permute: true,
      short: { R: "path" },
      long: {
        repository: "path",
        config: { means: { unsure: "jj --config can name programs jj runs (fix tools, diff and merge tools)" }, takes: "value" },
        "config-file": { means: { unsure: "a jj configuration file can name programs jj runs (fix tools, diff and merge tools)" }, takes: "value" },
        "config-toml": { means: { unsure: "jj --config-toml can name programs jj runs (fix tools, diff and merge tools)" }, takes: "value" },
      },
    },
    operands: ["value"],
    subcommands: {
      ...plain([
        "status",
        "st",
        "log",
        "new",
        "commit",
        "describe",
        "desc",
        "edit",
        "abandon",
        "squash",
        "split",
        "rebase",
        "bookmark",
        "b",
        "branch",
        "git",
        "op",
        "operation",
        "undo",
        "restore",
        "absorb",
        "duplicate",
        "next",
        "prev",
        "parallelize",
        "simplify-parents",
        "tag",
        "workspace",
        "root",
        "version",
        "help",
        "sparse",
        "resolve",
        "backout",
        "revert",
        "sign",
        "unsign",
        "bisect",
        "config",
      ]),
      diff: printer(BY_DEFAULT, { s: HIDES }, { types: HIDES }),
      show: printer(BY_DEFAULT, { s: HIDES }, { types: HIDES }),
      interdiff: printer(BY_DEFAULT, { s: HIDES }),
      log: printer(WITH_PATCH),
      evolog: printer(WITH_PATCH),
      cat: printer(ALWAYS),
      file: { operands: ["value"], subcommands: { show: printer(ALWAYS), annotate: printer(ALWAYS), ...plain(["list", "chmod", "track", "untrack"]) } },
      // `jj fix` runs the fix tools its configuration names; `jj util exec` runs a command.
      fix: { always: { unsure: "jj fix runs the programs its configuration names on the files" } },
      util: { operands: ["value"], subcommands: { exec: { options: { unknown: "unsure", permute: false }, operands: ["argv"] } } },
    },
    otherSubcommands: aliasFloor("jj"),
  },
  {
    names: ["svn"],
    runsImplicitly: SUBVERSION_CONFIGURATION,
    // svn has no aliases; `--diff-cmd`, `--diff3-cmd` and `--editor-cmd` name programs, and its configuration directory names more.
    options: {
      unknown: "flag",
      permute: true,
      long: {
        "config-dir": { means: { unsure: "an svn configuration directory can name programs svn runs (diff, editor, ssh tunnels)" }, takes: "value" },
        "config-option": { means: { unsure: "svn --config-option can name programs svn runs (diff, editor, ssh tunnels)" }, takes: "value" },
        "diff-cmd": { means: { unsure: "svn --diff-cmd runs the program it names" }, takes: "value" },
        "diff3-cmd": { means: { unsure: "svn --diff3-cmd runs the program it names" }, takes: "value" },
        "editor-cmd": { means: { unsure: "svn --editor-cmd runs the command it names" }, takes: "value" },
      },
    },
    operands: ["value"],
    subcommands: {
      ...plain([
        "status",
        "st",
        "update",
        "up",
        "commit",
        "ci",
        "add",
        "delete",
        "rm",
        "checkout",
        "co",
        "info",
        "list",
        "ls",
        "revert",
        "resolve",
        "copy",
        "cp",
        "move",
        "mv",
        "mkdir",
        "cleanup",
        "switch",
        "sw",
        "merge",
        "propget",
        "proplist",
        "help",
        "version",
      ]),
      diff: printer(BY_DEFAULT, {}, { summarize: HIDES }),
      di: printer(BY_DEFAULT, {}, { summarize: HIDES }),
      cat: printer(ALWAYS),
      blame: printer(ALWAYS),
      annotate: printer(ALWAYS),
      praise: printer(ALWAYS),
      export: printer(ALWAYS),
      log: printer(WITH_PATCH, {}, { diff: SHOWS }),
    },
  },
]);

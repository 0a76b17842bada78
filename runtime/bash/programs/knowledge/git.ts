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

const SHELL: Meaning = "shell";
const REMOTE_URLS: Meaning = "git-remote";

/** Subcommand options are many and change often; only the ones that run something are listed. */
const sub = (long: Record<string, OptionSpec | Meaning>, short: Record<string, OptionSpec | Meaning> = {}, operands?: readonly Meaning[]): Subcommand => ({
  options: { unknown: "flag", permute: true, abbreviations: true, long, short },
  ...(operands !== undefined ? { operands } : { operands: ["path"] }),
});

export const GIT_SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  rebase: sub({ exec: SHELL, onto: "value", strategy: "value", "strategy-option": "value" }, { x: SHELL, s: "value", X: "value" }, ["value"]),
  bisect: { operands: ["value"], subcommands: { run: { operands: ["argv"] } } },
  submodule: {
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
  },
  // A patch names the files it creates and changes (`git apply x.diff`, `git am < mbox`).
  apply: {
    ...sub(
      { check: NO_EXTRACT, stat: NO_EXTRACT, numstat: NO_EXTRACT, summary: NO_EXTRACT, directory: "value", include: "value", exclude: "value" },
      { p: "value", C: "value" },
      ["read"],
    ),
    extracts: true,
  },
  am: {
    ...sub({ directory: "value", include: "value", exclude: "value", "show-current-patch": NO_EXTRACT }, { p: "value", C: "value" }, ["read"]),
    extracts: true,
  },
  init: sub({ template: { unsure: "git init --template installs hooks from a directory" }, "separate-git-dir": "path" }, {}, ["write-dir"]),
  fetch: sub({ "upload-pack": SHELL }, {}, [REMOTE_URLS]),
  pull: sub({ "upload-pack": SHELL }, {}, [REMOTE_URLS]),
  "ls-remote": sub({ "upload-pack": SHELL }, { u: SHELL }, [REMOTE_URLS]),
  push: sub({ "receive-pack": SHELL, exec: SHELL, repo: "value" }, {}, [REMOTE_URLS]),
  archive: sub({ exec: SHELL, remote: "value", output: "write", prefix: "value", format: "value" }, { o: "write" }, ["value"]),
  "send-pack": sub({ "receive-pack": SHELL, exec: SHELL }, {}, [REMOTE_URLS]),
  "fetch-pack": sub({ "upload-pack": SHELL, exec: SHELL }, {}, [REMOTE_URLS]),
  // `git remote add NAME URL`, `git remote set-url NAME URL`: a later fetch runs what the URL names.
  remote: { options: { unknown: "flag", permute: true }, operands: ["value", "value", REMOTE_URLS] },
  difftool: sub({ extcmd: SHELL, tool: "value" }, { x: SHELL, t: "value" }),
  mergetool: sub({ tool: "value" }, { t: "value" }),
  grep: sub({ "open-files-in-pager": SHELL }, { O: { means: SHELL, takes: "attached" } }, ["value", "path"]),
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
  config: {
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
  "web--browse": { always: { unsure: "git web--browse starts a browser" } },
  help: sub({ web: { unsure: "git help --web starts a browser" } }, { w: { unsure: "git help -w starts a browser" } }, ["value"]),
};

export const GIT: ProgramRecord = {
  names: ["git"],
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
      "git-dir": "path",
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
  subcommands: GIT_SUBCOMMANDS,
  otherSubcommands: { options: { unknown: "flag", permute: true } },
};

/** `git-<subcommand>` binaries (`/usr/lib/git-core/git-push`) run the subcommand. */
export const GIT_DASHED_PREFIX = "git-";

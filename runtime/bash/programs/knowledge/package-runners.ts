/**
 * Package managers and build tools: the subcommands that run an arbitrary
 * command or a shell string (`npm exec -c`, `npx`, `pnpm dlx`, `yarn dlx`,
 * `make --eval`). Scripts from the project's own manifest (`npm test`,
 * `make`) are the program the user chose to run, as any leaf is.
 */
import type { Meaning, ProgramRecord, Subcommand } from "../program-record.js";
import { recordGroup } from "./record-group.js";
import { ANY_CODE, NPM_ARCHIVES } from "./implicit-code.js";
import { NPM_CREDENTIALS } from "./credential-files.js";

const loose = { unknown: "flag", permute: false } as const;

/**
 * `npm exec -c CMD`, `npm exec -- PKG ARGS`. npm's `-p` is `--parseable`, a flag: `npm exec -p rm x` runs rm (real npm 11
 * under strace); npx rewrites its own `-p` to `--package` (NPX_EXEC).
 */
const NPM_EXEC = {
  options: {
    ...loose,
    abbreviations: true,
    short: { c: "shell" as Meaning, p: "flag" as Meaning, y: "flag" as Meaning },
    long: {
      call: "shell" as Meaning,
      package: "value" as Meaning,
      yes: "flag" as Meaning,
      "no-yes": "flag" as Meaning,
      workspace: "value" as Meaning,
      workspaces: "flag" as Meaning,
      "include-workspace-root": "flag" as Meaning,
    },
  },
  operands: ["argv"] as readonly Meaning[],
};

/** `npx -p PKG CMD`: npx's `-p` names the package (bin/npx-cli.js), npm's is `--parseable`. */
const NPX_EXEC = { ...NPM_EXEC, options: { ...NPM_EXEC.options, short: { ...NPM_EXEC.options.short, p: "value" as Meaning } } };

/** `npm config set script-shell PROG` (or `script-shell=PROG`): npm then runs every script with PROG. */
const NPM_CONFIG_SET: Subcommand = { operands: ["value"], writesImplicitly: [".npmrc"], storesCode: { program: /^(?:--)?script-shell$/ } };
const NPM_CONFIG: Subcommand = {
  operands: ["value"],
  readsImplicitly: NPM_CREDENTIALS,
  subcommands: { set: NPM_CONFIG_SET, delete: NPM_CONFIG_SET, edit: NPM_CONFIG_SET, fix: NPM_CONFIG_SET },
};
/** `pnpm pkg set scripts.x=CMD`, `yarn config set script-shell P`, `pnpm config set script-shell P`. */
const PACKAGE_JSON_SET: Subcommand = { operands: ["value"], writesImplicitly: ["package.json"], storesCode: { shell: /^scripts\./ } };
const RC_SET: Subcommand = {
  operands: ["value"],
  writesImplicitly: [".npmrc", ".yarnrc", ".yarnrc.yml"],
  storesCode: { program: /^(?:--)?(?:script-shell|scriptShell)$/ },
};
const PKG: Subcommand = { operands: ["value"], subcommands: { set: PACKAGE_JSON_SET, delete: PACKAGE_JSON_SET, fix: PACKAGE_JSON_SET } };
const RC_CONFIG: Subcommand = { operands: ["value"], subcommands: { set: RC_SET, delete: RC_SET, unset: RC_SET } };

/** Files a makefile commonly includes, beside the `*.mk` every code list names: what the same command writes there is make's code. */
const MAKE_INCLUDES: readonly string[] = ["*.d", "*.dep", ".depend", "*.make", "*.mak", "*.inc", ".config", "Makefile.*", "makefile.*", "GNUmakefile.*"];

export const PACKAGE_RUNNERS = recordGroup((): readonly ProgramRecord[] => [
  {
    names: ["npm"],
    // `npm test`, `npm run x`, `npm install` run package.json's scripts, and `npm install ./x.tgz` the package's; an
    // .npmrc (the project's, the user's, `PREFIX/etc/npmrc`) names the editor, shell and git npm runs.
    runsImplicitly: [...ANY_CODE, ...NPM_ARCHIVES, ".npmrc", "npmrc"],
    // npm reads its options anywhere on the line (`npm test --script-shell=x`), up to `--`, and takes their unique prefixes (nopt).
    options: {
      unknown: "flag",
      permute: true,
      abbreviations: true,
      short: { c: "shell" },
      long: {
        "script-shell": { means: { unsure: "npm --script-shell runs the scripts with another program" }, takes: "value" },
        "node-options": { means: { unsure: "npm --node-options passes options (--require, --import) to node" }, takes: "value" },
        // `npm --editor='rm x' config edit` ran rm (with the file appended), `npm --shell=… explore P` the shell.
        editor: "shell",
        shell: "shell",
        // `npm -c CMD exec`: exec's own option, read wherever it stands.
        call: "shell",
        git: { means: { unsure: "npm runs --git in place of git" }, takes: "value" },
        browser: { means: { unsure: "npm runs --browser to open a page" }, takes: "value" },
        "init-module": { means: { unsure: "npm init runs the module --init-module names", reads: true }, takes: "value" },
        // An .npmrc of the command's choosing, whose settings (editor, script-shell, git) name programs npm runs.
        userconfig: { means: { unsure: "npm reads --userconfig as an .npmrc, whose settings name programs npm runs", reads: true }, takes: "value" },
        globalconfig: { means: { unsure: "npm reads --globalconfig as an .npmrc, whose settings name programs npm runs", reads: true }, takes: "value" },
        prefix: "chdir",
        // `npm pack --pack-destination DIR` writes the tarball under DIR.
        "pack-destination": "write-dir",
      },
    },
    operands: ["value"],
    subcommands: {
      exec: NPM_EXEC,
      x: NPM_EXEC,
      explore: { operands: ["value", "shell-rest"] },
      // `npm config get //registry…/:_authToken` prints the token; `npm config set script-shell P` writes .npmrc.
      config: NPM_CONFIG,
      c: NPM_CONFIG,
      set: NPM_CONFIG_SET,
      // `npm pkg set scripts.x='rm x'`, `npm init -y`, `npm set-script x CMD` write package.json, whose scripts npm runs.
      pkg: PKG,
      "set-script": { operands: ["value"], writesImplicitly: ["package.json"], storesCode: { shell: /(?:)/ } },
      init: { operands: ["value"], writesImplicitly: ["package.json"] },
      create: { operands: ["value"], writesImplicitly: ["package.json"] },
      innit: { operands: ["value"], writesImplicitly: ["package.json"] },
    },
  },
  { names: ["npx"], ...NPX_EXEC },
  {
    names: ["pnpm"],
    runsImplicitly: [...ANY_CODE, ...NPM_ARCHIVES],
    // `pnpm --dir DIR install`, `pnpm -C DIR install` work in DIR.
    options: { ...loose, short: { C: "chdir" }, long: { dir: "chdir" } },
    operands: ["value"],
    subcommands: {
      dlx: {
        options: {
          ...loose,
          short: { c: { means: "flag", operands: ["shell"] } },
          long: { package: "value", "shell-mode": { means: "flag", operands: ["shell"] } },
        },
        operands: ["argv"],
      },
      exec: {
        options: {
          ...loose,
          short: { c: { means: "flag", operands: ["shell"] } },
          long: { "shell-mode": { means: "flag", operands: ["shell"] }, parallel: "flag", recursive: "flag", filter: "value" },
        },
        operands: ["argv"],
      },
      pkg: PKG,
      config: RC_CONFIG,
      init: { operands: ["value"], writesImplicitly: ["package.json"] },
    },
  },
  { names: ["pnpx"], options: loose, operands: ["argv"] },
  {
    names: ["yarn"],
    runsImplicitly: [...ANY_CODE, ...NPM_ARCHIVES],
    // `yarn --cwd DIR install` works (and writes node_modules) in DIR; `--script-shell` runs the scripts with another program.
    options: {
      ...loose,
      long: { cwd: "chdir", "script-shell": { means: { unsure: "yarn --script-shell runs the scripts with another program" }, takes: "value" } },
    },
    operands: ["value"],
    subcommands: {
      dlx: { options: { ...loose, short: { p: "value", q: "flag" }, long: { package: "value", quiet: "flag" } }, operands: ["argv"] },
      exec: { operands: ["shell-rest"] },
      config: RC_CONFIG,
      init: { operands: ["value"], writesImplicitly: ["package.json"] },
    },
  },
  {
    names: ["make", "gmake", "bmake", "remake"],
    // The recipes of the makefile it finds: one the same command writes is a two-step. GNU make's built-in rules
    // check a missing file (the makefile too) out of `RCS/F,v` or `SCCS/s.F` with co or get (the start-up files discovery).
    // A makefile includes others by any name (`-include $(OBJS:.o=.d)`): the dependency files a compiler writes, and the
    // fragments projects name `*.make`, `*.mak`, `*.inc`, `.config` (Kconfig's).
    runsImplicitly: [...ANY_CODE, "*,v", "s.*", ...MAKE_INCLUDES],
    options: {
      unknown: "unsure",
      permute: true,
      abbreviations: true,
      short: {
        B: "flag",
        d: "flag",
        e: "flag",
        i: "flag",
        k: "flag",
        n: "flag",
        p: "flag",
        q: "flag",
        r: "flag",
        R: "flag",
        s: "flag",
        S: "flag",
        t: "flag",
        v: "flag",
        w: "flag",
        C: "chdir",
        I: "value",
        j: { means: "value", takes: "attached" },
        l: { means: "value", takes: "attached" },
        o: "value",
        W: "value",
        O: { means: "value", takes: "attached" },
        f: "script",
      },
      long: {
        "always-make": "flag",
        debug: { means: "value", takes: "attached" },
        "environment-overrides": "flag",
        "ignore-errors": "flag",
        "keep-going": "flag",
        "just-print": "flag",
        "dry-run": "flag",
        recon: "flag",
        "print-data-base": "flag",
        question: "flag",
        "no-builtin-rules": "flag",
        "no-builtin-variables": "flag",
        silent: "flag",
        quiet: "flag",
        "no-keep-going": "flag",
        stop: "flag",
        touch: "flag",
        trace: "flag",
        version: "flag",
        "print-directory": "flag",
        "no-print-directory": "flag",
        "warn-undefined-variables": "flag",
        "check-symlink-times": "flag",
        help: "flag",
        directory: "chdir",
        "include-dir": "value",
        jobs: { means: "value", takes: "attached" },
        "load-average": { means: "value", takes: "attached" },
        "max-load": { means: "value", takes: "attached" },
        "old-file": "value",
        "assume-old": "value",
        "what-if": "value",
        "new-file": "value",
        "assume-new": "value",
        "output-sync": { means: "value", takes: "attached" },
        shuffle: { means: "value", takes: "attached" },
        "jobserver-style": "value",
        file: "script",
        makefile: "script",
        eval: { code: "make" },
      },
    },
    // Targets, and NAME=VALUE variables that override the makefile's.
    operands: [{ keyed: "make-variable" }],
  },
]);

/**
 * Runners that run a program named by their first operand when it is none
 * of their own commands, nor a script or file of the project: `bun curl x`
 * looks for `curl` on PATH first, and `bun run NAME` runs a bin from
 * node_modules/.bin or PATH when the project has no script NAME; `pnpm curl x`
 * runs it as a shell command when no script or bin has the name (pnpm 6.6.1). The words
 * after such a name are candidate commands (programs/may-run.ts), judged as an
 * unknown launcher's are: a rule naming the program asks.
 */
export const RUNS_PROGRAMS_BY_NAME: Readonly<Record<string, { readonly commands: ReadonlySet<string>; readonly run: string }>> = {
  bun: {
    run: "run",
    commands: new Set([
      "test",
      "x",
      "exec",
      "repl",
      "install",
      "i",
      "add",
      "a",
      "remove",
      "rm",
      "update",
      "outdated",
      "link",
      "unlink",
      "publish",
      "patch",
      "patch-commit",
      "pm",
      "info",
      "audit",
      "why",
      "build",
      "init",
      "create",
      "c",
      "upgrade",
      "completions",
      "discord",
      "help",
    ]),
  },
  pnpm: {
    run: "run",
    commands: new Set([
      "add",
      "install",
      "i",
      "update",
      "up",
      "upgrade",
      "remove",
      "rm",
      "uninstall",
      "un",
      "link",
      "ln",
      "unlink",
      "import",
      "rebuild",
      "rb",
      "prune",
      "fetch",
      "install-test",
      "it",
      "patch",
      "patch-commit",
      "patch-remove",
      "audit",
      "list",
      "ls",
      "ll",
      "la",
      "outdated",
      "why",
      "licenses",
      "run-script",
      "test",
      "t",
      "tst",
      "exec",
      "dlx",
      "create",
      "start",
      "publish",
      "pack",
      "recursive",
      "m",
      "multi",
      "server",
      "store",
      "root",
      "bin",
      "setup",
      "init",
      "deploy",
      "doctor",
      "config",
      "c",
      "env",
      "self-update",
      "approve-builds",
      "ignored-builds",
      "cat-file",
      "cat-index",
      "find-hash",
      "help",
      "login",
      "logout",
      "whoami",
      "version",
      "dist-tag",
      "docs",
      "view",
      "info",
      "search",
      "pm",
    ]),
  },
};

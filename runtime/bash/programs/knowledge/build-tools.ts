/**
 * Build systems, linkers and task runners with options that name a program
 * or a command to run: `cargo --config target.….runner=…`, `cargo rustc --
 * -C linker=…`, `cmake -E env CMD`, `ld --plugin` (knowledge/toolchains.ts), `entr CMD`,
 * `concurrently 'CMD'`, `lerna exec -- CMD`. Their ordinary use (`cargo
 * build`, `cmake -S . -B build`, `lerna run build`) runs the project's own
 * code, the program the user chose, as `make` does.
 */
import type { ProgramRecord, Unsure } from "../program-record.js";
import { recordGroup } from "./record-group.js";
import {
  ANY_CODE,
  GIT_CONFIGURATION_AND_HOOKS,
  HOOK_CODE,
  KUBECONFIG_FILES,
  NPM_ARCHIVES,
  PYTHON_CODE,
  PYTHON_START_UP,
  SSH_CONFIGURATION,
} from "./implicit-code.js";
import { LINKER } from "./toolchains.js";
import { AZURE_CREDENTIALS, GCLOUD_CREDENTIALS, GH_CREDENTIALS } from "./credential-files.js";

const unsure = (why: string): Unsure => ({ unsure: why });

/** `cp -t DIR SRC…`, `mv --target-directory=DIR`: the files land under DIR (their other operands stay paths). */
/**
 * A backup's suffix (`cp -b -S rc x ~/.bash` writes the old `~/.bash` to `~/.bashrc`): the file it names is the
 * destination followed by it, which permc does not check.
 */
const BACKUP_SUFFIX = {
  means: unsure("a backup suffix makes the backup's name the destination followed by it, which permc does not check"),
  takes: "value",
} as const;
const TARGET_DIRECTORY = { t: "write-dir", S: BACKUP_SUFFIX } as const;

/** `cargo --config KEY=VALUE`, before or after the subcommand. */
const CARGO_CONFIG = { means: unsure("cargo --config can set the programs cargo runs (runner, linker, rustc wrapper)"), takes: "value" } as const;

/**
 * gcloud's configuration (~/.config/gcloud: `properties`, `configurations/config_NAME`, which one is active) may turn on
 * client certificates whose `context_aware_metadata.json` names a command it runs, or whose enterprise configuration
 * (`certificate_config.json`) names the provider libraries it loads; its launcher sources
 * `virtenv/bin/activate` when it has no bundled Python (the launcher's text); and it is a Python program. The start-up
 * files discovery saw gcloud and gsutil look these up.
 */
const GCLOUD_CONFIGURATION: readonly string[] = [
  "properties",
  "config_*",
  "active_config",
  "context_aware_metadata.json",
  "certificate_config.json",
  "activate",
  ...PYTHON_START_UP,
];

/** `gsutil cp` and `gsutil mv`: a download lands objects under names permc does not read; `-L FILE` writes a log. */
const GSUTIL_COPY = {
  options: { unknown: "flag", permute: true, short: { a: "value", z: "value", j: "value", L: "write", s: "value" } },
  copiesIntoLastOperand: "contents",
} as const;

/** gh's own commands (gh 2.x `gh help`), and `co`, the alias every installation has. */
const GH_COMMANDS = [
  "api",
  "attestation",
  "auth",
  "browse",
  "cache",
  "codespace",
  "completion",
  "config",
  "extension",
  "ext",
  "gist",
  "gpg-key",
  "issue",
  "label",
  "org",
  "pr",
  "preview",
  "project",
  "release",
  "repo",
  "ruleset",
  "run",
  "search",
  "secret",
  "ssh-key",
  "status",
  "variable",
  "workflow",
  "help",
  "version",
  "co",
] as const;

export const BUILD_TOOLS = recordGroup((): readonly ProgramRecord[] => [
  ...["cp", "mv", "install", "ln"].map(
    (name): ProgramRecord => ({
      names: [name],
      // GNU coreutils: getopt takes a long option's unique prefix (`cp --target=/etc x`).
      options: {
        unknown: "flag",
        permute: true,
        abbreviations: true,
        short: { ...TARGET_DIRECTORY, ...(name === "install" ? { m: "value", o: "value", g: "value" } : {}) },
        long: { "target-directory": "write-dir", suffix: BACKUP_SUFFIX },
      },
    }),
  ),
  // Cloud and cluster tools: `gcloud compute ssh --command 'CMD'`, `az vm run-command invoke --scripts 'CMD'` run shell on a machine.
  // Their operands may be local files they upload (no `operands`: every operand may be a path).
  // `gcloud auth print-access-token` and `az account get-access-token` print a token from the client's credential store.
  {
    names: ["gcloud"],
    runsImplicitly: GCLOUD_CONFIGURATION,
    options: { unknown: "flag", permute: true, long: { command: "shell" } },
    subcommands: {
      auth: { options: { unknown: "flag", permute: true }, operands: ["value"], readsImplicitly: GCLOUD_CREDENTIALS },
      // `gcloud storage cp gs://b/x.sh . && bash x.sh`: a download lands objects under names permc does not read.
      storage: {
        options: { unknown: "flag", permute: true, long: { command: "shell" } },
        subcommands: {
          cp: { options: { unknown: "flag", permute: true }, copiesIntoLastOperand: "contents" },
          mv: { options: { unknown: "flag", permute: true }, copiesIntoLastOperand: "contents" },
          rsync: { options: { unknown: "flag", permute: true }, copiesIntoLastOperand: "contents" },
        },
      },
    },
  },
  // gsutil (the Cloud SDK's, `gsutil [-m] [-o S:k=v] cp|mv|rsync SRC… DST`): a download lands objects under names permc
  // does not read (`gsutil cp gs://b/x.sh . && bash x.sh`), as `gcloud storage cp` does. `-o` sets a boto option, which
  // may name a file or a program; gsutil is a Python program that reads ~/.boto.
  {
    names: ["gsutil"],
    // It runs through gcloud's launcher and reads gcloud's configuration, and its own boto configuration (the discovery).
    runsImplicitly: [...GCLOUD_CONFIGURATION, ".boto"],
    options: {
      unknown: "unsure",
      permute: false,
      short: {
        m: "flag",
        q: "flag",
        d: "flag",
        D: "flag",
        h: "value",
        u: "value",
        i: "value",
        o: { means: unsure("gsutil -o sets a boto option, which may name a file or a program"), takes: "value" },
      },
    },
    operands: ["value"],
    subcommands: {
      cp: GSUTIL_COPY,
      mv: GSUTIL_COPY,
      rsync: { options: { unknown: "flag", permute: true, short: { x: "value", y: "value", a: "value", j: "value" } }, copiesIntoLastOperand: "contents" },
    },
  },
  // rclone: `copy`, `sync`, `move`, `copyto`, `moveto`, `copyurl` and `bisync` land a remote's files under a local
  // destination permc cannot name (`rclone copy r:x.sh . && bash x.sh`), `mount` makes a remote's files appear under
  // one. `--password-command` and `--sftp-ssh` run commands; an option it does not know may take a value (most do),
  // so it is unsure rather than a flag whose value would be read as the destination.
  {
    names: ["rclone"],
    // rclone.conf's sftp remotes name an `ssh` command, and ssh's configuration runs its own.
    runsImplicitly: ["rclone.conf", ...SSH_CONFIGURATION],
    options: {
      unknown: "unsure",
      permute: true,
      short: { P: "flag", v: "flag", q: "flag", n: "flag", c: "flag", I: "flag", u: "flag" },
      long: {
        progress: "flag",
        verbose: "flag",
        quiet: "flag",
        "dry-run": "flag",
        checksum: "flag",
        "ignore-existing": "flag",
        update: "flag",
        transfers: "value",
        checkers: "value",
        include: "value",
        exclude: "value",
        filter: "value",
        "max-age": "value",
        "min-age": "value",
        bwlimit: "value",
        config: "read",
        "log-file": "write",
        "log-level": "value",
        "password-command": { means: unsure("rclone --password-command runs a command"), takes: "value" },
        "sftp-ssh": { means: unsure("rclone --sftp-ssh runs a command to reach the server"), takes: "value" },
      },
    },
    operands: ["value"],
    subcommands: Object.fromEntries(
      ["copy", "sync", "move", "copyto", "moveto", "copyurl", "bisync", "mount", "nfsmount"].map((name) => [
        name,
        { copiesIntoLastOperand: "contents" as const },
      ]),
    ),
  },
  {
    names: ["az"],
    // az is Python, and loads its extensions' Python (~/.azure/cliextensions) at every start.
    runsImplicitly: [...PYTHON_CODE, ...PYTHON_START_UP],
    options: { unknown: "flag", permute: true, long: { scripts: "shell" } },
    operands: ["value"],
    subcommands: { account: { options: { unknown: "flag", permute: true }, operands: ["value"], readsImplicitly: AZURE_CREDENTIALS } },
  },
  {
    names: ["helm"],
    // helm reaches the cluster through the kubeconfig, whose credential plugin it runs, as kubectl does.
    runsImplicitly: KUBECONFIG_FILES,
    options: { unknown: "flag", permute: true, long: { "post-renderer": { means: unsure("helm --post-renderer runs a program"), takes: "value" } } },
    operands: ["value"],
  },
  // terraform runs the configuration's provisioners and providers; `terraform console` evaluates expressions from its
  // input, whose `file()` reads any file (`echo 'file(".env")' | terraform console` printed it: a real run).
  {
    names: ["terraform", "tofu"],
    runsImplicitly: ANY_CODE,
    options: { unknown: "flag", permute: true, singleDashLong: true, long: { chdir: "chdir" } },
    // A saved plan (`terraform apply tf.plan`) carries the provisioners it runs: one written first floors it.
    operands: ["document"],
    subcommands: {
      console: {
        options: { unknown: "flag", permute: true, singleDashLong: true },
        operands: ["path"],
        stdin: { code: "terraform expressions (file() reads any file)" },
      },
    },
  },
  // ninja runs the commands of its build file: `-f FILE` (`/dev/stdin`: what it reads) is that code.
  {
    names: ["ninja", "ninja-build", "samu"],
    runsImplicitly: ANY_CODE,
    options: { unknown: "flag", short: { f: "script", C: "chdir", j: "value", k: "value", l: "value", d: "value", t: "value", w: "value" } },
    operands: ["value"],
  },
  // just runs a recipe of the project's justfile, as make runs a target: the recipe and its arguments are values.
  {
    names: ["just"],
    runsImplicitly: ANY_CODE,
    options: { unknown: "flag", permute: false, long: { justfile: "read", "working-directory": "chdir" } },
    operands: ["value"],
  },
  // flatpak: application and package names are values; `run` and `enter` start an application or a shell in it.
  {
    names: ["flatpak"],
    options: { unknown: "flag", permute: true },
    operands: ["value"],
    subcommands: {
      run: { always: unsure("flatpak run starts an application (--command runs any program in its sandbox)") },
      enter: { always: unsure("flatpak enter runs a command in a running application's sandbox") },
      "build-init": { always: unsure("flatpak builds run build commands") },
      build: { always: unsure("flatpak build runs a command in a build sandbox") },
    },
  },
  // Homebrew: package names are values; `brew sh` starts a shell, `brew bundle` runs a Brewfile (and `bundle exec CMD`).
  {
    names: ["brew"],
    options: { unknown: "flag", permute: true },
    operands: ["value"],
    subcommands: {
      sh: { always: unsure("brew sh starts a shell (--cmd runs a command in it)") },
      bundle: { always: unsure("brew bundle runs what a Brewfile says, and bundle exec runs a command") },
    },
  },
  // `gh alias set NAME '!CMD'` defines a shell alias that a later `gh NAME` runs.
  {
    names: ["gh"],
    // `gh pr checkout`, `gh pr merge`, `gh repo sync` run git in the repository, and so its hooks (by documentation).
    hooksRun: HOOK_CODE,
    // …and git runs its configuration's commands (`core.sshCommand`, `core.fsmonitor`) and hooks written first, as for git;
    // gh's own configuration holds its aliases (`!CMD` runs a shell command), and an extension is a program `gh-NAME`.
    runsImplicitly: [...GIT_CONFIGURATION_AND_HOOKS, "config.yml", "gh-*"],
    options: { unknown: "flag", permute: false, short: { R: "value" }, long: { repo: "value", hostname: "value" } },
    operands: ["value"],
    subcommands: {
      ...Object.fromEntries(GH_COMMANDS.map((name) => [name, { operands: ["value"] }])),
      // `gh auth token`, `gh auth status -t`: the token in gh's hosts file.
      auth: { operands: ["value"], readsImplicitly: GH_CREDENTIALS },
      // `gh release download -D DIR` writes the assets under DIR, named as the release names them.
      release: {
        // No options before its own subcommand: a permuted option there would make `download` a respelling of gh's.
        options: { unknown: "flag", permute: false },
        subcommands: {
          download: { options: { unknown: "flag", permute: true, short: { D: "write-dir" }, long: { dir: "write-dir" } }, operands: ["value"], extracts: true },
        },
        otherSubcommands: { options: { unknown: "flag", permute: true, short: { D: "write-dir" }, long: { dir: "write-dir" } }, operands: ["value"] },
      },
      // `gh repo clone OWNER/REPO [DIR]` is a git clone: a new work tree.
      repo: {
        options: { unknown: "flag", permute: false },
        subcommands: { clone: { options: { unknown: "flag", permute: true }, operands: ["value", "write-dir"], extracts: true, workTree: "new" } },
        otherSubcommands: { operands: ["value"] },
      },
      alias: { always: unsure("gh alias defines commands gh runs later") },
    },
    // `gh NAME` that is not one of gh's own: an alias (which may run a shell command) or an extension program, neither visible here.
    otherSubcommands: { always: unsure("gh runs an alias or an extension (gh-NAME) that permc cannot see") },
  },
  {
    names: ["cargo"],
    // A build script, procedural macros, the manifest, cargo's configuration; `cargo run` and `cargo test` the program.
    runsImplicitly: ANY_CODE,
    options: {
      unknown: "flag",
      permute: false,
      short: { C: "chdir", Z: unsure("cargo -Z enables unstable behaviour") },
      long: {
        config: CARGO_CONFIG,
        "manifest-path": "value",
        // Where the build writes: any path under it.
        "target-dir": "write-dir",
      },
    },
    operands: ["value"],
    subcommands: {
      // `cargo rustc -- -C linker=PROG`: the arguments after `--` go to rustc, whose -C options name programs.
      rustc: { always: unsure("cargo rustc passes compiler options that can name programs to run") },
      rustdoc: { always: unsure("cargo rustdoc passes options that can name programs to run") },
      // cargo-watch: `-s CMD` runs a shell command, `-x CMD` a cargo command, each time files change.
      watch: { always: unsure("cargo watch runs commands (-s through a shell) when files change") },
    },
    otherSubcommands: {
      // `cargo install --root DIR` writes the programs under DIR/bin.
      options: { unknown: "flag", permute: true, long: { config: CARGO_CONFIG, "target-dir": "write-dir", root: "write-dir" } },
      operands: ["value"],
    },
  },
  {
    names: ["rustc"],
    options: {
      unknown: "flag",
      permute: true,
      short: {
        C: unsure("rustc -C options can name programs to run (linker)"),
        Z: unsure("rustc -Z options include loading a codegen backend (code)"),
      },
      long: { codegen: unsure("rustc --codegen can name programs to run") },
    },
    // A source's `include_str!`, `include_bytes!` and `#[path]` modules read any file, into what it compiles.
    operands: ["document"],
  },
  {
    names: ["cmake"],
    // CMakeLists.txt runs programs (execute_process) at configure time.
    runsImplicitly: ANY_CODE,
    options: {
      unknown: "flag",
      permute: true,
      short: {
        // `cmake -E env CMD`, `cmake -E time CMD`: command mode runs programs.
        E: { means: "flag", operands: [unsure("cmake -E runs a command-mode tool")] },
        P: "script",
        C: "script",
        S: "value",
        // The build tree it writes, and where `--install` puts files.
        B: "write-dir",
        G: "value",
        // `-DCMAKE_C_COMPILER=PROG`, `-DCMAKE_CXX_COMPILER_LAUNCHER=PROG`: a program cmake runs.
        D: { keyed: "cmake-define" },
      },
      long: { "install-prefix": "write-dir", prefix: "write-dir" },
    },
    operands: ["value"],
  },
  {
    names: ["meson"],
    // meson.build runs programs at configure time (run_command); a native or cross file names the compilers and tools it
    // runs: `c = ['sh', '-c', 'touch x']` there made `meson setup --native-file n.ini build` run it (a real run, meson 1.0).
    runsImplicitly: ANY_CODE,
    options: { unknown: "flag", permute: true, short: { C: "chdir" }, long: { "native-file": "script", "cross-file": "script" } },
    operands: ["value"],
    subcommands: {
      // `meson test --wrapper CMD` runs each test through CMD; `meson devenv CMD` runs CMD in the build's environment.
      test: { options: { unknown: "flag", permute: true, short: { C: "chdir" }, long: { wrapper: "shell" } }, operands: ["value"] },
      devenv: { options: { unknown: "flag", permute: false, short: { C: "chdir" } }, operands: ["argv"] },
      // `meson subprojects foreach CMD` runs CMD in each subproject; other subprojects commands fetch code.
      subprojects: { always: { unsure: "meson subprojects fetches code, and its foreach runs a command in each subproject" } },
    },
  },
  // Linkers: their options and inputs are in knowledge/toolchains.ts.
  LINKER,
  {
    // `entr [-acdnprz] CMD ARGS…` runs CMD when the files on its input change; `-s` runs a shell string.
    names: ["entr"],
    options: {
      unknown: "unsure",
      permute: false,
      short: { a: "flag", c: "flag", d: "flag", n: "flag", p: "flag", r: "flag", z: "flag", s: { means: "flag", operands: ["shell"] } },
    },
    operands: ["argv"],
  },
  {
    // Each operand is a shell command line.
    names: ["concurrently"],
    options: {
      unknown: "unsure",
      permute: true,
      short: { n: "value", c: "value", p: "value", k: "flag", s: "value" },
      long: { names: "value", "prefix-colors": "value", prefix: "value", "kill-others": "flag", success: "value", raw: "flag" },
    },
    operands: ["shell"],
  },
  {
    names: ["lerna"],
    // `lerna run`, `version` and `publish` run the packages' npm scripts and lifecycle scripts.
    runsImplicitly: [...ANY_CODE, ...NPM_ARCHIVES],
    options: { unknown: "flag", permute: false },
    operands: ["value"],
    subcommands: {
      // The same command in every package's directory.
      exec: {
        runs: { changed: "lerna exec runs the command in every package's directory" },
        options: { unknown: "unsure", permute: false },
        operands: ["argv"],
      },
    },
  },
]);

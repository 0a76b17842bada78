/**
 * Project environment runners: tools that set up a language or secrets
 * environment and then run the command they are given (`uv run pytest`,
 * `poetry run`, `conda run`, `mise exec -- …`, `op run -- …`). The command
 * they run decides, as `env CMD` does; an option permc does not know before
 * it floors (it might take the next word as its value and shift the command).
 * The project's own task names (`pdm run test`) are judged as a program of
 * that name, as `npm test` is judged by its text.
 *
 * Nix is the exception: `nix develop -c`, `nix shell -c` and `nix run` build
 * and run programs from expressions permc does not evaluate, so they are
 * floored; `nix-shell --run` is shell source and is judged (and floored, as
 * every shell string is).
 */
import type { Meaning, ProgramRecord, Subcommand } from "../program-record.js";

/** A subcommand that runs the rest of the line; any option before the command floors. */
const RUNS_REST: Subcommand = { options: { unknown: "unsure", permute: false }, operands: ["argv"] };

/** Options most of these tools accept before their subcommand: harmless. */
const QUIET_VERBOSE = { q: "flag", v: "flag" } as const satisfies Record<string, Meaning>;

/** `uv run` and `uvx` / `uv tool run`: options that take a value, and the module form. */
const UV_RUN_LONG: Readonly<Record<string, Meaning>> = {
  python: "value",
  with: "value",
  "with-requirements": "read",
  "with-editable": "path",
  from: "value",
  project: "value",
  directory: "chdir",
  package: "value",
  extra: "value",
  "all-extras": "flag",
  "no-extra": "value",
  "no-dev": "flag",
  dev: "flag",
  group: "value",
  "no-group": "value",
  "only-group": "value",
  "all-groups": "flag",
  "no-default-groups": "flag",
  "only-dev": "flag",
  "env-file": "read",
  "no-env-file": "flag",
  frozen: "flag",
  locked: "flag",
  "no-sync": "flag",
  isolated: "flag",
  "no-project": "flag",
  exact: "flag",
  active: "flag",
  "no-editable": "flag",
  "no-cache": "flag",
  offline: "flag",
  refresh: "flag",
  quiet: "flag",
  verbose: "flag",
  index: "value",
  "index-url": "value",
  "extra-index-url": "value",
  "default-index": "value",
  "python-preference": "value",
  color: "value",
  "native-tls": "flag",
  "no-config": "flag",
  "config-file": "read",
};

const UV_RUN: Subcommand = {
  options: {
    unknown: "unsure",
    permute: false,
    short: { ...QUIET_VERBOSE, p: "value", n: "flag", w: "value" },
    long: { ...UV_RUN_LONG, module: { means: "module", ends: true, operands: ["value"] }, script: "flag", gui: "flag" },
  },
  operands: ["argv"],
};
// `uv run -m mod`: a Python module by name, as `python -m`.
const UV_RUN_WITH_MODULE: Subcommand = {
  ...UV_RUN,
  options: { ...UV_RUN.options, short: { ...UV_RUN.options?.short, m: { means: "module", ends: true, operands: ["value"] } } },
};

const UVX: Subcommand = {
  options: { unknown: "unsure", permute: false, short: { ...QUIET_VERBOSE, p: "value", n: "flag", w: "value" }, long: UV_RUN_LONG },
  operands: ["argv"],
};

/** Version-manager shims: `rbenv exec CMD`, `pyenv exec CMD`. */
const versionManager = (names: string[]): ProgramRecord => ({
  names,
  options: { unknown: "flag", permute: false },
  operands: ["value"],
  subcommands: { exec: RUNS_REST },
});

export const DEV_ENVIRONMENTS: readonly ProgramRecord[] = [
  {
    names: ["uv"],
    options: {
      unknown: "unsure",
      permute: false,
      short: { ...QUIET_VERBOSE, n: "flag" },
      long: {
        quiet: "flag",
        verbose: "flag",
        "no-cache": "flag",
        offline: "flag",
        directory: "chdir",
        project: "value",
        "cache-dir": "value",
        color: "value",
        "no-config": "flag",
        "config-file": "read",
      },
    },
    operands: ["value"],
    subcommands: { run: UV_RUN_WITH_MODULE, tool: { options: { unknown: "unsure", permute: false }, operands: ["value"], subcommands: { run: UVX } } },
    otherSubcommands: { options: { unknown: "flag", permute: true }, operands: ["value"] },
  },
  { names: ["uvx"], ...UVX },
  {
    names: ["poetry"],
    options: {
      unknown: "unsure",
      permute: false,
      short: { ...QUIET_VERBOSE, n: "flag", C: "chdir", P: "value" },
      long: {
        quiet: "flag",
        verbose: "flag",
        "no-interaction": "flag",
        ansi: "flag",
        "no-ansi": "flag",
        "no-plugins": "flag",
        "no-cache": "flag",
        directory: "chdir",
        project: "value",
      },
    },
    operands: ["value"],
    subcommands: { run: RUNS_REST },
    otherSubcommands: { options: { unknown: "flag", permute: true }, operands: ["value"] },
  },
  ...["pipenv", "pdm", "hatch", "rye", "pixi", "devbox"].map(
    (name): ProgramRecord => ({
      names: [name],
      options: { unknown: "unsure", permute: false, short: QUIET_VERBOSE, long: { quiet: "flag", verbose: "flag" } },
      operands: ["value"],
      subcommands: { run: RUNS_REST, exec: RUNS_REST },
      otherSubcommands: { options: { unknown: "flag", permute: true }, operands: ["value"] },
    }),
  ),
  {
    names: ["conda", "mamba", "micromamba"],
    options: { unknown: "unsure", permute: false },
    operands: ["value"],
    subcommands: {
      run: {
        options: {
          unknown: "unsure",
          permute: false,
          short: { n: "value", p: "value", v: "flag" },
          long: { name: "value", prefix: "value", cwd: "chdir", "no-capture-output": "flag", "live-stream": "flag", "debug-wrapper-scripts": "flag" },
        },
        operands: ["argv"],
      },
    },
    otherSubcommands: { options: { unknown: "flag", permute: true }, operands: ["value"] },
  },
  // `direnv exec DIR CMD`: DIR's .envrc is loaded only when the user allowed it (`direnv allow`).
  {
    names: ["direnv"],
    options: { unknown: "unsure", permute: false },
    operands: ["value"],
    subcommands: { exec: { options: { unknown: "unsure", permute: true }, operands: ["value", "argv"] } },
  },
  // `mise exec TOOL@VER… -- CMD`: the command follows `--`; without it mise runs the tools' default shell.
  ...["mise", "rtx"].map(
    (name): ProgramRecord => ({
      names: [name],
      options: { unknown: "unsure", permute: false, short: QUIET_VERBOSE, long: { quiet: "flag", verbose: "flag" } },
      operands: ["value"],
      subcommands: {
        exec: { floor: { unsure: `${name} exec runs a command after tools it installs` }, options: { unknown: "unsure", permute: false }, operands: ["value"] },
        x: { floor: { unsure: `${name} exec runs a command after tools it installs` }, options: { unknown: "unsure", permute: false }, operands: ["value"] },
      },
      otherSubcommands: { options: { unknown: "flag", permute: true }, operands: ["value"] },
    }),
  ),
  { names: ["asdf"], options: { unknown: "unsure", permute: false }, operands: ["value"], subcommands: { exec: RUNS_REST } },
  versionManager(["rbenv", "pyenv", "nodenv", "goenv", "jenv", "plenv", "phpenv"]),
  {
    names: ["volta"],
    options: { unknown: "unsure", permute: false, long: { verbose: "flag", quiet: "flag" } },
    operands: ["value"],
    subcommands: {
      run: {
        options: {
          unknown: "unsure",
          permute: false,
          long: { node: "value", npm: "value", pnpm: "value", yarn: "value", "bundled-npm": "flag", "no-yarn": "flag", env: "value" },
        },
        operands: ["argv"],
      },
    },
    otherSubcommands: { options: { unknown: "flag", permute: true }, operands: ["value"] },
  },
  {
    names: ["fnm"],
    options: { unknown: "unsure", permute: false },
    operands: ["value"],
    subcommands: { exec: { options: { unknown: "unsure", permute: false, long: { using: "value" } }, operands: ["argv"] } },
    otherSubcommands: { options: { unknown: "flag", permute: true }, operands: ["value"] },
  },
  // Secrets injectors: `op run -- CMD`, `doppler run -- CMD`, `aws-vault exec PROFILE -- CMD`, `dotenv -e .env -- CMD`.
  {
    names: ["op"],
    options: { unknown: "unsure", permute: false },
    operands: ["value"],
    subcommands: { run: { options: { unknown: "unsure", permute: false, long: { "env-file": "read", "no-masking": "flag" } }, operands: ["argv"] } },
    otherSubcommands: { options: { unknown: "flag", permute: true }, operands: ["value"] },
  },
  {
    names: ["doppler"],
    options: { unknown: "unsure", permute: false },
    operands: ["value"],
    subcommands: {
      run: {
        options: {
          unknown: "unsure",
          permute: false,
          short: { p: "value", c: "value" },
          long: { project: "value", config: "value", command: "shell", "preserve-env": "flag" },
        },
        operands: ["argv"],
      },
    },
    otherSubcommands: { options: { unknown: "flag", permute: true }, operands: ["value"] },
  },
  {
    names: ["aws-vault"],
    options: { unknown: "unsure", permute: false },
    operands: ["value"],
    // `aws-vault exec PROFILE -- CMD`: `--` follows an operand, so options are read past it (an inner option without `--` floors).
    subcommands: { exec: { options: { unknown: "unsure", permute: true }, operands: ["value", "argv"] } },
  },
  { names: ["envchain"], options: { unknown: "unsure", permute: false }, operands: ["value", "argv"] },
  {
    names: ["dotenv", "dotenvx"],
    options: { unknown: "unsure", permute: false, short: { e: "read", v: "value", c: "value" }, long: { "env-file": "read" } },
    operands: ["argv"],
    subcommands: { run: { options: { unknown: "unsure", permute: false, short: { f: "read" }, long: { "env-file": "read" } }, operands: ["argv"] } },
  },
  {
    names: ["nix"],
    options: { unknown: "unsure", permute: false },
    operands: ["value"],
    subcommands: {
      develop: { always: { unsure: "nix develop runs a command in an environment built from an expression permc does not evaluate" } },
      shell: { always: { unsure: "nix shell runs a command with programs built from an expression permc does not evaluate" } },
      run: { always: { unsure: "nix run runs a program built from an expression permc does not evaluate" } },
      "print-dev-env": { always: { unsure: "nix print-dev-env prints shell source to be evaluated" } },
    },
    otherSubcommands: { options: { unknown: "flag", permute: true }, operands: ["value"] },
  },
  {
    names: ["nix-shell"],
    options: {
      unknown: "unsure",
      permute: true,
      short: { p: "flag", A: "value", I: "value", i: "value", E: "flag" },
      long: {
        run: "shell",
        command: "shell",
        packages: "flag",
        pure: "flag",
        impure: "flag",
        attr: "value",
        keep: "value",
        expr: "flag",
        "include-path": "value",
        arg: { unsure: "nix-shell --arg takes two words" },
        argstr: { unsure: "nix-shell --argstr takes two words" },
      },
    },
    operands: ["value"],
  },
];

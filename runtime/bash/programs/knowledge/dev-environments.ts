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
import type { Meaning, OptionGrammar, ProgramRecord, Subcommand } from "../program-record.js";
import { recordGroup } from "./record-group.js";
import { ANY_CODE, PYTHON_START_UP } from "./implicit-code.js";

/** What a runner that loads `.env` (or another file of variables) into what it runs floors with: permc does not read the file's variables. */
const LOADS_ENVIRONMENT = { unsure: "it loads variables from a file (.env by default) into what it runs" } as const;

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
  "env-file": "env-file",
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

/** `uv run -m MOD` / `--module MOD`: a Python module by name, as `python -m`. */
const UV_MODULE = { means: "module", ends: true, operands: ["value"] } as const;

const UV_RUN: Subcommand = {
  options: {
    unknown: "unsure",
    permute: false,
    short: { ...QUIET_VERBOSE, p: "value", n: "flag", w: "value", m: UV_MODULE },
    long: { ...UV_RUN_LONG, module: UV_MODULE, script: "flag", gui: "flag" },
  },
  operands: ["argv"],
};

const UVX: Subcommand = {
  options: { unknown: "unsure", permute: false, short: { ...QUIET_VERBOSE, p: "value", n: "flag", w: "value" }, long: UV_RUN_LONG },
  operands: ["argv"],
};

/** Subcommands that run nothing of their own (`uv pip install`, `poetry add`): plain operands. */
const OTHER_SUBCOMMANDS: Subcommand = { options: { unknown: "flag", permute: true }, operands: ["value"] };

/** A tool whose listed subcommands run a command; its own options before them are listed in `top`. */
const tool = (names: string[], subcommands: Record<string, Subcommand>, top: Partial<OptionGrammar> = {}): ProgramRecord => ({
  names,
  options: { unknown: "unsure", permute: false, ...top },
  operands: ["value"],
  subcommands,
  otherSubcommands: OTHER_SUBCOMMANDS,
});

/** A subcommand that runs its operands as a command, after the options listed. */
const runsCommand = (long: Readonly<Record<string, Meaning>>, short: Readonly<Record<string, Meaning>> = {}): Subcommand => ({
  options: { unknown: "unsure", permute: false, short, long },
  operands: ["argv"],
});

const NIX_FLOOR = (what: string): Subcommand => ({ always: { unsure: `${what} an expression permc does not evaluate` } });

/** What version managers source or run from their plugins and hook directories (shell scripts, some with no extension). */
const VERSION_MANAGER_HOOKS: readonly string[] = ["*.bash", "*.sh", "exec-env", "install", "list-all", "download"];

/** The variables a Procfile runner loads into the commands it starts (foreman's options file, overmind's own file). */
const PROCFILE_ENVIRONMENTS: readonly string[] = [".env", ".foreman", ".overmind.env"];

/** `uv sync`, `poetry install`: building the project runs its build hooks (setup.py), which may run any file. */
const buildsProject = (r: ProgramRecord): ProgramRecord => ({ ...r, runsImplicitly: ANY_CODE });

export const DEV_ENVIRONMENTS = recordGroup((): readonly ProgramRecord[] => [
  buildsProject(
    tool(
      ["uv"],
      { run: UV_RUN, tool: { options: { unknown: "unsure", permute: false }, operands: ["value"], subcommands: { run: UVX } } },
      {
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
    ),
  ),
  { names: ["uvx"], ...UVX },
  buildsProject(
    tool(
      ["poetry"],
      {
        run: RUNS_REST,
        // `poetry config virtualenvs.path DIR`: later poetry commands write their virtualenvs under DIR (a real run).
        config: { always: { unsure: "poetry config changes the settings later poetry commands run with (virtualenvs.path moves where they write)" } },
      },
      {
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
    ),
  ),
  // Their `run` also runs the project's own scripts (pyproject.toml, pixi.toml, hatch.toml, devbox.json).
  ...["pdm", "hatch", "rye", "pixi", "devbox"].map(
    (name): ProgramRecord => ({
      ...tool([name], { run: RUNS_REST, exec: RUNS_REST }, { short: QUIET_VERBOSE, long: { quiet: "flag", verbose: "flag" } }),
      runsImplicitly: ANY_CODE,
    }),
  ),
  // pipenv loads the project's `.env` into its own environment for every command, and so into what it runs: with
  // `LD_PRELOAD=x.so` there, `pipenv install` loaded x.so (a real run); `pipenv run` and `pipenv shell` hand it on.
  {
    ...tool(
      ["pipenv"],
      {
        run: { ...RUNS_REST, floor: LOADS_ENVIRONMENT },
        shell: { ...OTHER_SUBCOMMANDS, floor: LOADS_ENVIRONMENT },
      },
      { short: QUIET_VERBOSE, long: { quiet: "flag", verbose: "flag" } },
    ),
    readsImplicitly: [".env"],
    // And pipenv is Python: the user site's `*.pth` files run at its start.
    runsImplicitly: [".env", ...ANY_CODE, ...PYTHON_START_UP],
  },
  // An environment file's `pip:` section installs with pip (a project's setup.py: `-e .`).
  buildsProject(
    tool(["conda", "mamba", "micromamba"], {
      run: runsCommand(
        { name: "value", prefix: "value", cwd: "chdir", "no-capture-output": "flag", "live-stream": "flag", "debug-wrapper-scripts": "flag" },
        { n: "value", p: "value", v: "flag" },
      ),
    }),
  ),
  // `direnv exec DIR CMD`: DIR's .envrc is loaded only when the user allowed it (`direnv allow`), which the same
  // command may do: `echo … > .envrc && direnv allow && direnv exec . CMD` runs the file it wrote.
  { ...tool(["direnv"], { exec: { options: { unknown: "unsure", permute: true }, operands: ["value", "argv"] } }), runsImplicitly: [".envrc", ".env"] },
  // `mise exec TOOL@VER… -- CMD`: it installs the tools first, from wherever its config points. Every command reads
  // mise.toml, whose `[env]` `_.source` and `[hooks]` run scripts, and `mise run` runs its tasks.
  ...["mise", "rtx"].map((name): ProgramRecord => {
    const exec: Subcommand = {
      floor: { unsure: `${name} exec runs a command after tools it installs` },
      options: { unknown: "unsure", permute: false },
      operands: ["value"],
    };
    // File tasks (`mise-tasks/build`, `.mise/tasks/build`) have no extension.
    const runsImplicitly = [...ANY_CODE, "mise-tasks/*", "tasks/*"];
    return { ...tool([name], { exec, x: exec }, { short: QUIET_VERBOSE, long: { quiet: "flag", verbose: "flag" } }), runsImplicitly };
  }),
  // asdf sources a plugin's `bin/exec-env` before `exec`, and runs its `bin/install` to install.
  { ...tool(["asdf"], { exec: RUNS_REST }), runsImplicitly: VERSION_MANAGER_HOOKS },
  // Version-manager shims: `rbenv exec CMD`, `pyenv exec CMD`; they source the hooks of their `*.d` directories (`pyenv.d/exec/*.bash`).
  {
    ...tool(["rbenv", "pyenv", "nodenv", "goenv", "jenv", "plenv", "phpenv"], { exec: RUNS_REST }, { unknown: "flag" }),
    runsImplicitly: VERSION_MANAGER_HOOKS,
  },
  tool(
    ["volta"],
    { run: runsCommand({ node: "value", npm: "value", pnpm: "value", yarn: "value", "bundled-npm": "flag", "no-yarn": "flag", env: "value" }) },
    { long: { verbose: "flag", quiet: "flag" } },
  ),
  tool(["fnm"], { exec: runsCommand({ using: "value" }) }),
  // Secrets injectors: `op run -- CMD`, `doppler run -- CMD`, `aws-vault exec PROFILE -- CMD`, `dotenv -e .env -- CMD`.
  tool(["op"], { run: runsCommand({ "env-file": "env-file", "no-masking": "flag" }) }),
  tool(["doppler"], { run: runsCommand({ project: "value", config: "value", command: "shell", "preserve-env": "flag" }, { p: "value", c: "value" }) }),
  // `aws-vault exec PROFILE -- CMD`: `--` follows an operand, so options are read past it (an inner option without `--` floors).
  tool(["aws-vault"], { exec: { options: { unknown: "unsure", permute: true }, operands: ["value", "argv"] } }),
  { names: ["envchain"], options: { unknown: "unsure", permute: false }, operands: ["value", "argv"] },
  // They load `.env` from the working directory unless told another file (dotenv-cli, python-dotenv's `dotenv list`, dotenvx), and print it on request.
  // What they run gets its variables, which permc does not read (`GREP=rm` in it made `dotenv run zgrep x f` run rm): floored.
  {
    names: ["dotenv", "dotenvx"],
    options: { unknown: "unsure", permute: false, short: { e: "env-file", v: "value", c: "value" }, long: { "env-file": "env-file" } },
    operands: ["argv"],
    subcommands: { run: runsCommand({ "env-file": "env-file", file: "env-file" }, { f: "env-file" }) },
    readsImplicitly: [".env"],
    floor: LOADS_ENVIRONMENT,
  },
  // env-cmd and godotenv load `.env` (env-cmd also its rc file) unless told another file.
  {
    names: ["env-cmd"],
    floor: LOADS_ENVIRONMENT,
    options: {
      unknown: "unsure",
      permute: false,
      short: { f: "env-file", r: "env-file", e: "value" },
      long: {
        file: "env-file",
        "rc-file": "env-file",
        environments: "value",
        fallback: "flag",
        "no-override": "flag",
        silent: "flag",
        "use-shell": "flag",
        verbose: "flag",
      },
    },
    operands: ["argv"],
    readsImplicitly: [".env", ".env-cmdrc", ".env-cmdrc.json"],
  },
  {
    names: ["godotenv"],
    options: { unknown: "unsure", permute: false, short: { f: "env-file", o: "flag" } },
    operands: ["argv"],
    readsImplicitly: [".env"],
    floor: LOADS_ENVIRONMENT,
  },
  // act runs the project's GitHub workflows locally, with `.env`, `.secrets`, `.vars` and `.input` loaded by default.
  {
    names: ["act"],
    options: { unknown: "flag", permute: true },
    operands: ["value"],
    readsImplicitly: [".env", ".secrets", ".vars", ".input"],
    // The workflows' steps run with the project mounted (on the host itself for a `-self-hosted` platform, which
    // `.actrc`'s default flags may choose), and a step runs the project's scripts.
    runsImplicitly: [...ANY_CODE, "workflows/*.yml", "workflows/*.yaml", ".actrc"],
  },
  // Procfile runners: `run CMD` runs a command with the project's `.env` loaded (or the Procfile's entry of that name);
  // `start` runs the Procfile's commands, with `.env` loaded into them: a Procfile, a script it names or a `.env` the
  // same command writes first is a two-step (`printf 'x: rm -f victim\n' > Procfile && foreman start` removed it, a
  // real run with foreman 0.87; `-f Procfile.dev` too).
  ...["foreman", "honcho", "overmind"].map((name): ProgramRecord => {
    const procfileOptions = { env: "env-file", "env-file": "env-file", procfile: "script", root: "chdir", "app-root": "chdir" } as const;
    const procfileShort = { e: "env-file", f: "script", d: "chdir" } as const;
    return {
      ...tool([name], {
        run: { ...runsCommand(procfileOptions, procfileShort), floor: LOADS_ENVIRONMENT },
        start: { options: { unknown: "flag", permute: true, short: procfileShort, long: procfileOptions }, operands: ["value"] },
      }),
      readsImplicitly: [".env"],
      runsImplicitly: [...ANY_CODE, ...PROCFILE_ENVIRONMENTS],
    };
  }),
  tool(["nix"], {
    develop: NIX_FLOOR("nix develop runs a command in an environment built from"),
    shell: NIX_FLOOR("nix shell runs a command with programs built from"),
    run: NIX_FLOOR("nix run runs a program built from"),
    "print-dev-env": NIX_FLOOR("nix print-dev-env prints shell source built from"),
  }),
  {
    names: ["nix-shell"],
    // Without `--run` it starts a shell that runs shell.nix's (or default.nix's) `shellHook`.
    runsImplicitly: ANY_CODE,
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
]);

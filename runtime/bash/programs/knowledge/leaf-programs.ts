/**
 * Programs without a record that permc knows run nothing but themselves:
 * their operands are data — patterns, files, names to look up — never a
 * command (`grep curl notes.txt`, `which rm`, `brew info curl`). A program
 * with neither a record nor a place here is unknown: when its arguments
 * spell a command the policy restricts, permc cannot tell whether it runs
 * it (`chronic rm x`, `envdir ./e rm x`), and asks (programs/may-run.ts).
 */
import { PYTHON_START_UP } from "./implicit-code.js";
export const LEAF_PROGRAMS: ReadonlySet<string> = new Set([
  // Searching and reading text
  "grep",
  "egrep",
  "fgrep",
  "zgrep",
  "cat",
  "tac",
  "head",
  "tail",
  "nl",
  "cut",
  "tr",
  "paste",
  "join",
  "comm",
  "column",
  "fold",
  "fmt",
  "rev",
  "expand",
  "unexpand",
  "od",
  "hexdump",
  "strings",
  "base32",
  "base64",
  "basenc",
  "diff",
  "cmp",
  "colordiff",
  "delta",
  "look",
  // Files and names
  "ls",
  "exa",
  "eza",
  "stat",
  "df",
  "realpath",
  "readlink",
  "basename",
  "dirname",
  "mkdir",
  "rmdir",
  "touch",
  "chmod",
  "chown",
  "chgrp",
  "truncate",
  // md5sum, sha*sum, b2sum, cksum and shasum have records (checksums.ts): with -c they read the files a list names.
  "sum",
  "md5",
  // Type checkers and formatters that read source and configuration but load no code of the project's
  // (not eslint, prettier or mypy: their configuration names plugins, which are code)
  "tsc",
  "pyright",
  "ruff",
  "black",
  "isort",
  "gofmt",
  "rustfmt",
  "clang-format",
  "shellcheck",
  "shfmt",
  // Looking programs up
  "which",
  "whereis",
  "whatis",
  "apropos",
  "info",
  "tldr",
  "locate",
  "plocate",
  "mlocate",
  "ldd",
  "readelf",
  "objdump",
  "nm",
  "size",
  "pgrep",
  "pkill",
  "pidof",
  "killall",
  "ps",
  "lsof",
  "fuser",
  // Package queries and installs name packages, not commands
  "port",
  "pacman",
  "apk",
  "dpkg-query",
  "apt-cache",
  "choco",
  "scoop",
  "winget",
  // The system and the terminal
  "date",
  "sleep",
  "seq",
  "yes",
  "uname",
  "lsb_release",
  "hostname",
  "whoami",
  "id",
  "groups",
  "uptime",
  "free",
  "printenv",
  "locale",
  "tput",
  "clear",
  "nproc",
]);

/** Programs that make a file executable (their mode operand first): a file already in a PATH directory may start to run (split/path-shadow.ts). */
export const MAKES_EXECUTABLE: ReadonlySet<string> = new Set(["chmod"]);

/**
 * Programs that print their operands, with the option words they take before
 * them (echo's `-n`, `-e`, `-E`): what they write into a file is that text
 * (`echo 'rm x' > …/ls`, split/path-shadow.ts).
 */
export const PRINTERS: Readonly<Record<string, { readonly options: RegExp | null }>> = { echo: { options: /^-[neE]+$/ }, printf: { options: null } };

/**
 * Configuration a leaf program reads from where it runs that moves what it
 * writes: tsc's `outFile`, `outDir`, `declarationDir` and `tsBuildInfoFile`
 * (`printf '{"compilerOptions":{"outFile":"…/.ssh/authorized_keys",…}}' >
 * tsconfig.json && tsc` wrote ~/.ssh/authorized_keys, by hand, where
 * `tsc --outFile ~/.ssh/authorized_keys` is denied), ruff's `cache-dir`.
 * Written by the same command, such a file floors the program as a file it
 * runs does (split/two-steps.ts): permc does not read what it says.
 *
 * Nor does permc read the configuration already there, and it may take in
 * another file of any name: a tsconfig's `extends` (a relative path, or a
 * package's `tsconfig.json` or the file its `package.json` names), ruff's
 * `extend`. So every file of the format counts: `printf '{"compilerOptions":
 * {"outFile":…}}' > configs/base.json && tsc`, with a tsconfig.json already
 * there that extends `./configs/base.json`, wrote the outFile (by hand,
 * TypeScript 6).
 */
export const LEAF_CONFIGURATION: Readonly<Record<string, readonly (readonly string[])[]>> = {
  tsc: [["*.json"]],
  ruff: [["*.toml"]],
  // black's `include` (pyproject.toml, `--config FILE`, the user's ~/.config/black): see LEAF_WIDENING_OPTIONS.
  black: [["*.toml", "black"]],
  // isort's settings (`.isort.cfg`, pyproject.toml, setup.cfg, tox.ini, .editorconfig) choose the extensions it rewrites.
  isort: [["*.toml", "*.cfg", "*.ini", ".editorconfig"]],
};

/**
 * Leaves written in Python: before the program, Python runs the start-up
 * code of its site-packages, the user's among them (`printf 'import os;
 * os.system("rm -f victim")' > ~/.local/lib/python3.11/site-packages/x.pth
 * && black --version` removed the victim, and so did `usercustomize.py`:
 * Debian's black, by hand). Written by the same command, such a file floors
 * the program as code it runs does (split/two-steps.ts).
 */
export const LEAF_START_UP: Readonly<Record<string, readonly (readonly string[])[]>> = {
  // black also unpickles its cache (~/.cache/black/VERSION/: the grammar tables, the formatted files' list): a pickle
  // written there ran `os.system` under `black a.py` (by hand; the start-up files discovery saw black open them).
  black: [PYTHON_START_UP, ["*.pickle"]],
  // isort: Python looked for a build-directory marker where it ran (the start-up files discovery), whose text adds a
  // directory of extension modules to the module path.
  isort: [PYTHON_START_UP, ["pybuilddir.txt"]],
};

/**
 * Files a leaf reads that name more files it reads, and writes back:
 * rustfmt formats the modules a `.rs` file declares, wherever `#[path =
 * "…"]` puts them (`printf '#[path = "../.env"]\nmod e;\n' > src/a.rs &&
 * rustfmt src/a.rs` printed `.env`'s first line in its error, and rewrote
 * `.env` once it held Rust: by hand). Written by the same command, such a
 * file floors the leaf as its configuration does: permc does not read it.
 */
export const LEAF_INCLUDES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  rustfmt: [["*.rs"]],
  // shellcheck follows what a script sources (`-x`, or `external-sources=true` in a `.shellcheckrc`): `. ./.env` in a
  // script written first made `shellcheck -x a.sh` open `.env` (strace). A script may have any name, and so may the rc.
  shellcheck: [["*"]],
};

/** The options that name such a configuration file, of any name (`tsc -p x.json`): the file is one the program runs, by that name. */
export const LEAF_CONFIGURATION_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  tsc: ["-p", "--project"],
  black: ["--config"],
};

/**
 * Options that widen which files a leaf opens under a directory it walks
 * past its own kind: `black --include '\.env$' .` reformatted `.env` (read
 * it and wrote it back: `A=1` is Python), by hand, where plain `black .`
 * opens only `*.py`, `*.pyi` and notebooks; `isort --ext env .` rewrote
 * `prod.env` (by hand; isort's parser also takes any unique prefix of a long
 * option: `--supp env`). Given (`--include X` or `--include=X`), the command
 * is floored: permc does not read the pattern.
 */
export const LEAF_WIDENING_OPTIONS: Readonly<Record<string, { readonly options: readonly string[]; readonly abbreviates?: true }>> = {
  black: { options: ["--include"] },
  isort: { options: ["--ext", "--extension", "--supported-extension"], abbreviates: true },
};

/**
 * Shell builtins and keywords, which bash runs itself: none walks a
 * directory it is given (`cd smith`, `pushd .git`), so a builtin without a
 * record is not an unknown program that may (analyse-program.ts).
 */
export const SHELL_BUILTINS: ReadonlySet<string> = new Set([
  "alias",
  "bg",
  "bind",
  "break",
  "builtin",
  "caller",
  "cd",
  "command",
  "compgen",
  "complete",
  "compopt",
  "continue",
  "declare",
  "dirs",
  "disown",
  "echo",
  "enable",
  "eval",
  "exec",
  "exit",
  "export",
  "false",
  "fc",
  "fg",
  "getopts",
  "hash",
  "help",
  "history",
  "jobs",
  "kill",
  "let",
  "local",
  "logout",
  "mapfile",
  "popd",
  "printf",
  "pushd",
  "pwd",
  "read",
  "readarray",
  "readonly",
  "return",
  "set",
  "shift",
  "shopt",
  "source",
  ".",
  "suspend",
  "test",
  "[",
  "[[",
  "times",
  "trap",
  "true",
  ":",
  "type",
  "typeset",
  "ulimit",
  "umask",
  "unalias",
  "unset",
  "wait",
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "while",
  "until",
  "for",
  "case",
  "esac",
  "in",
  "function",
  "select",
  "time",
  "coproc",
  "{",
  "}",
  "!",
]);

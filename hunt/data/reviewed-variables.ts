/**
 * Variables the discovery's probes saw a program use as options or as a
 * directory it looks under (hunt/env-uses.ts) that are not hijack variables,
 * each reviewed: what the program reads there, and why it cannot run a
 * command or reach a file the command's own words do not name.
 * test/hunt/env-uses.test.ts holds the cache to this list and to the knowledge
 * base: a new use after a refresh fails it until it is floored
 * (knowledge/variables.ts) or reviewed here. The options probe compares
 * outputs, and a setting given a bad value can print another message run to
 * run: a review stays while some program reads the name, whether or not the
 * last refresh saw that use again.
 */
import type { EnvUse } from "../env-uses.js";

export interface ReviewedUse {
  readonly uses: readonly EnvUse[];
  /** What the program reads through the variable, and why that is harmless. */
  readonly why: string;
}

const FILE = "a file the program reads or writes: the value is a path token, as an argument is, and meets the path rules";
const LOCALE = "a locale's name for one category (collation, dates): glibc reads the locale's data files, no code";
const PYTHON_CATALOG = "a language named by a path: Python's gettext reads the message catalog (LC_MESSAGES/*.mo, translated text) there, no code";
const SETTING = "a setting (a number, a name, flags for the program's own output or debugging), not options: nothing is run or opened";

export const REVIEWED_VARIABLES: Readonly<Record<string, ReviewedUse>> = {
  ARGP_HELP_FMT: { uses: ["options"], why: "the layout of argp's --help text (tar)" },
  AS_SECURE_LOG_FILE: { uses: ["options"], why: FILE },
  CURL_CA_BUNDLE: { uses: ["options"], why: FILE },
  GDBHISTFILE: { uses: ["options"], why: FILE },
  GROPS_PROLOGUE: { uses: ["options"], why: FILE },
  DF_BLOCK_SIZE: { uses: ["options"], why: SETTING },
  GDBHISTSIZE: { uses: ["options"], why: SETTING },
  GNUTLS_SYSTEM_PRIORITY_FAIL_ON_INVALID: { uses: ["options"], why: SETTING },
  LLVM_OVERRIDE_PRODUCER: { uses: ["options"], why: SETTING },
  NCURSES_NO_PADDING: { uses: ["options"], why: SETTING },
  P11_KIT_DEBUG: { uses: ["options"], why: SETTING },
  PERL_UNICODE: { uses: ["options"], why: SETTING },
  PYTHONDEBUG: { uses: ["options"], why: SETTING },
  PYTHONMALLOCSTATS: { uses: ["options"], why: SETTING },
  PYTHONSAFEPATH: { uses: ["options"], why: "makes Python leave the script's directory off its module path: fewer places code loads from" },
  PYTHONWARNDEFAULTENCODING: { uses: ["options"], why: SETTING },
  PYTHONDUMPREFS: { uses: ["options"], why: SETTING },
  PYTHONFAULTHANDLER: { uses: ["options"], why: SETTING },
  PYTHONNOUSERSITE: { uses: ["options"], why: "makes Python leave the user's site-packages off its module path: fewer places code loads from" },
  PYTHONOPTIMIZE: { uses: ["options"], why: SETTING },
  __PYVENV_LAUNCHER__: { uses: ["options"], why: "the interpreter path macOS's venv launcher reports; Linux's Python reads it only to set sys.executable" },
  G_MESSAGES_PREFIXED: { uses: ["options"], why: SETTING },
  INSIDE_EMACS: { uses: ["options"], why: "tells gdb (and readline) it runs under Emacs: how it prints, not what it runs" },
  PYTHONDEVMODE: { uses: ["options"], why: SETTING },
  PYTHONDONTWRITEBYTECODE: { uses: ["options"], why: SETTING },
  EMACS: { uses: ["options"], why: "tells gdb it runs under Emacs: how it prints, not what it runs" },
  GNUTLS_CPUID_OVERRIDE: { uses: ["options"], why: "which CPU features GnuTLS's crypto uses: a setting" },
  NETTLE_FAT_OVERRIDE: { uses: ["options"], why: "which CPU features nettle's crypto uses: a setting" },
  VERBOSE: { uses: ["options"], why: SETTING },
  bar: { uses: ["options"], why: "a name llvm-ar looks up in its own option parser's environment: no file, no command" },
  PGHOST: { uses: ["options"], why: "the server psql connects to (a host, or a socket's directory): the server answers queries and runs nothing in psql" },
  http_proxy: { uses: ["options"], why: "the proxy wget connects through: a network peer, not a file or a command" },
  TERMINFO: { uses: ["directory"], why: "terminal capability entries: data ncurses reads, no code" },
  TERMINFO_DIRS: { uses: ["directory"], why: "terminal capability entries: data ncurses reads, no code" },
  FONTCONFIG_PATH: { uses: ["directory"], why: "fontconfig's XML configuration and font lists: data, no code" },
  FONTCONFIG_SYSROOT: { uses: ["directory"], why: "the root fontconfig resolves its font paths under: data, no code" },
  ICU_TIMEZONE_FILES_DIR: { uses: ["directory"], why: "ICU's time zone data files" },
  NODE_ICU_DATA: { uses: ["directory"], why: "ICU's data file for node: locale data, no code" },
  XDG_CACHE_HOME: {
    uses: ["directory", "options"],
    why: "caches (a browser's, gdb's index): data the program wrote itself, read back; a bad value changes only its warning",
  },
  PREFIX: {
    uses: ["directory"],
    why: "npm's global prefix, where npm and npx look for installed programs: a program planted there could as well be planted in the project's node_modules/.bin, which npx runs first; `make PREFIX=… install` is make's own variable",
  },
  LC_ALL: {
    uses: ["directory"],
    why: "a locale named by a path: glibc reads the locale's data files there (collation, character classes), no code",
  },
  LANG: { uses: ["directory"], why: PYTHON_CATALOG },
  LANGUAGE: { uses: ["directory"], why: PYTHON_CATALOG },
  LC_MESSAGES: { uses: ["directory"], why: PYTHON_CATALOG },
  CPANSCRIPT_LOGLEVEL: { uses: ["options"], why: "how much the cpan script logs: a level's name" },
  FLASK_APP: {
    uses: ["module"],
    why: "the application module flask imports, as its --app option names it: the project's code, which flask imports anyway (app.py, wsgi.py); a value spelt like a path is a path token and meets the path rules",
  },
  FLASK_VERSION: { uses: ["options"], why: "click's spelling of flask's --version flag in the environment: flask prints its version" },
  NETTLE_FAT_VERBOSE: { uses: ["options"], why: SETTING },
  TF_REATTACH_PROVIDERS: {
    uses: ["options"],
    why: "JSON naming provider processes already running for terraform to connect to: it starts none, and runs no file the command names",
  },
  KUBECACHEDIR: {
    uses: ["directory"],
    why: "kubectl's cache of the API server's discovery documents and HTTP responses: JSON it reads, no program or configuration",
  },
  XDG_RUNTIME_DIR: { uses: ["directory"], why: "the session's sockets (D-Bus, the portal): a server there answers requests and runs nothing in the client" },
  // prove (perl) warns when a locale category names no installed locale: a setting, read as LC_ALL's is.
  LC_COLLATE: { uses: ["options"], why: LOCALE },
  LC_IDENTIFICATION: { uses: ["options"], why: LOCALE },
  LC_TELEPHONE: { uses: ["options"], why: LOCALE },
  LC_TIME: { uses: ["options"], why: LOCALE },
  PERL_BADLANG: { uses: ["options"], why: "whether perl warns about a locale it cannot set: a setting" },
  PERL_DL_NONLAZY: { uses: ["options"], why: "when perl resolves an extension's symbols (at load, not at first call): the same code loads" },
};

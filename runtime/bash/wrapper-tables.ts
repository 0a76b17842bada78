/**
 * Data: commands that run other commands, and how their options are spelled.
 *
 * Two layers:
 * - `REFERENCE_*`: exactly what pi-permission-system 20.7.2 flags, so the
 *   units it reports carry the same `wrapperKind` here.
 * - everything else: permc's extension, used for derived units only.
 *
 * An option grammar says which options consume an argument, so the wrapped
 * command can be found (`sudo -u root rm x` → `rm x`). An unknown option is
 * taken to have no argument; if that guess is wrong, the derived unit starts
 * one word early (stricter, never weaker: the wrapper itself is floored).
 */

// ---------------------------------------------------------------------------
// The reference's classification (bash.md §4), reproduced as is.

export const REFERENCE_OPAQUE_SHELLS: ReadonlySet<string> = new Set(["bash", "sh", "dash", "zsh", "ksh"]);

export const REFERENCE_INDIRECTIONS: ReadonlySet<string> = new Set([
  "sudo", "env", "xargs", "time", "nohup", "timeout", "nice", "parallel",
  "rust-parallel", "rush", "doas", "setsid", "stdbuf", "watch", "flock",
]);

export const REFERENCE_FIND_EXEC: ReadonlySet<string> = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
export const REFERENCE_FD_EXEC: ReadonlySet<string> = new Set(["-x", "--exec", "-X", "--exec-batch"]);

// ---------------------------------------------------------------------------
// Option grammars.

export interface OptionGrammar {
  /** Short options whose argument is attached (`-uroot`) or the next word. */
  readonly shortArg?: string;
  /** Short options with an optional argument that can only be attached (`xargs -i{}`). */
  readonly shortOptional?: string;
  /** Long options (without `--`) whose argument may be the next word. */
  readonly longArg?: readonly string[];
  /** `-10` is an option (nice). */
  readonly numericOptions?: boolean;
  /** `NAME=value` words before the command are skipped (sudo, env). */
  readonly assignments?: boolean;
  /** Operands that come before the command (timeout DURATION, chroot DIR). */
  readonly leadingOperands?: number;
  /** A lone `-` is an option (env's `-` = `-i`). */
  readonly dashIsOption?: boolean;
}

export type WrapperKind = "opaque" | "indirection";

/**
 * Handlers that need more than an option grammar are named by `special`;
 * the code for each lives in wrappers.ts.
 */
export type Special =
  | "env" | "find" | "fd" | "flock" | "watch" | "parallel" | "rush" | "sudo"
  | "coproc" | "su" | "ssh" | "sg" | "runuser" | "script" | "npx" | "busybox"
  | "eval" | "source" | "trap" | "alias";

export interface WrapperSpec {
  readonly kind: WrapperKind;
  readonly grammar: OptionGrammar;
  readonly special?: Special;
  /** The wrapper runs its argv through `sh -c` (watch, parallel): also parse the joined words. */
  readonly joinsIntoShell?: boolean;
}

const none: OptionGrammar = {};

/** Commands that run an argv they are given. Key: the command's plain name. */
export const WRAPPERS: ReadonlyMap<string, WrapperSpec> = new Map<string, WrapperSpec>([
  // The reference's indirections.
  ["sudo", { kind: "indirection", special: "sudo", grammar: {
    shortArg: "ugpCDRrtTU",
    longArg: ["user", "group", "host", "prompt", "close-from", "chdir", "chroot", "role", "type", "command-timeout", "other-user"],
    assignments: true,
  } }],
  ["doas", { kind: "indirection", grammar: { shortArg: "uC" } }],
  ["env", { kind: "indirection", special: "env", grammar: {
    shortArg: "uCSP", longArg: ["unset", "chdir", "split-string"], assignments: true, dashIsOption: true,
  } }],
  ["xargs", { kind: "indirection", grammar: {
    shortArg: "adEILnPs", shortOptional: "eil",
    longArg: ["arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"],
  } }],
  ["time", { kind: "indirection", grammar: { shortArg: "fo", longArg: ["format", "output"] } }],
  ["nohup", { kind: "indirection", grammar: none }],
  ["timeout", { kind: "indirection", grammar: { shortArg: "sk", longArg: ["signal", "kill-after"], leadingOperands: 1 } }],
  ["nice", { kind: "indirection", grammar: { shortArg: "n", longArg: ["adjustment"], numericOptions: true } }],
  ["setsid", { kind: "indirection", grammar: none }],
  ["stdbuf", { kind: "indirection", grammar: { shortArg: "ioe", longArg: ["input", "output", "error"] } }],
  ["watch", { kind: "indirection", special: "watch", joinsIntoShell: true, grammar: {
    shortArg: "nqs", shortOptional: "d", longArg: ["interval", "equexit", "shotsdir"],
  } }],
  ["flock", { kind: "indirection", special: "flock", grammar: { shortArg: "Ew", longArg: ["conflict-exit-code", "timeout", "wait"] } }],
  ["parallel", { kind: "indirection", special: "parallel", joinsIntoShell: true, grammar: {
    shortArg: "abCdEIjLnNPSsW",
    longArg: ["arg-file", "block", "colsep", "delimiter", "eof", "jobs", "max-lines", "max-args", "max-replace-args",
      "sshlogin", "sshloginfile", "max-chars", "workdir", "wd", "delay", "timeout", "tagstring", "results", "joblog",
      "env", "halt", "retries", "basefile", "transfer", "return", "memfree", "load", "nice", "shebang", "tmpdir"],
  } }],
  ["sem", { kind: "indirection", special: "parallel", joinsIntoShell: true, grammar: { shortArg: "jI", longArg: ["id", "jobs", "timeout"] } }],
  ["rust-parallel", { kind: "indirection", special: "parallel", grammar: {
    shortArg: "dijrt", longArg: ["discard-output", "input-file", "jobs", "regex", "timeout-seconds", "shell-path"],
  } }],
  ["rush", { kind: "indirection", special: "rush", joinsIntoShell: true, grammar: {
    shortArg: "jDdtviIoJT", longArg: ["jobs", "record-delimiter", "field-delimiter", "timeout", "assign", "infile", "out-file"],
  } }],
  ["find", { kind: "indirection", special: "find", grammar: none }],
  ["fd", { kind: "indirection", special: "fd", grammar: { shortArg: "edtEcjSo" } }],
  ["fdfind", { kind: "indirection", special: "fd", grammar: { shortArg: "edtEcjSo" } }],

  // permc's additions: they run an argv we can see.
  ["command", { kind: "indirection", grammar: none }],
  ["builtin", { kind: "indirection", grammar: none }],
  ["exec", { kind: "indirection", grammar: { shortArg: "a" } }],
  ["coproc", { kind: "indirection", special: "coproc", grammar: none }],
  ["pkexec", { kind: "indirection", grammar: { longArg: ["user"] } }],
  ["chroot", { kind: "indirection", grammar: { longArg: ["userspec", "groups"], leadingOperands: 1 } }],
  ["runuser", { kind: "indirection", special: "runuser", grammar: { shortArg: "ugGcsw", longArg: ["user", "group", "supp-group", "command", "shell", "session-command", "whitelist-environment"] } }],
  ["sg", { kind: "opaque", special: "sg", grammar: none }],
  ["ionice", { kind: "indirection", grammar: { shortArg: "cnpPu", longArg: ["class", "classdata", "pid", "pgid", "uid"] } }],
  ["chrt", { kind: "indirection", grammar: { shortArg: "TPD", longArg: ["sched-runtime", "sched-period", "sched-deadline"], leadingOperands: 1 } }],
  ["taskset", { kind: "indirection", grammar: { leadingOperands: 1 } }],
  ["strace", { kind: "indirection", grammar: { shortArg: "abeEIoOpPsSuXU" } }],
  ["ltrace", { kind: "indirection", grammar: { shortArg: "aAeFlnopsuwxD" } }],
  ["nsenter", { kind: "indirection", grammar: { shortArg: "tSG", shortOptional: "mutinpUCrw", longArg: ["target", "setuid", "setgid"] } }],
  ["unshare", { kind: "indirection", grammar: { shortArg: "SGRw", longArg: ["setuid", "setgid", "root", "wd"] } }],
  ["valgrind", { kind: "indirection", grammar: none }],
  ["catchsegv", { kind: "indirection", grammar: none }],
  ["unbuffer", { kind: "indirection", grammar: none }],
  ["fakeroot", { kind: "indirection", grammar: { shortArg: "lsi", longArg: ["lib", "faked"] } }],
  ["faketime", { kind: "indirection", grammar: { leadingOperands: 1 } }],
  ["proxychains", { kind: "indirection", grammar: { shortArg: "f" } }],
  ["proxychains4", { kind: "indirection", grammar: { shortArg: "f" } }],
  ["torsocks", { kind: "indirection", grammar: { shortArg: "uapP", longArg: ["user", "pass", "address", "port"] } }],
  ["firejail", { kind: "indirection", grammar: none }],
  ["caffeinate", { kind: "indirection", grammar: { shortArg: "tw" } }],
  ["systemd-run", { kind: "indirection", grammar: { shortArg: "upEHMS", longArg: ["unit", "property", "setenv", "host", "machine", "slice", "description", "uid", "gid", "nice", "working-directory", "on-calendar", "on-active"] } }],
  ["dbus-run-session", { kind: "indirection", grammar: { longArg: ["config-file", "dbus-daemon"] } }],
  ["numactl", { kind: "indirection", grammar: { shortArg: "CNmpiP", longArg: ["physcpubind", "cpunodebind", "membind", "preferred", "interleave"] } }],
  ["cgexec", { kind: "indirection", grammar: { shortArg: "g" } }],
  ["xvfb-run", { kind: "indirection", grammar: { shortArg: "nsfpew", longArg: ["server-num", "server-args", "auth-file", "xauth-protocol", "error-file", "wait"] } }],
  ["busybox", { kind: "indirection", special: "busybox", grammar: none }],
  ["toybox", { kind: "indirection", special: "busybox", grammar: none }],

  // permc's additions: they run code we cannot see in full.
  ["eval", { kind: "opaque", special: "eval", grammar: none }],
  ["source", { kind: "opaque", special: "source", grammar: none }],
  [".", { kind: "opaque", special: "source", grammar: none }],
  ["su", { kind: "opaque", special: "su", grammar: { shortArg: "cgGsw", longArg: ["command", "group", "supp-group", "shell", "session-command", "whitelist-environment"] } }],
  ["ssh", { kind: "opaque", special: "ssh", grammar: { shortArg: "BbcDEeFIiJLlmOopQRSWw" } }],
  ["script", { kind: "opaque", special: "script", grammar: { shortArg: "cEIOBTmo", longArg: ["command", "echo", "log-in", "log-out", "log-io", "log-timing", "logging-format", "output-limit"] } }],
  ["at", { kind: "opaque", grammar: none }],
  ["batch", { kind: "opaque", grammar: none }],
]);

/** Commands that are opaque only in some forms (checked in wrappers.ts). */
export const CONDITIONAL_OPAQUE: ReadonlyMap<string, Special> = new Map<string, Special>([
  ["trap", "trap"],
  ["alias", "alias"],
  ["npx", "npx"],
]);

// ---------------------------------------------------------------------------
// Shells and interpreters.

/** Shells: `-c STRING` runs STRING; with no script operand they read stdin. */
export const SHELLS: ReadonlySet<string> = new Set([
  "bash", "sh", "dash", "zsh", "ksh", "mksh", "pdksh", "ash", "yash", "posh", "rbash",
  "fish", "csh", "tcsh", "elvish", "nu", "xonsh",
]);

/** Shell options that take the next word (`-o pipefail`, `--rcfile F`). */
export const SHELL_GRAMMAR: OptionGrammar = {
  shortArg: "oO",
  longArg: ["rcfile", "init-file", "init-command", "command"],
};

export interface InterpreterSpec {
  /** Short letters that introduce inline code (`-c`, `-e`). */
  readonly inlineShort: string;
  /** Long options that introduce inline code (`--eval`). */
  readonly inlineLong?: readonly string[];
  /** Short letters whose argument follows (attached or next word); they end a cluster. */
  readonly shortArg?: string;
  /** Short letters that swallow the rest of their cluster (`perl -Mstrict`). */
  readonly clusterValue?: string;
  /** Long options that take the next word. */
  readonly longArg?: readonly string[];
  /** An option after which the next word is a module name, not a script (`python -m`). */
  readonly moduleShort?: string;
  /** Subcommands that run inline code (`deno eval`). */
  readonly inlineSubcommands?: readonly string[];
}

const python: InterpreterSpec = { inlineShort: "c", shortArg: "WX", moduleShort: "m", longArg: ["check-hash-based-pycs"] };
const node: InterpreterSpec = {
  inlineShort: "ep", inlineLong: ["eval", "print"], shortArg: "rC",
  longArg: ["require", "import", "loader", "experimental-loader", "input-type", "conditions", "title", "env-file", "inspect-port"],
};

export const INTERPRETERS: ReadonlyMap<string, InterpreterSpec> = new Map<string, InterpreterSpec>([
  ["python", python], ["python2", python], ["python3", python], ["pypy", python], ["pypy3", python],
  ["node", node], ["nodejs", node],
  ["bun", { inlineShort: "ep", inlineLong: ["eval", "print"], inlineSubcommands: [] }],
  ["deno", { inlineShort: "", inlineSubcommands: ["eval"] }],
  ["perl", { inlineShort: "eE", clusterValue: "0CdDFiIlmMx" }],
  ["ruby", { inlineShort: "e", clusterValue: "0CEFiIKrTWx" }],
  ["php", { inlineShort: "rBRE", shortArg: "cdfzt" }],
  ["lua", { inlineShort: "e", shortArg: "l" }],
  ["luajit", { inlineShort: "e", shortArg: "lbj" }],
  ["osascript", { inlineShort: "e", shortArg: "ls" }],
  ["Rscript", { inlineShort: "e" }],
  ["R", { inlineShort: "e" }],
  ["julia", { inlineShort: "eE", inlineLong: ["eval", "print"] }],
  ["tclsh", { inlineShort: "" }],
  ["pwsh", { inlineShort: "" }],
  ["powershell", { inlineShort: "" }],
]);

/** `python3.12`, `python3.11-dbg`: versioned names map to their family. */
export function interpreterFamily(name: string): string {
  const m = /^(python|pypy|ruby|perl|php|lua|node)[0-9][0-9.]*(?:-[a-z]+)?$/.exec(name);
  return m ? (m[1] as string) + (m[1] === "python" || m[1] === "pypy" ? "3" : "") : name;
}

/** awk dialects: opaque when the program can run commands. */
export const AWKS: ReadonlySet<string> = new Set(["awk", "gawk", "mawk", "nawk", "busybox-awk"]);
export const AWK_GRAMMAR: OptionGrammar = {
  shortArg: "FfvEeil",
  longArg: ["field-separator", "file", "assign", "source", "include", "load", "exec"],
};

export const SEDS: ReadonlySet<string> = new Set(["sed", "gsed"]);
export const SED_GRAMMAR: OptionGrammar = {
  shortArg: "eflL",
  shortOptional: "i",
  longArg: ["expression", "file", "line-length"],
};

// ---------------------------------------------------------------------------
// Environment variables whose value changes what a command runs.

/** A prefix or export of these lets a plain-looking command run other code. */
export const HIJACK_VARIABLES: ReadonlySet<string> = new Set([
  "PATH", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH",
  "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "IFS",
  "NODE_OPTIONS", "PYTHONSTARTUP", "PYTHONPATH", "PERL5OPT", "PERL5LIB", "RUBYOPT", "RUBYLIB",
  "PAGER", "GIT_PAGER", "MANPAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "SUDO_EDITOR", "GIT_SEQUENCE_EDITOR",
  "GIT_SSH", "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS", "LESSOPEN", "LESSCLOSE",
  "GIT_CONFIG_PARAMETERS", "GIT_EXEC_PATH",
]);

/** Of those, the ones whose value is itself a shell command line. */
export const COMMAND_VARIABLES: ReadonlySet<string> = new Set([
  "PAGER", "GIT_PAGER", "MANPAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "SUDO_EDITOR", "GIT_SEQUENCE_EDITOR",
  "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF", "LESSOPEN", "LESSCLOSE", "PROMPT_COMMAND",
]);

// ---------------------------------------------------------------------------
// Options whose value is a shell command line (the program runs it via sh -c).

export interface CommandOption {
  /** Short option letter (value attached or next word). */
  readonly short?: string;
  /** Long option name (value after `=` or next word). */
  readonly long?: string;
}

export const COMMAND_OPTIONS: ReadonlyMap<string, readonly CommandOption[]> = new Map<string, readonly CommandOption[]>([
  ["tar", [{ long: "to-command" }, { short: "I", long: "use-compress-program" }, { long: "checkpoint-action" }, { long: "info-script" }, { long: "new-volume-script" }, { short: "F" }]],
  ["rsync", [{ short: "e", long: "rsh" }, { long: "rsync-path" }]],
  ["man", [{ short: "P", long: "pager" }]],
  ["sort", [{ long: "compress-program" }]],
  ["zip", [{ short: "TT", long: "unzip-command" }]],
  ["vim", [{ short: "c", long: "cmd" }]],
  ["nvim", [{ short: "c", long: "cmd" }]],
  ["vi", [{ short: "c", long: "cmd" }]],
  ["ex", [{ short: "c", long: "cmd" }]],
  ["nodemon", [{ short: "x", long: "exec" }]],
  ["git", []],
  ["ssh", []],
]);

/** `git -c KEY=VALUE` keys whose value is run as a command. */
export const GIT_COMMAND_KEYS: RegExp =
  /^(?:core\.(?:pager|sshcommand|editor|fsmonitor|hookspath|gitproxy|askpass)|sequence\.editor|diff\.external|credential\.helper|gpg\.(?:\w+\.)?program|alias\..+|(?:diff|filter|merge)\..+\.(?:textconv|clean|smudge|process|driver|command))$/i;

/** `ssh -o KEY=VALUE` keys whose value is run as a command. */
export const SSH_COMMAND_KEYS: RegExp = /^(?:proxycommand|localcommand|knownhostscommand|remotecommand)$/i;

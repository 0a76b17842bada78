/**
 * Environment variables and configuration keys whose value changes what a
 * command runs.
 */

/** A prefix assignment or export of these lets a plain-looking command run other code: floored. */
export const HIJACK_VARIABLES: ReadonlySet<string> = new Set([
  "PATH", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "LD_DEBUG_OUTPUT", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH",
  "BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "IFS", "CDPATH", "GLOBIGNORE", "BASH_LOADABLES_PATH", "BASH_XTRACEFD",
  "NODE_OPTIONS", "NODE_PATH", "PYTHONSTARTUP", "PYTHONPATH", "PYTHONHOME", "PYTHONINSPECT", "PERL5OPT", "PERL5LIB", "PERLLIB", "PERL5DB",
  "RUBYOPT", "RUBYLIB", "LUA_INIT", "LUA_PATH", "LUA_CPATH", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH",
  "PAGER", "GIT_PAGER", "MANPAGER", "SYSTEMD_PAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "SUDO_EDITOR", "GIT_SEQUENCE_EDITOR", "FCEDIT",
  "GIT_SSH", "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS", "SUDO_ASKPASS", "LESSOPEN", "LESSCLOSE", "LESSKEY",
  "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_EXEC_PATH", "GIT_TEMPLATE_DIR",
  "GIT_PROXY_COMMAND", "GIT_ALLOW_PROTOCOL", "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "BROWSER", "TERMINAL", "SHELL", "HISTFILE",
  "npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL", "npm_config_node_options", "RUSTC_WRAPPER", "CARGO_BUILD_RUSTC_WRAPPER", "CC", "CXX",
  // Programs and options named by variables of the GTFOBins catalogue's programs (gtfobins-*.ts).
  "SYSTEMD_EDITOR", "AWS_PAGER", "PSQL_PAGER", "MYSQL_PS1", "CRASHPAGER", "BUNDLER_EDITOR", "GEM_EDITOR", "TAR_OPTIONS", "ZIPOPT", "RSYNC_RSH",
  "RSYNC_CONNECT_PROG", "BORG_RSH", "MANOPT", "LESS", "GOFLAGS", "GOTOOLCHAIN", "COMPILER_PATH", "GCC_EXEC_PREFIX", "AUTOM4TE", "AUTOCONF",
  "AUTOHEADER", "AUTOMAKE", "ACLOCAL", "AUTOPOINT", "LIBTOOLIZE", "M4", "GROFF_BIN_PATH", "FACTERLIB", "WGETRC", "APT_CONFIG", "TEXMFCNF",
  "shell_escape", "shell_escape_commands", "BAT_PAGER", "BAT_CONFIG_PATH", "PSQLRC", "PIP_PYTHON", "PIP_CONFIG_FILE",
]);

/** Variable names matched by pattern (numbered git config entries). */
export const HIJACK_VARIABLE_PATTERNS: readonly RegExp[] = [/^GIT_CONFIG_(?:KEY|VALUE)_\d+$/, /^BASH_FUNC_.+%%$/];

/** Of those, the ones whose value is itself a shell command line (parsed and judged). */
export const COMMAND_VARIABLES: ReadonlySet<string> = new Set([
  "PAGER", "GIT_PAGER", "MANPAGER", "SYSTEMD_PAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "SUDO_EDITOR", "GIT_SEQUENCE_EDITOR", "FCEDIT",
  "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF", "GIT_PROXY_COMMAND", "LESSOPEN", "LESSCLOSE", "PROMPT_COMMAND", "BROWSER",
  "SYSTEMD_EDITOR", "AWS_PAGER", "PSQL_PAGER", "CRASHPAGER", "BUNDLER_EDITOR", "GEM_EDITOR", "RSYNC_RSH", "RSYNC_CONNECT_PROG", "BORG_RSH", "AUTOM4TE", "BAT_PAGER",
]);

export function isHijackVariable(name: string): boolean {
  return HIJACK_VARIABLES.has(name) || HIJACK_VARIABLE_PATTERNS.some((p) => p.test(name));
}

/** `git -c KEY=VALUE` keys whose value is run as a command (case-insensitive, as git reads keys). */
export const GIT_COMMAND_KEYS: RegExp =
  /^(?:core\.(?:pager|sshcommand|editor|fsmonitor|hookspath|gitproxy|askpass|alternaterefscommand)|sequence\.editor|diff\.external|credential\..*helper|gpg\.(?:\w+\.)?program|alias\..+|(?:diff|filter|merge)\..+\.(?:textconv|clean|smudge|process|driver|command)|(?:difftool|mergetool)\..+\.cmd|(?:web|man)\.browser|browser\..+\.(?:cmd|path)|uploadpack\.packobjectshook|protocol\..*allow|include\.path|includeif\..+|remote\..+\.(?:uploadpack|receivepack|proxy)|http\.proxy|sendemail\..*cmd|pager\..+|instaweb\..+|url\..+|ssh\.variant|receive\.procreceiverefs)$/i;

/** `ssh -o KEY=VALUE` keys whose value is run as a command. */
export const SSH_COMMAND_KEYS: RegExp = /^(?:proxycommand|localcommand|knownhostscommand|remotecommand|permitlocalcommand|include|match)$/i;

/**
 * bash's own options (`shopt`, `set`) that change how later commands are read
 * or what their words mean, so a unit permc judged would no longer be what
 * runs: `cd` following a variable or the physical path (`cdable_vars`,
 * `set -P`), globs that match differently (`dotglob`, `nocaseglob`,
 * `globstar`, `extglob`, `nullglob`), aliases, `echo` escapes (`xpg_echo`),
 * assignments anywhere in a command line (`set -k`), brace expansion turned
 * off, compatibility levels, a pipeline's last command run in the shell
 * itself (`lastpipe`, so a `cd` there carries on). Only the options listed here as harmless are
 * left alone; any other (or one permc cannot read) is floored.
 */

/** `shopt` options whose setting or unsetting changes nothing permc reads (history, completion, job control, errors). */
export const HARMLESS_SHOPT_OPTIONS: ReadonlySet<string> = new Set([
  "checkwinsize",
  "histappend",
  "cmdhist",
  "lithist",
  "histverify",
  "histreedit",
  "progcomp",
  "progcomp_alias",
  "hostcomplete",
  "complete_fullquote",
  "force_fignore",
  "no_empty_cmd_completion",
  "mailwarn",
  "checkjobs",
  "huponexit",
  "gnu_errfmt",
  "inherit_errexit",
  "failglob",
  "shift_verbose",
  "checkhash",
  "execfail",
  // Not `lastpipe`: it runs a pipeline's last command in the shell itself, so `ls | cd /etc; cat passwd` reads /etc/passwd.
  "localvar_inherit",
  "localvar_unset",
  "varredir_close",
]);

/** `set` option letters that change nothing permc reads (`-e`, `-u`, `-x`, `-o pipefail`…); `-o`/`+o` take a name. */
export const HARMLESS_SET_LETTERS = "euxvfnmbCahTEt";

/** `set -o NAME` names that change nothing permc reads. */
export const HARMLESS_SET_NAMES: ReadonlySet<string> = new Set([
  "errexit",
  "nounset",
  "xtrace",
  "verbose",
  "noglob",
  "noexec",
  "monitor",
  "notify",
  "noclobber",
  "hashall",
  "allexport",
  "errtrace",
  "functrace",
  "pipefail",
  "onecmd",
  "ignoreeof",
  "nolog",
]);

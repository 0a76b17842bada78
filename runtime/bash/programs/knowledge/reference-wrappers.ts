/**
 * The reference's own wrapper classification (pi-permission-system 20.7.2),
 * as data: which names it flags `opaque` or `indirection`, and on which
 * words (programs/reference-kind.ts applies it). What the reference does,
 * not what the programs do: their records say that.
 */

/** Names the reference flags `opaque` whatever their arguments (`eval`). */
export const REFERENCE_ALWAYS_OPAQUE: ReadonlySet<string> = new Set(["eval"]);
/** Shells the reference flags `opaque` when a short option cluster holds `c` (`bash -c`). */
export const REFERENCE_OPAQUE_SHELLS: ReadonlySet<string> = new Set(["bash", "sh", "dash", "zsh", "ksh"]);
/** Wrappers the reference flags `indirection` whatever their arguments. */
export const REFERENCE_INDIRECTIONS: ReadonlySet<string> = new Set([
  "sudo",
  "env",
  "xargs",
  "time",
  "nohup",
  "timeout",
  "nice",
  "parallel",
  "rust-parallel",
  "rush",
  "doas",
  "setsid",
  "stdbuf",
  "watch",
  "flock",
]);
/** Programs the reference flags `indirection` when one of their words is exactly one of these options (`find -exec`, `fd -x`). */
export const REFERENCE_EXEC_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  find: new Set(["-exec", "-execdir", "-ok", "-okdir"]),
  fd: new Set(["-x", "--exec", "-X", "--exec-batch"]),
};

/**
 * The reference's own wrapper classification (pi-permission-system 20.7.2:
 * `opaque` shells given code, `indirection` wrappers such as `sudo` and
 * `env`): reported on the units the reference also reports, and
 * kept as a floor wherever permc does not judge the wrapped command
 * exactly itself.
 */
export type WrapperKind = "opaque" | "indirection";

const REFERENCE_OPAQUE_SHELLS: ReadonlySet<string> = new Set(["bash", "sh", "dash", "zsh", "ksh"]);
const REFERENCE_INDIRECTIONS: ReadonlySet<string> = new Set([
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
const REFERENCE_FIND_EXEC: ReadonlySet<string> = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const REFERENCE_FD_EXEC: ReadonlySet<string> = new Set(["-x", "--exec", "-X", "--exec-batch"]);

/** Names whose flag depends on nothing or on their arguments; any other name is never flagged. */
const FLAGGED_NAMES: ReadonlySet<string> = new Set(["eval", "find", "fd", ...REFERENCE_OPAQUE_SHELLS, ...REFERENCE_INDIRECTIONS]);

/**
 * The reference's flag for a unit, from its raw name and argument texts
 * (`argRaws` may be a function giving them: most names never need them).
 */
export function referenceWrapperKind(nameRaw: string, argRaws: readonly string[] | (() => readonly string[])): WrapperKind | null {
  const name = nameRaw.slice(nameRaw.lastIndexOf("/") + 1);
  if (!FLAGGED_NAMES.has(name)) return null;
  if (name === "eval") return "opaque";
  return flagged(name, typeof argRaws === "function" ? argRaws() : argRaws);
}

function flagged(name: string, argRaws: readonly string[]): WrapperKind | null {
  if (REFERENCE_OPAQUE_SHELLS.has(name)) {
    for (const arg of argRaws) {
      if (arg === "--") break;
      if (arg.startsWith("-") && !arg.startsWith("--") && arg.includes("c")) return "opaque";
    }
  }
  if (REFERENCE_INDIRECTIONS.has(name)) return "indirection";
  if (name === "find" && argRaws.some((a) => REFERENCE_FIND_EXEC.has(a))) return "indirection";
  if (name === "fd" && argRaws.some((a) => REFERENCE_FD_EXEC.has(a))) return "indirection";
  return null;
}

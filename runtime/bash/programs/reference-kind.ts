import { REFERENCE_ALWAYS_OPAQUE, REFERENCE_EXEC_OPTIONS, REFERENCE_INDIRECTIONS, REFERENCE_OPAQUE_SHELLS } from "./knowledge/reference-wrappers.js";

/**
 * The reference's own wrapper classification (pi-permission-system 20.7.2:
 * `opaque` shells given code, `indirection` wrappers such as `sudo` and
 * `env`): reported on the units the reference also reports, and
 * kept as a floor wherever permc does not judge the wrapped command
 * exactly itself.
 */
export type WrapperKind = "opaque" | "indirection";

/** Names whose flag depends on nothing or on their arguments; any other name is never flagged. */
const FLAGGED_NAMES: ReadonlySet<string> = new Set([
  ...REFERENCE_ALWAYS_OPAQUE,
  ...Object.keys(REFERENCE_EXEC_OPTIONS),
  ...REFERENCE_OPAQUE_SHELLS,
  ...REFERENCE_INDIRECTIONS,
]);

/**
 * The reference's flag for a unit, from its raw name and argument texts
 * (`argRaws` may be a function giving them: most names never need them).
 */
export function referenceWrapperKind(nameRaw: string, argRaws: readonly string[] | (() => readonly string[])): WrapperKind | null {
  const name = nameRaw.slice(nameRaw.lastIndexOf("/") + 1);
  if (!FLAGGED_NAMES.has(name)) return null;
  if (REFERENCE_ALWAYS_OPAQUE.has(name)) return "opaque";
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
  const exec = Object.hasOwn(REFERENCE_EXEC_OPTIONS, name) ? REFERENCE_EXEC_OPTIONS[name] : undefined;
  if (exec !== undefined && argRaws.some((a) => exec.has(a))) return "indirection";
  return null;
}

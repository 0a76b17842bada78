/**
 * Floors and their reasons: the reference's own wrapper floor (kept unless
 * permc judges the wrapped command exactly) and permc's, from the program
 * analysis. Every floor carries a reason a person can check; this file is
 * the one place the generic reasons are worded.
 */
import type { Analysis } from "../programs/findings.js";
import type { WrapperKind } from "../programs/reference-kind.js";
import type { Floor } from "./types.js";

const REFERENCE_FLOOR_REASON: Readonly<Record<WrapperKind, string>> = {
  opaque: "it hands code to a shell or interpreter",
  indirection: "it runs another command",
};

/** The reference's floor for a wrapper of `kind`, in its generic words. */
export function referenceFloor(kind: WrapperKind): Floor {
  return { kind, reason: REFERENCE_FLOOR_REASON[kind] };
}

/** permc's floor from the program analysis, if any. */
export function floorOf(a: Analysis): Floor | undefined {
  return a.kind === null ? undefined : { kind: a.kind, reason: a.reason ?? REFERENCE_FLOOR_REASON[a.kind] };
}

/**
 * The character classes of an automaton as code-unit ranges, and how an edge
 * names a set of them: `a-z`, `\u0020`, `any other`. Pictures only; the
 * matcher never needs ranges (it maps a code unit to its class in two lookups).
 */
import type { Automaton } from "../../runtime/automaton.js";

export type Range = readonly [lo: number, hi: number];

const CODE_UNITS = 0x10000;

/** Per class id: the ascending, non-adjacent ranges of code units in it. */
export function classRanges(a: Automaton): Range[][] {
  const out: Array<Array<[number, number]>> = Array.from({ length: a.classCount }, () => []);
  for (let u = 0; u < CODE_UNITS; u++) {
    const c = a.classBlocks[(a.classIndex[u >> 8]! << 8) | (u & 255)]!;
    const list = out[c]!;
    const last = list[list.length - 1];
    if (last && last[1] === u - 1) last[1] = u;
    else list.push([u, u]);
  }
  return out;
}

/** Merges ranges into ascending, non-overlapping, non-adjacent ones. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

export function rangeSize(ranges: readonly Range[]): number {
  return ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);
}

/** The code units not in `ranges` (which must be merged). */
export function complement(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next < CODE_UNITS) out.push([next, CODE_UNITS - 1]);
  return out;
}

/** A printable ASCII character as itself, anything else (space included) as `\uXXXX`. */
export function codeUnitName(u: number): string {
  return u > 0x20 && u < 0x7f ? String.fromCharCode(u) : `\\u${u.toString(16).padStart(4, "0")}`;
}

/** Ranges shown on one edge before the rest is counted. */
const MAX_SHOWN = 8;

export function formatRanges(ranges: readonly Range[]): string {
  const parts = ranges.map(([lo, hi]) => (lo === hi ? codeUnitName(lo) : `${codeUnitName(lo)}-${codeUnitName(hi)}`));
  return parts.length > MAX_SHOWN ? `${parts.slice(0, MAX_SHOWN).join(" ")} … (${parts.length - MAX_SHOWN} more ranges)` : parts.join(" ");
}

/**
 * A state's outgoing edge label. `drawnElsewhere` is the union of the state's
 * other drawn edges; when this edge takes every code unit they do not (no
 * transition to the dead state is left out), it is "any other". A set of most
 * code units is named by what it leaves out.
 */
export function edgeLabel(ranges: readonly Range[], drawnElsewhere: readonly Range[]): string {
  const merged = mergeRanges(ranges);
  if (rangeSize(merged) + rangeSize(mergeRanges(drawnElsewhere)) === CODE_UNITS && rangeSize(merged) > CODE_UNITS / 2) return "any other";
  if (rangeSize(merged) > CODE_UNITS / 2) return `any except ${formatRanges(complement(merged))}`;
  return formatRanges(merged);
}

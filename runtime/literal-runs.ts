/**
 * Literal runs of a laid-out matcher part (runtime/matcher-layout.ts): where
 * consecutive sparse states are chain links, each on a class of exactly one
 * UTF-16 unit, the walk from the first of them is fixed text. check() then
 * compares the value with that text in one `startsWith` (the engine's own
 * string comparison) instead of stepping state by state, and lands where
 * the steps would have.
 *
 * Why: a long literal (`cat /srv/projects/…/x.conf`, a deep path rule) is a
 * chain of one state per character in the trie, and again in the
 * Aho–Corasick part of a `*…*` rule that shares its start; each step costs a
 * few nanoseconds per part (docs/performance.md), where one comparison of
 * the whole run costs about as much as two steps.
 *
 * Exact: a class of one unit matches exactly that unit, so the value starts
 * with the run's text at i iff stepping from the run's first state reads it
 * state by state to the state after the run. In register and sequence
 * modes a run never passes a state with an accept (it would be recorded
 * there), so the steps it replaces do nothing but move; the state it ends
 * in is handled as any step's. A value that differs inside the run is
 * stepped as before. Stops skipped inside a run (`limit`, `reach`) only end
 * reading early, which changes nothing.
 */

/** Shorter runs are stepped: a comparison costs about two steps. */
export const MIN_RUN = 6;

export interface LiteralRuns {
  /** Per state: the index of the run starting there in `runs`, or -1. */
  readonly runId: Int32Array;
  readonly runs: readonly string[];
}

/** Per class: the one UTF-16 unit it holds, or -1 (none or several). */
function singleUnits(classIndex: Uint16Array, classBlocks: Uint16Array, classCount: number): Int32Array {
  // Blocks of 256 units are shared by many high bytes; a class is one unit only within a block one high byte uses.
  const blockUse = new Int32Array(classBlocks.length >> 8);
  const blockHigh = new Int32Array(blockUse.length);
  for (let high = 0; high < 256; high++) {
    const block = classIndex[high]!;
    blockUse[block]!++;
    blockHigh[block] = high;
  }
  const count = new Int32Array(classCount);
  const unit = new Int32Array(classCount).fill(-1);
  for (let block = 0; block < blockUse.length; block++) {
    const uses = blockUse[block]!;
    if (uses === 0) continue;
    for (let low = 0; low < 256; low++) {
      const c = classBlocks[(block << 8) | low]!;
      count[c]! += uses;
      unit[c] = (blockHigh[block]! << 8) | low;
    }
  }
  for (let c = 0; c < classCount; c++) if (count[c] !== 1) unit[c] = -1;
  return unit;
}

/**
 * The runs of a laid-out part, from its packed rows (`base[q] = ~class` for
 * a chain link to q + 1) and its accepts; states below `denseCount` have
 * dense rows and are never in a run.
 */
export function literalRuns(
  classIndex: Uint16Array,
  classBlocks: Uint16Array,
  classCount: number,
  base: Int32Array,
  accept: Int32Array,
  denseCount: number,
  finalMode: boolean,
  minRun = MIN_RUN,
): LiteralRuns {
  const n = base.length;
  const unit = singleUnits(classIndex, classBlocks, classCount);
  const runId = new Int32Array(n).fill(-1);
  const runs: string[] = [];
  const link = (q: number): boolean => q >= denseCount && q < n && base[q]! < 0 && unit[~base[q]!]! >= 0;
  // A run goes on through q when q is a link and, outside final mode, records nothing.
  const continues = (q: number): boolean => link(q) && (finalMode || accept[q]! < 0);
  const units: number[] = [];
  for (let q = denseCount; q < n; q++) {
    // Runs start where the previous state's run does not go on.
    if (!link(q) || (q > denseCount && link(q - 1) && continues(q))) continue;
    units.length = 0;
    for (let r = q; r === q ? link(r) : continues(r); r++) units.push(unit[~base[r]!]!);
    if (units.length >= minRun) {
      runId[q] = runs.length;
      runs.push(textOf(units));
    }
  }
  return { runId, runs };
}

/** The units as a string, a slice at a time (a call takes only so many arguments). */
function textOf(units: readonly number[]): string {
  let text = "";
  for (let i = 0; i < units.length; i += 4096) text += String.fromCharCode(...units.slice(i, i + 4096));
  return text;
}

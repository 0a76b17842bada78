/**
 * A surface's value matcher: one or more automata ("parts") run side by side
 * over the value, each reporting the highest-priority rule it sees match,
 * combined by a running maximum. Decomposing a rule set this way keeps the
 * tables linear where one DFA would need product states: an infix rule such
 * as `*--force*` in the same DFA as a prefix trie is copied into every trie
 * branch, and several hundred of them also multiply with each other
 * (compiler/automata/decompose.ts says which shapes go where).
 *
 * Accept values are *ranks* (priority order, higher wins); `payloads` maps
 * the winning rank to the rule. A part runs in one of two modes:
 * - final: its answer is the accept of the state it ends in (a prefix rule,
 *   an exact rule, a suffix `*.env`);
 * - register: its answer is the highest accept of any state it passes through.
 *   A sticky pattern (one that ends in `*`, e.g. `*--force*`) matches the
 *   value iff it matches some prefix of it without that final star, so the
 *   part is built from `*--force` and the register remembers the match: the
 *   automaton itself never has to (an Aho–Corasick pass with a running
 *   highest-priority register, as Hyperscan decomposes patterns);
 * - sequence: sticky patterns of several literal factors (`*A*B*`), one
 *   Aho–Corasick pass whose hits advance per-pattern registers
 *   (runtime/sequence.ts); its accepts are hit lists, not ranks.
 *
 * Early stop: `limit[q]` is the highest rank the part can still report from
 * q (over every continuation), or -2 in a final-mode state whose answer can
 * no longer change. A part stops reading as soon as the best rank so far is
 * at least its limit, so a part that cannot beat the best reads nothing.
 * A register or sequence part also stops when no accept is within the
 * characters left (`reach`). Both stops are checked where the layout says a
 * state may need them; reading on past a stop changes nothing.
 *
 * The loops read each part's check() layout (runtime/matcher-layout.ts), not
 * the stored tables: the same automaton, renumbered and repacked at load,
 * with its literal runs compared in one `startsWith` (runtime/literal-runs.ts;
 * a failed comparison reads no further than the steps that follow it do).
 *
 * Handoff: when the first part runs in final mode (the trie of the anchored
 * rules), it reads first, and every later part but a sequence part starts
 * where it stopped, in the state its entry table gives for the text read so
 * far (runtime/handoff.ts): a value that follows a long prefix rule is read
 * once in all, not once per part.
 *
 * check() cost: O(parts × value length) (at most 2 steps per character per
 * part), no allocation (a sequence part adds at most MAX_HITS register steps
 * per character); the compiler keeps a rule set in one part when one DFA
 * holds it within a small budget.
 */
import { decodeAutomaton, type Automaton, type SerializedArray, type SerializedAutomaton } from "./automaton.js";
import { entryTable } from "./handoff.js";
import { layOut, runSkipped, stepOrRun, type LaidOutPart } from "./matcher-layout.js";
import { isRecord, readI32 } from "./read-i32.js";
import { decodeSequence, runSequence, type SequenceTables, type SerializedSequence } from "./sequence.js";

export const MODE_FINAL = 0;
export const MODE_REGISTER = 1;
export const MODE_SEQUENCE = 2;
export type PartMode = typeof MODE_FINAL | typeof MODE_REGISTER | typeof MODE_SEQUENCE;

/** Limit of a final-mode state whose answer is settled: below every best (which starts at -1). */
export const SETTLED = -2;

export interface MatcherPart {
  readonly mode: PartMode;
  /** Accept values are ranks into the matcher's `payloads`, or -1 (sequence mode: hit lists, or -1). */
  readonly automaton: Automaton;
  /** Per state: stop once the best rank so far is >= this (see above; sequence mode: the part's highest rank). */
  readonly limit: Int32Array;
  /** Sequence mode only: the factor steps of its patterns (runtime/sequence.ts). */
  readonly sequence?: SequenceTables;
  /** The same automaton and limits as check() reads them (runtime/matcher-layout.ts). */
  readonly laidOut: LaidOutPart;
}

/**
 * A part with its check() layout; the compiler and the loader build parts
 * only through this. `lazy` (the compiler's parts, which are mostly
 * serialized and seldom run) lays the part out on its first run instead:
 * for a 391,000-state trie that is a few hundred milliseconds of compile time.
 */
export function matcherPart(mode: PartMode, automaton: Automaton, limit: Int32Array, sequence?: SequenceTables, lazy = false): MatcherPart {
  if (lazy) return new LazilyLaidOutPart(mode, automaton, limit, sequence);
  const laidOut = layOut(automaton, limit, mode === MODE_FINAL);
  return sequence === undefined ? { mode, automaton, limit, laidOut } : { mode, automaton, limit, sequence, laidOut };
}

/** One class, so the loops' `part.laidOut` meets two shapes at most (a private field stays out of equality checks). */
class LazilyLaidOutPart implements MatcherPart {
  #laidOut: LaidOutPart | undefined;
  constructor(
    readonly mode: PartMode,
    readonly automaton: Automaton,
    readonly limit: Int32Array,
    readonly sequence: SequenceTables | undefined,
  ) {}

  get laidOut(): LaidOutPart {
    this.#laidOut ??= layOut(this.automaton, this.limit, this.mode === MODE_FINAL);
    return this.#laidOut;
  }
}

export interface Matcher {
  /** Rank → payload (for a policy, the rule index). Ranks are priority order: higher wins. */
  readonly payloads: Int32Array;
  /** Run in order; a part whose start limit the best rank already reaches reads nothing. */
  readonly parts: readonly MatcherPart[];
  /**
   * Per part, its entry table after the first part (runtime/handoff.ts), or
   * null where it reads from the start; null or absent when no part follows
   * a final-mode first part. Derived from the parts, never stored.
   */
  readonly entries?: readonly (Int32Array | null)[] | null;
}

/** Entry tables of every part that can start where the first part stopped (sequence parts read from the start). */
function entriesOf(parts: readonly MatcherPart[]): (Int32Array | null)[] | null {
  const first = parts[0];
  if (parts.length < 2 || first === undefined || first.mode !== MODE_FINAL) return null;
  return parts.map((later, p) => (p === 0 || later.mode === MODE_SEQUENCE ? null : entryTable(first, later, later.mode === MODE_REGISTER)));
}

/**
 * A matcher with its entry tables; the compiler and the loader build
 * matchers only through this. `lazy` as for matcherPart: the entries are
 * derived on the first run.
 */
export function matcherOf(payloads: Int32Array, parts: readonly MatcherPart[], lazy = false): Matcher {
  return new MatcherWithEntries(payloads, parts, lazy);
}

/** One class, so the loop's `m.entries` meets one shape (a private field stays out of equality checks). */
class MatcherWithEntries implements Matcher {
  #entries: (Int32Array | null)[] | null | undefined;
  constructor(
    readonly payloads: Int32Array,
    readonly parts: readonly MatcherPart[],
    lazy: boolean,
  ) {
    if (!lazy) this.#entries = entriesOf(parts);
  }

  get entries(): readonly (Int32Array | null)[] | null {
    if (this.#entries === undefined) this.#entries = entriesOf(this.parts);
    return this.#entries;
  }
}

/** Where the first part stopped: later parts start at handAt, after the text the first part read up to its state handState. */
let handState = 0;
let handAt = 0;

/**
 * The first part of a matcher with entry tables (final mode, nothing seen
 * before it): runFinal from the start with best -1, which also leaves where
 * it stopped. A stop on character i leaves the state before it, so the
 * later parts read i again; a run past the end leaves the last state.
 */
function runFirst(f: LaidOutPart, value: string): number {
  const { classIndex, classBlocks, denseCount, quietCount, shift, dense, limit } = f;
  let q = f.start;
  let before = q;
  let at = 0;
  const n = value.length;
  let i = 0;
  if (limit[q]! >= 0) {
    for (; i < n; i++) {
      const u = value.charCodeAt(i);
      const c = classBlocks[(classIndex[u >> 8]! << 8) | (u & 255)]!;
      before = q;
      at = i;
      if (q < denseCount) q = dense[(q << shift) | c]!;
      else {
        q = stepOrRun(f, q, c, value, i);
        i += runSkipped;
      }
      if (q >= quietCount && limit[q]! < 0) break;
    }
  }
  if (i < n) {
    handState = before;
    handAt = at;
  } else {
    handState = q;
    handAt = n;
  }
  return f.accept[q]!;
}

/** From state q at position `from` (the start and 0, or where the first part handed over). */
function runFinal(f: LaidOutPart, value: string, best: number, q: number, from: number): number {
  const { classIndex, classBlocks, denseCount, quietCount, shift, dense, limit } = f;
  if (limit[q]! > best) {
    for (let i = from, n = value.length; i < n; i++) {
      const u = value.charCodeAt(i);
      const c = classBlocks[(classIndex[u >> 8]! << 8) | (u & 255)]!;
      if (q < denseCount) q = dense[(q << shift) | c]!;
      else {
        q = stepOrRun(f, q, c, value, i);
        i += runSkipped;
      }
      if (q >= quietCount && limit[q]! <= best) break;
    }
  }
  const r = f.accept[q]!;
  return Math.max(r, best);
}

/** From state q at position `from`, as runFinal. */
function runRegister(f: LaidOutPart, value: string, best: number, q: number, from: number): number {
  const { classIndex, classBlocks, denseCount, quietCount, shift, dense, accept, limit, reach } = f;
  let r = accept[q]!;
  if (r > best) best = r;
  const n = value.length;
  if (limit[q]! <= best || reach[q]! > n - from) return best;
  // Past this position a quiet state is too far from every accept for the characters left.
  const quietEnd = n - f.quietReach;
  for (let i = from; i < n; i++) {
    const u = value.charCodeAt(i);
    const c = classBlocks[(classIndex[u >> 8]! << 8) | (u & 255)]!;
    if (q < denseCount) {
      q = dense[(q << shift) | c]!;
      if (q < quietCount) {
        if (i >= quietEnd) break;
        continue;
      }
    } else {
      // A literal run passes no accept: the state after it is handled as any step's.
      q = stepOrRun(f, q, c, value, i);
      i += runSkipped;
    }
    r = accept[q]!;
    if (r > best) best = r;
    if (limit[q]! <= best || reach[q]! >= n - i) break;
  }
  return best;
}

/** Highest rank matching `value`, or -1. O(parts × value.length), allocation-free. */
export function runMatcherRank(m: Matcher, value: string): number {
  // Two functions, so each is optimised for its own loop (one function holding both ran the parts without entries 5–10 % slower).
  const entries = m.entries;
  return entries == null ? runFromStart(m.parts, value) : runHandedOver(m.parts, entries, value);
}

/** Every part reads the value from its start. A part whose start limit the best already reaches reads nothing (every loop checks it first). */
function runFromStart(parts: readonly MatcherPart[], value: string): number {
  let best = -1;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    const mode = part.mode;
    const f = part.laidOut;
    if (mode === MODE_SEQUENCE) best = runSequence(f, part.sequence!, value, best);
    else best = mode === MODE_REGISTER ? runRegister(f, value, best, f.start, 0) : runFinal(f, value, best, f.start, 0);
  }
  return best;
}

/** The first part reads until it stops; each later part with an entry table starts there (runtime/handoff.ts). */
function runHandedOver(parts: readonly MatcherPart[], entries: readonly (Int32Array | null)[], value: string): number {
  let best = runFirst(parts[0]!.laidOut, value);
  for (let p = 1; p < parts.length; p++) {
    const part = parts[p]!;
    const mode = part.mode;
    const f = part.laidOut;
    if (mode === MODE_SEQUENCE) {
      best = runSequence(f, part.sequence!, value, best);
      continue;
    }
    let q = f.start;
    let from = 0;
    const entry = entries[p]!;
    if (entry !== null && entry[2 * handState]! >= 0) {
      q = entry[2 * handState]!;
      from = handAt;
      const passed = entry[2 * handState + 1]!;
      if (passed > best) best = passed;
    }
    best = mode === MODE_REGISTER ? runRegister(f, value, best, q, from) : runFinal(f, value, best, q, from);
  }
  return best;
}

/** Payload of the winning pattern for `value`, or -1. */
export function runMatcher(m: Matcher, value: string): number {
  const best = runMatcherRank(m, value);
  return best < 0 ? -1 : m.payloads[best]!;
}

export interface SerializedMatcherPart {
  readonly mode: "final" | "register" | "sequence";
  readonly limit: SerializedArray;
  readonly automaton: SerializedAutomaton;
  readonly sequence?: SerializedSequence;
}

export interface SerializedMatcher {
  readonly payloads: SerializedArray;
  readonly parts: readonly SerializedMatcherPart[];
}

function decodePart(s: unknown, rankCount: number): MatcherPart | string {
  if (!isRecord(s)) return "part must be an object";
  const mode = s["mode"] === "final" ? MODE_FINAL : s["mode"] === "register" ? MODE_REGISTER : s["mode"] === "sequence" ? MODE_SEQUENCE : -1;
  if (mode === -1) return 'mode must be "final", "register" or "sequence"';
  const automaton = decodeAutomaton(s["automaton"]);
  if ("error" in automaton) return `automaton: ${automaton.error}`;
  const limit = readI32(s["limit"], "limit");
  if (typeof limit === "string") return limit;
  if (limit.length !== automaton.stateCount) return "limit must have stateCount entries";
  let sequence: SequenceTables | undefined;
  if (mode === MODE_SEQUENCE) {
    const decoded = decodeSequence(s["sequence"], automaton, rankCount);
    if (typeof decoded === "string") return `sequence: ${decoded}`;
    sequence = decoded;
  } else if (s["sequence"] !== undefined) {
    return "only a sequence part has sequence tables";
  }
  for (let q = 0; q < automaton.stateCount; q++) {
    // A sequence part's accepts are hit lists, checked by decodeSequence.
    if (mode !== MODE_SEQUENCE && automaton.accept[q]! >= rankCount) return `accept[${q}] is not a rank`;
    if (limit[q]! < SETTLED || limit[q]! >= rankCount) return `limit[${q}] is out of range`;
  }
  // The dead state must stop every loop, whatever the best rank is.
  if (limit[0] !== SETTLED && limit[0] !== -1) return "limit[0] must stop the dead state";
  return matcherPart(mode, automaton, limit, sequence);
}

/**
 * Validates a serialized matcher so `runMatcher` can trust every index:
 * each part's automaton as `decodeAutomaton` does, accepts and limits within
 * the ranks, payloads within [0, payloadLimit). Never throws.
 */
export function decodeMatcher(s: unknown, payloadLimit: number): Matcher | { error: string } {
  try {
    if (!isRecord(s)) return { error: "matcher must be an object" };
    const payloads = readI32(s["payloads"], "payloads");
    if (typeof payloads === "string") return { error: payloads };
    for (let i = 0; i < payloads.length; i++) {
      if (payloads[i]! < 0 || payloads[i]! >= payloadLimit) return { error: `payloads[${i}] is out of range` };
    }
    const rawParts = s["parts"];
    if (!Array.isArray(rawParts)) return { error: "parts must be an array" };
    const parts: MatcherPart[] = [];
    for (let i = 0; i < rawParts.length; i++) {
      const part = decodePart(rawParts[i], payloads.length);
      if (typeof part === "string") return { error: `parts[${i}]: ${part}` };
      parts.push(part);
    }
    return matcherOf(payloads, parts);
  } catch {
    // A throwing getter or proxy trap in a hostile object.
    return { error: "matcher could not be read" };
  }
}

/**
 * The matcher the runtime runs: a minimized DFA over UTF-16 code units whose
 * accepting states carry the winning rule's payload (last match wins was
 * resolved at compile time).
 *
 * Table layout (row displacement, "comb vector"): the transition from state q
 * on character class c is `i = base[q] + c; check[i] === q ? next[i] :
 * defaults[q]`. State 0 is always the dead state. A code unit u maps to its
 * class through two levels, `classBlocks[(classIndex[u >> 8] << 8) | (u & 255)]`,
 * so the 65,536 code units cost one shared 256-entry block per distinct
 * high byte instead of a 64K table.
 *
 * This file imports only its base64 decoder (no package, no Node API): it is
 * loaded by agent extensions, and a tampered or truncated table must be
 * rejected by `decodeAutomaton` before the hot loop (which trusts every
 * index) ever sees it.
 */
import { bytesToElements, decodeBase64, type ElementArray, type ElementType } from "./base64.js";

export type StateArray = Uint8Array | Uint16Array | Uint32Array;

export interface Automaton {
  readonly stateCount: number;
  readonly classCount: number;
  readonly start: number;
  /** 256 entries: high byte of a code unit → block number in classBlocks. */
  readonly classIndex: Uint16Array;
  /** Blocks of 256 class ids; block b covers low bytes 0..255. */
  readonly classBlocks: Uint8Array | Uint16Array;
  readonly base: StateArray;
  readonly defaults: StateArray;
  readonly check: StateArray;
  readonly next: StateArray;
  /** Winning payload per state, or -1. */
  readonly accept: Int32Array;
  /** 1 when every state reachable from q has q's accept value, so matching can stop. */
  readonly decided: Uint8Array;
}

/**
 * Winning payload for `value`, or -1. O(value.length), allocation-free; stops
 * at the first decided state (the dead state is always decided).
 */
export function runAutomaton(a: Automaton, value: string): number {
  const { classIndex, classBlocks, base, defaults, check, next, decided } = a;
  let q = a.start;
  if (decided[q] === 1) return a.accept[q]!;
  for (let i = 0, n = value.length; i < n; i++) {
    const u = value.charCodeAt(i);
    const c = classBlocks[(classIndex[u >> 8]! << 8) | (u & 255)]!;
    const j = base[q]! + c;
    q = check[j] === q ? next[j]! : defaults[q]!;
    if (decided[q] === 1) break;
  }
  return a.accept[q]!;
}

/** Groups are ordered highest priority first, so the first match holds the winner. */
export function runGroups(groups: readonly Automaton[], value: string): number {
  for (let g = 0; g < groups.length; g++) {
    const r = runAutomaton(groups[g]!, value);
    if (r >= 0) return r;
  }
  return -1;
}

export const AUTOMATON_FORMAT = "permc-automaton";
export const AUTOMATON_VERSION = 1;

export interface SerializedArray {
  readonly type: ElementType;
  readonly length: number;
  /** Little-endian element bytes, base64. */
  readonly base64: string;
}

export interface SerializedAutomaton {
  readonly format: typeof AUTOMATON_FORMAT;
  readonly version: typeof AUTOMATON_VERSION;
  readonly stateCount: number;
  readonly classCount: number;
  readonly start: number;
  readonly classIndex: SerializedArray;
  readonly classBlocks: SerializedArray;
  readonly base: SerializedArray;
  readonly defaults: SerializedArray;
  readonly check: SerializedArray;
  readonly next: SerializedArray;
  readonly accept: SerializedArray;
  readonly decided: SerializedArray;
}

const STATE_TYPES: readonly ElementType[] = ["u8", "u16", "u32"];
/** Keeps every offset and count a small integer, far below 2^31. */
const MAX_ELEMENTS = 1 << 28;

class Invalid {
  constructor(readonly error: string) {}
}

function fail(message: string): never {
  throw new Invalid(message);
}

function readCount(o: Record<string, unknown>, key: string, min: number, label = key): number {
  const v = o[key];
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < min || v > MAX_ELEMENTS) {
    fail(`${label} must be an integer in [${min}, ${MAX_ELEMENTS}]`);
  }
  return v;
}

function readArray(o: Record<string, unknown>, key: string, allowed: readonly ElementType[]): ElementArray {
  const v = o[key];
  if (typeof v !== "object" || v === null || Array.isArray(v)) fail(`${key} must be an object`);
  const s = v as Record<string, unknown>;
  const type = s["type"];
  if (typeof type !== "string" || !(allowed as readonly string[]).includes(type)) {
    fail(`${key}.type must be one of ${allowed.join(", ")}`);
  }
  const length = readCount(s, "length", 0, `${key}.length`);
  const text = s["base64"];
  if (typeof text !== "string") fail(`${key}.base64 must be a string`);
  const bytes = decodeBase64(text);
  if (bytes === null) fail(`${key}.base64 is not canonical base64`);
  const values = bytesToElements(bytes, type as ElementType, length);
  if (values === null) fail(`${key}.base64 does not hold ${length} ${type} elements`);
  return values;
}

function decodeOrThrow(s: unknown): Automaton {
  if (typeof s !== "object" || s === null || Array.isArray(s)) fail("automaton must be an object");
  const o = s as Record<string, unknown>;
  if (o["format"] !== AUTOMATON_FORMAT) fail(`format must be "${AUTOMATON_FORMAT}"`);
  if (o["version"] !== AUTOMATON_VERSION) fail(`version must be ${AUTOMATON_VERSION}`);
  const stateCount = readCount(o, "stateCount", 1);
  const classCount = readCount(o, "classCount", 1);
  if (classCount > 65_536) fail("classCount must be at most 65536");
  const start = readCount(o, "start", 0);
  if (start >= stateCount) fail("start is not a state");

  const classIndex = readArray(o, "classIndex", ["u16"]) as Uint16Array;
  const classBlocks = readArray(o, "classBlocks", ["u8", "u16"]) as Uint8Array | Uint16Array;
  const base = readArray(o, "base", STATE_TYPES) as StateArray;
  const defaults = readArray(o, "defaults", STATE_TYPES) as StateArray;
  const check = readArray(o, "check", STATE_TYPES) as StateArray;
  const next = readArray(o, "next", STATE_TYPES) as StateArray;
  const accept = readArray(o, "accept", ["i32"]) as Int32Array;
  const decided = readArray(o, "decided", ["u8"]) as Uint8Array;

  if (classIndex.length !== 256) fail("classIndex must have 256 entries");
  if (classBlocks.length === 0 || classBlocks.length % 256 !== 0) fail("classBlocks must be whole blocks of 256");
  const blocks = classBlocks.length / 256;
  for (let h = 0; h < 256; h++) if (classIndex[h]! >= blocks) fail(`classIndex[${h}] names a missing block`);
  for (let i = 0; i < classBlocks.length; i++) if (classBlocks[i]! >= classCount) fail(`classBlocks[${i}] is not a class`);

  for (const [name, arr] of [
    ["base", base],
    ["defaults", defaults],
    ["accept", accept],
    ["decided", decided],
  ] as const) {
    if (arr.length !== stateCount) fail(`${name} must have stateCount entries`);
  }
  if (next.length !== check.length) fail("next and check must have the same length");
  for (let q = 0; q < stateCount; q++) {
    if (base[q]! + classCount > next.length) fail(`row ${q} runs past the end of next`);
    if (defaults[q]! >= stateCount) fail(`defaults[${q}] is not a state`);
    if (accept[q]! < -1) fail(`accept[${q}] is below -1`);
    if (decided[q]! > 1) fail(`decided[${q}] must be 0 or 1`);
  }
  for (let i = 0; i < next.length; i++) {
    if (next[i]! >= stateCount) fail(`next[${i}] is not a state`);
    if (check[i]! >= stateCount) fail(`check[${i}] is not a state`);
  }
  // The hot loop stops on the dead state; it must really be dead.
  if (accept[0] !== -1 || decided[0] !== 1 || defaults[0] !== 0) fail("state 0 must be the dead state");
  for (let c = 0; c < classCount; c++) {
    const j = base[0]! + c;
    if (check[j] === 0 && next[j] !== 0) fail("state 0 must be the dead state");
  }
  return { stateCount, classCount, start, classIndex, classBlocks, base, defaults, check, next, accept, decided };
}

/**
 * Validates every shape and bound so that `runAutomaton` can trust the tables.
 * Never throws: any defect, including a hostile object, becomes `{ error }`.
 */
export function decodeAutomaton(s: unknown): Automaton | { error: string } {
  try {
    return decodeOrThrow(s);
  } catch (e) {
    // Anything but our own marker (a throwing getter or proxy trap in a hostile
    // object) is reported without touching the thrown value again.
    let invalid: Invalid | undefined;
    try {
      if (e instanceof Invalid) invalid = e;
    } catch {
      invalid = undefined;
    }
    return { error: invalid?.error ?? "automaton could not be read" };
  }
}

/**
 * Reading one serialized i32 table (element tag, length, canonical base64)
 * as the matcher decoders need it: a message instead of a throw, so the
 * callers can report which table of which part is wrong.
 */
import { bytesToElements, decodeBase64 } from "./base64.js";

/** Keeps every count a small integer (as the automaton decoder does). */
const MAX_ELEMENTS = 1 << 28;

export function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

export function readI32(v: unknown, what: string): Int32Array | string {
  if (!isRecord(v)) return `${what} must be an object`;
  if (v["type"] !== "i32") return `${what}.type must be i32`;
  const length = v["length"];
  if (typeof length !== "number" || !Number.isSafeInteger(length) || length < 0 || length > MAX_ELEMENTS)
    return `${what}.length must be an integer in [0, ${MAX_ELEMENTS}]`;
  const text = v["base64"];
  if (typeof text !== "string") return `${what}.base64 must be a string`;
  const bytes = decodeBase64(text);
  if (bytes === null) return `${what}.base64 is not canonical base64`;
  const values = bytesToElements(bytes, "i32", length);
  if (values === null) return `${what}.base64 does not hold ${length} i32 elements`;
  return values as Int32Array;
}

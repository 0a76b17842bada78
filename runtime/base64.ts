/**
 * Base64 (RFC 4648, standard alphabet, padded) and little-endian typed-array
 * packing for the serialized automaton tables.
 *
 * Written by hand so the table loader needs no package or Node API: `Buffer` is Node-only and
 * `atob` is lenient about malformed input, while the loader must reject any
 * string that is not exactly what the compiler emits. Where `Buffer` exists
 * the decoder uses it all the same, made strict by re-encoding: a one-call
 * hook decodes every table of its policy while its code is still cold, and
 * the native loop is several milliseconds faster there (bench/cold-start.ts).
 */

export type ElementType = "u8" | "u16" | "u32" | "i32";
export type ElementArray = Uint8Array | Uint16Array | Uint32Array | Int32Array;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const PAD = 61; // "="
const CODES = Uint8Array.from(ALPHABET, (ch) => ch.charCodeAt(0));

let decodeTable: Int8Array | undefined;
function table(): Int8Array {
  if (decodeTable === undefined) {
    decodeTable = new Int8Array(128).fill(-1);
    for (let i = 0; i < ALPHABET.length; i++) decodeTable[ALPHABET.charCodeAt(i)] = i;
  }
  return decodeTable;
}

export function encodeBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  const full = bytes.length - (bytes.length % 3);
  let o = 0;
  for (let i = 0; i < full; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = CODES[n >> 18]!;
    out[o++] = CODES[(n >> 12) & 63]!;
    out[o++] = CODES[(n >> 6) & 63]!;
    out[o++] = CODES[n & 63]!;
  }
  const rest = bytes.length - full;
  if (rest > 0) {
    const n = (bytes[full]! << 16) | (rest === 2 ? bytes[full + 1]! << 8 : 0);
    out[o++] = CODES[n >> 18]!;
    out[o++] = CODES[(n >> 12) & 63]!;
    out[o++] = rest === 2 ? CODES[(n >> 6) & 63]! : PAD;
    out[o++] = PAD;
  }
  // fromCharCode over bounded chunks: fast, and never exceeds the argument limit.
  const parts: string[] = [];
  for (let i = 0; i < out.length; i += 8192) parts.push(String.fromCharCode.apply(null, out.subarray(i, i + 8192) as unknown as number[]));
  return parts.join("");
}

type NodeBuffer = Uint8Array & { toString(encoding: "base64"): string };
const nodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: "base64"): NodeBuffer } }).Buffer;

/** Host byte order, for copying little-endian elements whole. */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * Strict decoding: only the canonical encoding of some byte string is accepted
 * (length a multiple of 4, padding only at the end, unused bits zero), so a
 * table has exactly one textual form. Returns null instead of throwing.
 */
export function decodeBase64(text: string): Uint8Array | null {
  if (nodeBuffer === undefined) return decodeBase64Portable(text);
  if (text.length % 4 !== 0) return null;
  // Buffer skips what is not base64 and accepts set unused bits: only a text that is
  // exactly the encoding of what it decoded to is canonical.
  const bytes = nodeBuffer.from(text, "base64");
  if (bytes.toString("base64") !== text) return null;
  // A copy of its own: a small Buffer is a view into a shared pool.
  return new Uint8Array(bytes);
}

/** decodeBase64 without Node's Buffer (a browser); the same answers. */
export function decodeBase64Portable(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  let pad = 0;
  if (text.length > 0 && text.charCodeAt(text.length - 1) === PAD) pad = text.charCodeAt(text.length - 2) === PAD ? 2 : 1;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  const t = table();
  const body = text.length - pad;
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < body; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? t[c]! : -1;
    if (v < 0) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 255;
      acc &= (1 << bits) - 1;
    }
  }
  if (acc !== 0) return null;
  return o === out.length ? out : null;
}

export function bytesPerElement(type: ElementType): number {
  return type === "u8" ? 1 : type === "u16" ? 2 : 4;
}

/** Little-endian regardless of the host, so a table means the same everywhere. */
export function elementsToBytes(values: ElementArray, type: ElementType): Uint8Array {
  const width = bytesPerElement(type);
  const out = new Uint8Array(values.length * width);
  for (let i = 0, o = 0; i < values.length; i++) {
    const v = values[i]!;
    for (let b = 0; b < width; b++) out[o++] = (v >>> (8 * b)) & 255;
  }
  return out;
}

/** Null when the byte count is not `length` whole elements. */
export function bytesToElements(bytes: Uint8Array, type: ElementType, length: number): ElementArray | null {
  const width = bytesPerElement(type);
  if (bytes.length !== length * width) return null;
  switch (type) {
    case "u8":
      return bytes;
    case "u16": {
      const out = new Uint16Array(length);
      if (LITTLE_ENDIAN) {
        new Uint8Array(out.buffer).set(bytes);
        return out;
      }
      for (let i = 0, o = 0; i < length; i++, o += 2) out[i] = bytes[o]! | (bytes[o + 1]! << 8);
      return out;
    }
    case "u32":
    case "i32": {
      const out = type === "u32" ? new Uint32Array(length) : new Int32Array(length);
      if (LITTLE_ENDIAN) {
        new Uint8Array(out.buffer).set(bytes);
        return out;
      }
      for (let i = 0, o = 0; i < length; i++, o += 4) {
        out[i] = bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16) | (bytes[o + 3]! << 24);
      }
      return out;
    }
  }
}

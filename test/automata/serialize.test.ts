/**
 * Serialized tables: JSON round trip, byte-identical output for equal input,
 * and a loader that rejects every kind of corruption with an error value
 * (never an exception, never a table the hot loop could misread).
 */
import { describe, expect, it } from "vitest";
import { compileAutomata, serializeAutomaton } from "../../compiler/automata/index.js";
import { decodeAutomaton, runGroups, type Automaton, type SerializedArray, type SerializedAutomaton } from "../../runtime/automaton.js";
import { bytesToElements, decodeBase64, elementsToBytes, encodeBase64, type ElementType } from "../../runtime/base64.js";

const PATTERNS = ["*", "git *", "git push *", "*--force*", "rm -rf *", "npm run build?*", "[ab]", "é", "😀*"].map((pattern, payload) => ({ pattern, payload }));
const VALUES = ["", "git", "git push --force", "rm -rf /", "npm run build1", "[ab]", "é", "😀x", "other"];

function compileOne(patterns = PATTERNS, foldCase = false): Automaton {
  const { groups } = compileAutomata(patterns, { foldCase });
  expect(groups).toHaveLength(1);
  return groups[0]!;
}

function roundTrip(a: Automaton): Automaton {
  const decoded = decodeAutomaton(JSON.parse(JSON.stringify(serializeAutomaton(a))));
  if ("error" in decoded) throw new Error(decoded.error);
  return decoded;
}

describe("serialization round trip", () => {
  it("decode(serialize(a)) equals a, typed-array types included", () => {
    const a = compileOne();
    expect(roundTrip(a)).toEqual(a);
  });

  it("the decoded automaton gives the same answers", () => {
    const a = compileOne(PATTERNS, true);
    const b = roundTrip(a);
    for (const v of VALUES) expect(runGroups([b], v)).toBe(runGroups([a], v));
  });

  it.each([
    [2, "u8"],
    [300, "u16"],
  ])("state ids are stored in the narrowest type (%i patterns → %s)", (count, type) => {
    const patterns = Array.from({ length: count }, (_, i) => ({ pattern: `cmd${i}x`, payload: i }));
    const s = serializeAutomaton(compileOne(patterns));
    expect(s.next.type).toBe(type);
    expect(s.accept.type).toBe("i32");
    expect(roundTrip(compileOne(patterns))).toEqual(compileOne(patterns));
  });

  it("is deterministic: two compiles serialize to identical text", () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ pattern: i % 7 === 0 ? `*--flag${i % 13}*` : `tool${i % 37} sub${i} *`, payload: i }));
    const once = JSON.stringify(compileAutomata(many, { foldCase: false, maxStates: 2_000 }).groups.map(serializeAutomaton));
    const again = JSON.stringify(compileAutomata(many, { foldCase: false, maxStates: 2_000 }).groups.map(serializeAutomaton));
    expect(again).toBe(once);
  });
});

// ---- corruption ----

type Mutable = { -readonly [K in keyof SerializedAutomaton]: unknown };
type ArrayKey = "classIndex" | "classBlocks" | "base" | "defaults" | "check" | "next" | "accept" | "decided";

function valid(): Mutable {
  return JSON.parse(JSON.stringify(serializeAutomaton(compileOne()))) as Mutable;
}

/** Decodes one stored array, lets `edit` change it, and stores it back (same type unless given). */
function editArray(s: Mutable, key: ArrayKey, edit: (values: number[]) => number[], type?: ElementType): void {
  const arr = s[key] as SerializedArray;
  const values = Array.from(bytesToElements(decodeBase64(arr.base64)!, arr.type, arr.length)!);
  const out = edit(values);
  const t = type ?? arr.type;
  const typed = t === "u8" ? Uint8Array.from(out) : t === "u16" ? Uint16Array.from(out) : t === "u32" ? Uint32Array.from(out) : Int32Array.from(out);
  s[key] = { type: t, length: out.length, base64: encodeBase64(elementsToBytes(typed, t)) };
}

const set = (key: keyof Mutable, value: unknown) => (s: Mutable) => {
  s[key] = value;
};
const at = (key: ArrayKey, index: number | "last", value: number | ((s: Mutable) => number)) => (s: Mutable) =>
  editArray(s, key, (v) => {
    v[index === "last" ? v.length - 1 : index] = typeof value === "function" ? value(s) : value;
    return v;
  });
const stateCount = (s: Mutable): number => s.stateCount as number;

describe("decodeAutomaton rejects corrupted tables", () => {
  it("accepts the untouched table", () => {
    expect("error" in decodeAutomaton(valid())).toBe(false);
  });

  it.each<[string, string, (s: Mutable) => void]>([
    ["wrong format tag", "format must be", set("format", "other")],
    ["future version", "version must be 1", set("version", 2)],
    ["stateCount is NaN", "stateCount must be an integer", set("stateCount", Number.NaN)],
    ["stateCount is a string", "stateCount must be an integer", set("stateCount", "7")],
    ["stateCount is fractional", "stateCount must be an integer", set("stateCount", 2.5)],
    ["stateCount is 0", "stateCount must be an integer", set("stateCount", 0)],
    ["classCount is Infinity", "classCount must be an integer", set("classCount", Number.POSITIVE_INFINITY)],
    ["classCount is 0", "classCount must be an integer", set("classCount", 0)],
    ["start is past the last state", "start is not a state", (s) => set("start", stateCount(s))(s)],
    ["start is negative", "start must be an integer", set("start", -1)],
    ["an array is missing", "next must be an object", set("next", undefined)],
    ["an array is a string", "check must be an object", set("check", "AAAA")],
    ["an array has no type tag", "base.type must be one of", (s) => set("base", { ...(s.base as object), type: undefined })(s)],
    ["accept stored as u32", "accept.type must be one of i32", (s) => editArray(s, "accept", (v) => v, "u32")],
    ["classIndex stored as u8", "classIndex.type must be one of u16", (s) => editArray(s, "classIndex", (v) => v, "u8")],
    ["decided stored as u16", "decided.type must be one of u8", (s) => editArray(s, "decided", (v) => v, "u16")],
    [
      "truncated base64",
      "next.base64 does not hold",
      (s) => set("next", { ...(s.next as SerializedArray), base64: (s.next as SerializedArray).base64.slice(0, -4) })(s),
    ],
    [
      "base64 with a bad character",
      "next.base64 is not canonical",
      (s) => set("next", { ...(s.next as SerializedArray), base64: `!${(s.next as SerializedArray).base64.slice(1)}` })(s),
    ],
    [
      "base64 one character short",
      "next.base64 is not canonical",
      (s) => set("next", { ...(s.next as SerializedArray), base64: (s.next as SerializedArray).base64.slice(0, -1) })(s),
    ],
    [
      "length disagrees with the bytes",
      "next.base64 does not hold",
      (s) => set("next", { ...(s.next as SerializedArray), length: (s.next as SerializedArray).length + 1 })(s),
    ],
    ["length is NaN", "next.length must be an integer", (s) => set("next", { ...(s.next as SerializedArray), length: Number.NaN })(s)],
    ["classIndex has 255 entries", "classIndex must have 256 entries", (s) => editArray(s, "classIndex", (v) => v.slice(0, 255))],
    ["classIndex names a missing block", "classIndex[7] names a missing block", at("classIndex", 7, 999)],
    ["classBlocks is not whole blocks", "classBlocks must be whole blocks", (s) => editArray(s, "classBlocks", (v) => v.slice(0, 255))],
    ["classBlocks names a missing class", "classBlocks[65] is not a class", at("classBlocks", 65, 250)],
    ["next points past the last state", "is not a state", at("next", "last", stateCount)],
    ["check points past the last state", "is not a state", at("check", "last", stateCount)],
    ["a default points past the last state", "defaults[1] is not a state", at("defaults", 1, stateCount)],
    ["a row runs past the end of next", "row 1 runs past the end of next", at("base", 1, (s) => (s.next as SerializedArray).length)],
    ["base is shorter than stateCount", "base must have stateCount entries", (s) => editArray(s, "base", (v) => v.slice(1))],
    ["next and check differ in length", "next and check must have the same length", (s) => editArray(s, "check", (v) => v.slice(1))],
    ["accept below -1", "accept[1] is below -1", at("accept", 1, -2)],
    ["decided is 2", "decided[1] must be 0 or 1", at("decided", 1, 2)],
    ["state 0 accepts", "state 0 must be the dead state", at("accept", 0, 3)],
    ["state 0 is not decided", "state 0 must be the dead state", at("decided", 0, 0)],
    ["state 0 defaults elsewhere", "state 0 must be the dead state", at("defaults", 0, 1)],
    [
      "state 0 has a live transition",
      "state 0 must be the dead state",
      (s) => {
        editArray(s, "base", (v) => {
          v[0] = 0;
          return v;
        });
        editArray(s, "check", (v) => {
          v[0] = 0;
          return v;
        });
        editArray(s, "next", (v) => {
          v[0] = 1;
          return v;
        });
      },
    ],
  ])("%s → %j", (_, message, mutate) => {
    const s = valid();
    mutate(s);
    const r = decodeAutomaton(s);
    expect(r).toEqual({ error: expect.stringContaining(message) });
  });

  it.each<[string, unknown]>([
    ["null", null],
    ["a number", 42],
    ["an array", []],
    ["a string", "permc-automaton"],
    [
      "an object whose getter throws",
      Object.defineProperty({}, "format", {
        get: () => {
          throw new Error("boom");
        },
      }),
    ],
    [
      "a proxy whose traps throw",
      new Proxy(
        {},
        {
          get: () => {
            throw new Error("boom");
          },
          getPrototypeOf: () => {
            throw new Error("boom");
          },
        },
      ),
    ],
  ])("returns an error for %s, never throws", (_, input) => {
    expect(() => decodeAutomaton(input)).not.toThrow();
    expect(decodeAutomaton(input)).toHaveProperty("error");
  });
});

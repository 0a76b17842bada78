import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonText } from "../../compiler/frontend/json/parse-json-text.js";
import type { RawValue } from "../../compiler/frontend/raw-value.js";
import { stripJsonComments } from "../../compiler/frontend/json/strip-json-comments.js";

/** A value as `[kind, …]` with object keys in enumeration order, so key order is compared too. */
type Shape = unknown;

function fromJs(v: unknown): Shape {
  if (Array.isArray(v)) return ["list", v.map(fromJs)];
  if (v !== null && typeof v === "object") return ["map", Object.keys(v).map((k) => [k, fromJs((v as Record<string, unknown>)[k])])];
  return ["scalar", v];
}

function fromRaw(v: RawValue): Shape {
  switch (v.kind) {
    case "list":
      return ["list", v.items.map(fromRaw)];
    case "map":
      return ["map", v.entries.map((e) => [e.key, fromRaw(e.value)])];
    case "null":
      return ["scalar", null];
    default:
      return ["scalar", v.value];
  }
}

/** What the reference does: strip comments, then JSON.parse. */
function referenceParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(stripJsonComments(text).text) };
  } catch {
    return { ok: false };
  }
}

const fragment = fc.constantFrom(
  "{",
  "}",
  "[",
  "]",
  ":",
  ",",
  '"a"',
  '"7"',
  '"10"',
  '"__proto__"',
  '"x"',
  "1",
  "-0",
  "01",
  "1.",
  "1e5",
  "-",
  ".5",
  "true",
  "tr",
  "ue",
  "null",
  " ",
  "\n",
  "\t",
  "\r",
  "\uFEFF",
  "\u00A0",
  "\u2028",
  "\v",
  "//c\n",
  "/*c*/",
  "/*",
  "*/",
  "'s'",
  '"\\u00e9"',
  '"\\x"',
  '"a\tb"',
  '"a\\"b"',
  '"\\ud800"',
  "/",
  '"//"',
  '"/*"',
);

const soup = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(""));

const mutatedJson = fc
  .tuple(fc.jsonValue({ maxDepth: 3 }), fc.array(fc.tuple(fc.nat(), fragment), { maxLength: 3 }), fc.boolean())
  .map(([value, inserts, pretty]) => {
    let text = JSON.stringify(value, null, pretty ? 2 : undefined) ?? "null";
    for (const [at, piece] of inserts) {
      const i = at % (text.length + 1);
      text = text.slice(0, i) + piece + text.slice(i);
    }
    return text;
  });

const keyedObject = fc
  .array(fc.tuple(fc.constantFrom("a", "7", "10", "0", "01", "-1", "*", "__proto__", "4294967294", "4294967295"), fc.jsonValue({ maxDepth: 1 })), {
    maxLength: 8,
  })
  .map((members) => `{${members.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(", ")}}`);

describe("the config parser accepts exactly what comment-stripping plus JSON.parse accepts", () => {
  it("agrees on acceptance and on the parsed value, key order included", () => {
    fc.assert(
      fc.property(fc.oneof(soup, mutatedJson, keyedObject), (text) => {
        const ours = parseJsonText("t.json", text);
        const theirs = referenceParse(text);
        expect(ours.value !== null).toBe(theirs.ok);
        if (ours.value && theirs.ok) expect(fromRaw(ours.value)).toEqual(fromJs(theirs.value));
        if (!ours.value) expect(ours.diagnostics.some((d) => d.severity === "error")).toBe(true);
      }),
      { numRuns: 4000 },
    );
  });

  it("never throws and keeps every span inside the file", () => {
    fc.assert(
      fc.property(fc.oneof(soup, mutatedJson, fc.string()), (text) => {
        for (const d of parseJsonText("t.json", text).diagnostics) {
          expect(d.span!.start).toBeGreaterThanOrEqual(0);
          expect(d.span!.end).toBeLessThanOrEqual(text.length);
          expect(d.span!.start).toBeLessThanOrEqual(d.span!.end);
        }
      }),
      // `'/*`: a token the parser reads to the end of the stripped text once ended one past the file.
      { numRuns: 2000, examples: [["'/*"], ["x/*"], ["/*"]] },
    );
  });
});

describe("the comment stripper", () => {
  it.each([
    ["a // b\nc", "a \nc"],
    ["a /* b */ c", "a  c"],
    ['"// not" // yes', '"// not" '],
    ["'/* x' /* y */", "'/* x' "],
    ['"a\\"/*b*/" c', '"a\\"/*b*/" c'],
    ["x /* never closed", "x "],
    ["/**/", ""],
    ["/*/ x */y", "y"],
  ])("%j → %j", (input, output) => {
    const stripped = stripJsonComments(input);
    expect(stripped.text).toBe(output);
    // Every kept character maps back to itself in the original.
    for (let i = 0; i < stripped.text.length; i++) expect(input[stripped.origin[i]!]).toBe(stripped.text[i]);
  });
});

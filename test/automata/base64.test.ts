/** The runtime's own base64 and little-endian element packing. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesToElements, decodeBase64, decodeBase64Portable, elementsToBytes, encodeBase64 } from "../../runtime/base64.js";

describe("base64", () => {
  it("encodes exactly like Node's Buffer and decodes back", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString("base64"));
        expect(decodeBase64(text)).toEqual(bytes);
      }),
    );
  });

  it("handles inputs longer than one encoding chunk", () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 31) & 255);
    expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
  });

  it.each([
    ["A", "length not a multiple of 4"],
    ["AB=A", "padding in the middle"],
    ["A===", "three padding characters"],
    ["AB==AB==", "padding before the end"],
    ["QR==", "unused bits set (non-canonical)"],
    ["QUJ=", "unused bits set in the last group"],
    ["QU J", "a space"],
    ["QUJD\n", "a newline"],
    ["QUJ-", "URL-safe alphabet"],
    ["QUJé", "non-ASCII"],
  ])("rejects %j (%s)", (text) => {
    expect(decodeBase64(text)).toBeNull();
  });

  it("accepts the empty string", () => {
    expect(decodeBase64("")).toEqual(new Uint8Array(0));
  });

  // Under Node the decoder is Buffer made strict by re-encoding; a browser runs the portable one.
  it("decodes (and refuses) exactly as the portable decoder does", () => {
    const near = fc.string({ unit: fc.constantFrom(..."ABQRUgw+/=AJ z-\n".split("")), maxLength: 24 });
    const canonical = fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b).toString("base64"));
    fc.assert(
      fc.property(fc.oneof(near, canonical), (text) => {
        expect(decodeBase64(text)).toEqual(decodeBase64Portable(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("returns bytes of their own, not a view into Buffer's shared pool", () => {
    const bytes = decodeBase64("QUJD")!;
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(3);
  });
});

describe("typed elements", () => {
  it.each([
    ["u16", Uint16Array.from([0, 1, 0x1234, 0xffff]), [0, 0, 1, 0, 0x34, 0x12, 0xff, 0xff]],
    ["u32", Uint32Array.from([0x12345678, 0xffffffff]), [0x78, 0x56, 0x34, 0x12, 0xff, 0xff, 0xff, 0xff]],
    ["i32", Int32Array.from([-1, -2]), [0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff]],
  ] as const)("%s is little-endian on every host", (type, values, bytes) => {
    expect(Array.from(elementsToBytes(values, type))).toEqual(bytes);
    expect(bytesToElements(Uint8Array.from(bytes), type, values.length)).toEqual(values);
  });

  it("refuses a byte count that is not whole elements of the stated length", () => {
    expect(bytesToElements(new Uint8Array(6), "u32", 2)).toBeNull();
    expect(bytesToElements(new Uint8Array(8), "u32", 1)).toBeNull();
  });
});

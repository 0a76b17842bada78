/**
 * The hook's code cache file (cli/code-cache-file.ts): only a cache of exactly
 * this source, made by this node, with its payload intact, reaches V8.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCodeCache, encodeCodeCache } from "../../cli/code-cache-file.js";

const SOURCE = Buffer.from("(function (exports) { exports.answer = 42; })");
const PAYLOAD = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37) & 255));
const FILE = encodeCodeCache(SOURCE, PAYLOAD);

const problem = (file: Buffer, source: Uint8Array = SOURCE) => {
  const read = decodeCodeCache(file, source);
  return "problem" in read ? read.problem : null;
};

describe("the code cache file", () => {
  it("gives back the payload for the source it was made from", () => {
    const read = decodeCodeCache(FILE, SOURCE);
    expect("payload" in read && read.payload.equals(PAYLOAD)).toBe(true);
  });

  it.each([
    ["another source of the same length", () => problem(FILE, Buffer.from(SOURCE.toString().replace("42", "43"))), "source differs"],
    ["a truncated file", () => problem(FILE.subarray(0, FILE.length - 1)), "length differs"],
    ["a payload changed in place", () => problem(Buffer.concat([FILE.subarray(0, -1), Buffer.from([FILE.at(-1)! ^ 1])])), "payload differs"],
    ["bytes appended", () => problem(Buffer.concat([FILE, Buffer.from([0])])), "length differs"],
    ["an empty file", () => problem(Buffer.alloc(0)), "not a permc code cache"],
    ["V8's cache without permc's header", () => problem(PAYLOAD), "not a permc code cache"],
    ["a header of another node", () => problem(Buffer.from(FILE.toString("latin1").replace(process.version, "v0.0.0"), "latin1")), "node differs"],
    ["a header that is not JSON", () => problem(Buffer.from(FILE.toString("latin1").replace('{"node"', '{node"'), "latin1")), "the header is not JSON"],
  ])("refuses %s", (_name, read, expected) => {
    expect(read()).toBe(expected);
  });

  it("refuses the file with any one byte changed", () => {
    fc.assert(
      fc.property(fc.nat({ max: FILE.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const changed = Buffer.from(FILE);
        changed[at] = changed[at]! ^ flip;
        expect(problem(changed)).not.toBeNull();
      }),
    );
  });

  it("refuses the file cut anywhere", () => {
    fc.assert(
      fc.property(fc.nat({ max: FILE.length - 1 }), (length) => {
        expect(problem(FILE.subarray(0, length))).not.toBeNull();
      }),
    );
  });
});

/**
 * runtime/paths/normal-path.ts: `isNormalAbsolute` holds exactly for the
 * paths `path.posix.resolve` returns unchanged, the law its callers rely on
 * when they skip the resolve (a property over paths built from the segments
 * that make a path abnormal: empty, `.`, `..`, dot names, trailing slashes).
 */
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isNormalAbsolute, isPlainName } from "../../runtime/paths/normal-path.js";

const segment = fc.constantFrom("", ".", "..", "...", ".env", "..x", "a.", "a..", "a", "b.c", "x/");
const aPath = fc
  .tuple(fc.constantFrom("/", "", "./"), fc.array(segment, { maxLength: 6 }), fc.constantFrom("", "/"))
  .map(([head, segs, tail]) => head + segs.join("/") + tail);

describe("isNormalAbsolute", () => {
  it("is true exactly where path.posix.resolve leaves an absolute path as it is", () => {
    fc.assert(
      fc.property(aPath, (p) => {
        expect(isNormalAbsolute(p)).toBe(p.startsWith("/") && path.posix.resolve(p) === p);
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ["/", true],
    ["/a/.env", true],
    ["/a/..b", true],
    ["/a/.", false],
    ["/a/..", false],
    ["/a/./b", false],
    ["/a/../b", false],
    ["/.", false],
    ["/a/", false],
    ["//a", false],
    ["a/b", false],
  ])("%s → %s", (p, want) => {
    expect(isNormalAbsolute(p)).toBe(want);
  });
});

describe("isPlainName", () => {
  it.each([
    ["a", true],
    [".env", true],
    ["", false],
    [".", false],
    ["..", false],
    ["a/b", false],
  ])("%s → %s", (v, want) => {
    expect(isPlainName(v)).toBe(want);
  });
});

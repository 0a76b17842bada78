import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isInside, isOutsideCwd, relativeInside } from "../../runtime/paths/inside.js";

// [dir, target, relative path when inside (null: outside)]
const POSIX: ReadonlyArray<readonly [string, string, string | null]> = [
  ["/p", "/p", ""],
  ["/p", "/p/a", "a"],
  ["/p", "/p/..foo", "..foo"], // a name starting with `..` is an ordinary name
  ["/p", "/p/...", "..."],
  ["/p", "/p/..foo/../..", null], // normalised first: `/`
  ["/p", "/p/a/../..", null],
  ["/p", "/p/a/..", ""],
  ["/p", "/p/./a/", "a"],
  ["/p/", "/p/a", "a"], // trailing separator on the directory
  ["/p", "/p/", ""],
  ["/p", "/", null],
  ["/p", "/pq", null], // a sibling sharing the prefix
  ["/p", "/p..", null],
  ["/p", "/q/p", null],
  ["/p", "/p/../p/a", "a"],
  ["/", "/", ""], // the root contains everything
  ["/", "/etc/passwd", "etc/passwd"],
  ["/", "/..foo", "..foo"],
];

const WIN32: ReadonlyArray<readonly [string, string, string | null]> = [
  ["c:\\p", "c:\\p\\a", "a"],
  ["c:\\p", "c:\\p\\..foo", "..foo"],
  ["c:\\p", "c:\\p\\a\\..\\..", null],
  ["c:\\p", "d:\\p\\a", null], // another drive
  ["c:\\", "c:\\x", "x"],
];

describe("runtime/paths/inside", () => {
  it.each(POSIX)("posix: %s contains %s → %j", (dir, target, rel) => {
    expect(relativeInside(dir, target, path.posix)).toBe(rel);
    expect(isInside(dir, target, path.posix)).toBe(rel !== null);
  });

  it.each(WIN32)("win32: %s contains %s → %j", (dir, target, rel) => {
    expect(relativeInside(dir, target, path.win32)).toBe(rel);
  });

  it.each([
    ["/p/..foo", "/p", false],
    ["/p/../x", "/p", true], // resolved: /x
    ["/x", "/p", true],
    ["/dev/null", "/p", false], // a standard device
    ["/dev/sda", "/p", true],
    ["/etc", "", false], // no working directory: nothing is judged outside
    ["/etc", "/", false],
  ] as const)("isOutsideCwd(%s, cwd %s) is %s", (canonical, cwd, outside) => {
    expect(isOutsideCwd(canonical, cwd)).toBe(outside);
  });

  // Law: relativeInside answers as path.relative does, whatever the shape (normal absolute paths take a prefix test).
  it("posix: agrees with path.relative on generated paths, normal or not", () => {
    const segment = fc.constantFrom("p", "pq", "a", "..foo", "...", ".", "..", "", "p.");
    const pathOf = fc
      .tuple(fc.boolean(), fc.array(segment, { maxLength: 5 }), fc.boolean())
      .map(([absolute, parts, trailing]) => `${absolute ? "/" : ""}${parts.join("/")}${trailing ? "/" : ""}`);
    fc.assert(
      fc.property(pathOf, pathOf, (dir, target) => {
        const rel = path.posix.relative(dir, target);
        const want = rel === "" ? "" : rel === ".." || rel.startsWith("../") || path.posix.isAbsolute(rel) ? null : rel;
        expect(relativeInside(dir, target, path.posix)).toBe(want);
      }),
      { numRuns: 3000 },
    );
  });
});

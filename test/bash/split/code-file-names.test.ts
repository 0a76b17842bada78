/**
 * split/code-file-names.ts: whether a written file's name is one of the kinds
 * a program runs. The `*.ext` kinds are looked up once per dot of the name,
 * and the other globs of `*` alone are joined into one RegExp; the law: the answer is the plain reading of the kinds (an exact name, a
 * suffix longer than nothing before it, a glob), for any name.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANY_CODE, APT_CONFIGURATION, GIT_CONFIGURATION_AND_HOOKS, PYTHON_CODE } from "../../../runtime/bash/programs/knowledge/implicit-code.js";
import { mayMatchGlob } from "../../../runtime/bash/paths/name-glob.js";
import { hasDirectoryKinds, isCodeFile, isCodeFileIn } from "../../../runtime/bash/split/code-file-names.js";

/** The kinds read one by one, as fnmatch would (the matcher's own globs for the rest). */
function plainReading(kinds: readonly string[], name: string): boolean {
  return kinds.some((k) => {
    if (k.includes("/")) return false; // a `DIR/GLOB` kind: isCodeFileIn's
    if (!/[*?[]/.test(k)) return k === name;
    if (/^\*\.[^*?[]+$/.test(k)) return name.length > k.length - 1 && name.endsWith(k.slice(1));
    return mayMatchGlob(k)(name);
  });
}

/** Names built from the pieces the kinds are made of, so matches are common. */
const PIECES = [
  ...["", ".", "..", "a", "x", "py", "ts", "config", "json", "tf", "env", "rc", "Makefile", "Dockerfile", "local", "lock", "-", "_"],
  // The joined `*` globs' pieces, and a character that makes every glob unsure.
  ...["mise", "toml", "cargo", "lefthook", "husky", "lintstaged", "\ufffd", "é"],
];
const name = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(""));

describe("isCodeFile", () => {
  it.each([
    ["x.py", true],
    [".py", false],
    ["a.config.json", true],
    ["data.json", false],
    ["main.tf", true],
    ["main.tf.json", true],
    ["Dockerfile.dev", true],
    [".env.local", true],
    ["notes.txt", false],
    ["Makefile", true],
  ])("%s → %s", (file, want) => {
    expect(isCodeFile(ANY_CODE, file)).toBe(want);
  });

  it("answers as the kinds read one by one, for any name and list", () => {
    for (const kinds of [ANY_CODE, PYTHON_CODE, GIT_CONFIGURATION_AND_HOOKS]) {
      fc.assert(
        fc.property(name, (n) => isCodeFile(kinds, n) === plainReading(kinds, n)),
        { numRuns: 2000 },
      );
    }
  });
});

describe("isCodeFileIn: the `DIR/GLOB` kinds, by the directory a file lands in", () => {
  it.each([
    ["99x", "apt.conf.d", true],
    ["x.list", "sources.list.d", true],
    ["99x", "proj", false],
    ["x", "dpkg.cfg.d", true],
    // A directory permc cannot tell: any of them may be it.
    ["99x", null, true],
  ] as const)("%s in %s → %s", (file, dir, want) => {
    expect(isCodeFileIn(APT_CONFIGURATION, file, dir)).toBe(want);
  });

  it("leaves them out of the base-name match, and a list without them answers no", () => {
    expect(isCodeFile(APT_CONFIGURATION, "99x")).toBe(false);
    expect(isCodeFile(APT_CONFIGURATION, "apt.conf")).toBe(true);
    expect(hasDirectoryKinds(APT_CONFIGURATION)).toBe(true);
    expect(hasDirectoryKinds(ANY_CODE)).toBe(false);
    expect(isCodeFileIn(ANY_CODE, "99x", null)).toBe(false);
  });
});

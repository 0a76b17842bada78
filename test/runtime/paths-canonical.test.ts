/**
 * The canonical form of a path is what the kernel opens. `/proc/PID/root` is
 * a process's root directory: realpath cannot read the link of another
 * user's process, but that process's owner opens files through it, so a rule
 * written for `/etc/*` must see `/proc/PID/root/etc/passwd` as `/etc/passwd`.
 */
import { existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalPath, type EntryKind } from "../../runtime/paths/canonical.js";
import { tempDir } from "../support/temp-dir.js";

describe("canonicalPath", () => {
  it("resolves symlinks in the existing prefix and keeps the rest", () => {
    const dir = tempDir("canonical");
    mkdirSync(path.join(dir, "real"));
    writeFileSync(path.join(dir, "real", "f"), "");
    symlinkSync(path.join(dir, "real"), path.join(dir, "link"));
    expect(canonicalPath(path.join(dir, "link", "f"))).toBe(path.join(dir, "real", "f"));
    expect(canonicalPath(path.join(dir, "link", "missing", "g"))).toBe(path.join(dir, "real", "missing", "g"));
  });

  it.each([
    ["/proc/self/root/etc/passwd", "/etc/passwd"],
    ["/proc/thread-self/root/etc/hosts", "/etc/hosts"],
    // No such process: the link cannot be read, and it is still a root directory.
    ["/proc/999999999/root/etc/passwd", "/etc/passwd"],
    ["/proc/999999999/task/999999999/root/etc/shadow", "/etc/shadow"],
    ["/proc/999999999/root", "/"],
  ])("reads %s as %s", (input, canonical) => {
    expect(canonicalPath(input)).toBe(canonical);
  });

  it("gives the same answer whether the path is said to be likely there or not (that only orders the system calls)", () => {
    const dir = tempDir("canonical-likely");
    mkdirSync(path.join(dir, "real", "sub"), { recursive: true });
    writeFileSync(path.join(dir, "real", "f"), "");
    symlinkSync(path.join(dir, "real"), path.join(dir, "link"));
    symlinkSync(path.join(dir, "nowhere"), path.join(dir, "dangling"));
    const names = [
      "",
      "real",
      "real/f",
      "real/sub",
      "link",
      "link/f",
      "link/sub/g",
      "link/missing/h",
      "missing",
      "missing/x",
      "dangling",
      "dangling/y",
      "real/f/z",
    ];
    for (const name of names) {
      const p = path.join(dir, name);
      // One memo shared by both orders too, as a tool call shares it between its lookups.
      const shared = new Map<string, string | null>();
      const expected = canonicalPath(p, new Map(), false);
      expect(canonicalPath(p, new Map(), true), name).toBe(expected);
      expect(canonicalPath(p, shared, true), name).toBe(expected);
      expect(canonicalPath(p, shared, false), name).toBe(expected);
    }
  });

  it("leaves other /proc names alone", () => {
    expect(canonicalPath("/proc/999999999/rootfs/x")).toBe("/proc/999999999/rootfs/x");
  });
});

/** The law: the realpath of the longest prefix that exists (following symlinks), then the rest of the names. */
function longestExistingPrefix(absolute: string): string {
  const rest: string[] = [];
  for (let head = absolute; ; head = path.dirname(head)) {
    if (existsSync(head)) return rest.length === 0 ? realpathSync.native(head) : path.resolve(realpathSync.native(head), ...rest.reverse());
    if (path.dirname(head) === head) return absolute;
    rest.push(path.basename(head));
  }
}

describe("canonicalPath against its law", () => {
  const NAMES = ["a", "b", "f", "l", "m", "d", "x"] as const;
  /** A tree: directories a, a/b, files, and symlinks to directories, files, the tree's root, nowhere, and each other. */
  const treeArb = fc.record({
    links: fc.array(
      fc.tuple(fc.constantFrom("l", "a/l", "a/b/l", "m", "a/m", "d"), fc.constantFrom("a", "a/b", "/", "f", "a/f", "nowhere", "l", "../a", "b", ".", "m")),
      { maxLength: 4 },
    ),
  });
  const pathArb = fc.array(fc.constantFrom(...NAMES), { minLength: 0, maxLength: 5 });

  it("is the realpath of the longest existing prefix plus the rest, whatever the memo already knows", () => {
    let compared = 0;
    fc.assert(
      fc.property(treeArb, fc.array(pathArb, { minLength: 1, maxLength: 4 }), fc.boolean(), (tree, paths, likely) => {
        const root = tempDir("canonical-law");
        mkdirSync(path.join(root, "a", "b"), { recursive: true });
        writeFileSync(path.join(root, "f"), "");
        writeFileSync(path.join(root, "a", "f"), "");
        for (const [name, target] of tree.links) {
          try {
            symlinkSync(target === "/" ? root : target, path.join(root, name));
          } catch {
            // Two links of one name, or one under a missing directory: the first stands.
          }
        }
        // One memo for every path, as one tool call shares it; and one that starts from the tree's root, known as a
        // call knows its working directory's real path, with the kinds of entry its probes saw.
        const memo = new Map<string, string | null>();
        const fromRoot = new Map<string, string | null>([[root, realpathSync.native(root)]]);
        const entries = new Map<string, EntryKind>();
        for (const names of paths) {
          const p = path.join(root, ...names);
          expect(canonicalPath(p, memo, likely), p).toBe(longestExistingPrefix(p));
          expect(canonicalPath(p, new Map(), !likely), p).toBe(longestExistingPrefix(p));
          expect(canonicalPath(p, fromRoot, likely, entries), p).toBe(longestExistingPrefix(p));
          compared++;
        }
      }),
      { numRuns: 150, seed: 7 },
    );
    expect(compared).toBeGreaterThan(150);
  });
});

/**
 * A path with `..` is opened by the kernel from where the path so far really
 * is: after a symlink, `..` steps up from the link's target. The oracle is
 * the kernel itself: realpath(3) (`fs.realpathSync.native`) of every
 * generated path that exists must equal permc's canonical form of its
 * kernel walk, over a tree with links to directories elsewhere, to parents
 * and to links.
 */
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalPath } from "../../runtime/paths/canonical.js";
import { kernelResolve } from "../../runtime/paths/kernel-resolve.js";
import { tempDir } from "../support/temp-dir.js";

let root: string;

beforeAll(() => {
  root = tempDir("kernel-resolve");
  // root/a/b/c/f, root/x/y/g, and links: a/l → x/y (elsewhere), a/b/up → .. (a parent), x/ll → ../a/l (a link to a link).
  mkdirSync(path.join(root, "a", "b", "c"), { recursive: true });
  mkdirSync(path.join(root, "x", "y"), { recursive: true });
  writeFileSync(path.join(root, "a", "b", "c", "f"), "");
  writeFileSync(path.join(root, "x", "y", "g"), "");
  writeFileSync(path.join(root, "x", "h"), "");
  symlinkSync(path.join(root, "x", "y"), path.join(root, "a", "l"));
  symlinkSync("..", path.join(root, "a", "b", "up"));
  symlinkSync(path.join("..", "a", "l"), path.join(root, "x", "ll"));
});

const canonical = (p: string): string => canonicalPath(p, new Map());

describe("kernelResolve", () => {
  it("steps up from a symlink's target, not from its name", () => {
    // a/l → x/y, so a/l/.. is x and a/l/../h is x/h (path.resolve would say a/h).
    expect(canonical(kernelResolve("/", path.join(root, "a", "l") + "/../h", canonical))).toBe(path.join(root, "x", "h"));
  });

  it("starts a relative path from the real working directory", () => {
    expect(canonical(kernelResolve(path.join(root, "a", "l"), "../h", canonical))).toBe(path.join(root, "x", "h"));
  });

  it("reads /proc/self/cwd as the working directory of the process that opens the path", () => {
    expect(kernelResolve("/", "/proc/self/cwd/../h", canonical, path.join(root, "x", "y"))).toBe(path.join(root, "x", "h"));
    expect(kernelResolve("/", "/proc/thread-self/cwd/g", canonical, path.join(root, "x", "y"))).toBe(path.join(root, "x", "y", "g"));
  });

  it("agrees with the kernel's realpath on every existing path", () => {
    const part = fc.constantFrom("a", "b", "c", "f", "x", "y", "g", "h", "l", "ll", "up", "..", ".");
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), (parts) => {
        const raw = `${root}/${parts.join("/")}`;
        let real: string;
        try {
          real = realpathSync.native(raw);
        } catch {
          return; // the kernel opens nothing there
        }
        expect(canonical(kernelResolve("/", raw, canonical))).toBe(real);
      }),
      { numRuns: 400 },
    );
  });
});

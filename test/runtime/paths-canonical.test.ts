/**
 * The canonical form of a path is what the kernel opens. `/proc/PID/root` is
 * a process's root directory: realpath cannot read the link of another
 * user's process, but that process's owner opens files through it, so a rule
 * written for `/etc/*` must see `/proc/PID/root/etc/passwd` as `/etc/passwd`.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalPath } from "../../runtime/paths/canonical.js";
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

/**
 * Pi's grep and find tools search everything under the directory they are
 * given (the working directory when none is), and ls lists a directory: a
 * file there that a rule denies is touched, not named, so the call asks
 * (issue 11 §6). A directory too large to list is a prefix query: any rule
 * that can match something under it asks.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createGate, type Policy } from "../../runtime/index.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { tempDir } from "../support/temp-dir.js";

let policy: Policy;
let root: string;
let cwd: string;
let home: string;

beforeAll(async () => {
  root = tempDir("walking-tools");
  cwd = path.join(root, "proj");
  home = path.join(root, "home");
  mkdirSync(path.join(cwd, "src", "deep"), { recursive: true });
  mkdirSync(path.join(cwd, "clean"), { recursive: true });
  mkdirSync(path.join(cwd, "big"), { recursive: true });
  mkdirSync(path.join(home, ".ssh"), { recursive: true });
  writeFileSync(path.join(cwd, ".env"), "SECRET=1\n");
  writeFileSync(path.join(cwd, "src", "deep", "local.env"), "SECRET=2\n");
  writeFileSync(path.join(cwd, "clean", "a.ts"), "");
  for (let i = 0; i < 2_100; i++) writeFileSync(path.join(cwd, "big", `f${i}.txt`), "");
  writeFileSync(path.join(home, ".ssh", "id_rsa"), "key\n");
  policy = (await compileAndLoad([piJson({ "*": "allow", path: { "*": "allow", "*.env": "deny", "~/.ssh/*": "deny" } })], { home })).policy!;
});

const decide = async (tool: string, input: Record<string, unknown>) => (await createGate(policy, { cwd, home }).decide({ tool, input })).action;

describe("grep, find and ls on a directory", () => {
  it.each([
    ["grep", { pattern: "x" }, "ask"],
    ["grep", { pattern: "x", path: "src" }, "ask"],
    ["grep", { pattern: "x", path: "clean" }, "allow"],
    ["grep", { pattern: "x", path: "~/.ssh" }, "ask"],
    ["find", { pattern: "*" }, "ask"],
    ["find", { pattern: "*", path: "clean" }, "allow"],
    ["ls", { path: "~/.ssh" }, "ask"],
    ["ls", { path: "clean" }, "allow"],
    // ls lists one level: src holds no denied entry directly.
    ["ls", { path: "src" }, "allow"],
    // A named file is still decided by its rule.
    ["grep", { pattern: "x", path: ".env" }, "deny"],
    ["read", { path: "src" }, "allow"],
  ])("%s %j → %s", async (tool, input, action) => {
    expect(await decide(tool, input)).toBe(action);
  });

  it("a directory too large to list asks when a rule can match something under it", async () => {
    expect(await decide("grep", { pattern: "x", path: "big" })).toBe("ask");
    const allowAll = (await compileAndLoad([piJson({ "*": "allow", path: { "*": "allow", "/nowhere/*": "deny" } })], { home })).policy!;
    expect((await createGate(allowAll, { cwd, home }).decide({ tool: "grep", input: { pattern: "x", path: "big" } })).action).toBe("allow");
  });
});

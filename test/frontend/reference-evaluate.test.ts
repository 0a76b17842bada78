import { describe, expect, it } from "vitest";
import type { PolicyIR, Rule } from "../../compiler/ir.js";
import { expandHomeInPattern, referenceEvaluate, wildcardMatches } from "../support/reference-evaluate.js";

const HOME = "/home/tester";

describe("the oracle's wildcard semantics", () => {
  it.each([
    ["*", "", true],
    ["*", "a\nb", true],
    ["a*b", "a\nb", true],
    ["?", "\n", true],
    ["?", "é", true],
    ["?", "😀", false],
    ["??", "😀", true],
    ["é*", "e\u0301clair", false],
    ["git *", "git", true],
    ["git *", "git ", true],
    ["git *", "git status", true],
    ["git *", "gitk", false],
    ["git *", "git\tstatus", false],
    ["docker  *", "docker ", true],
    ["cargo * *", "cargo build", true],
    ["cargo * *", "cargo", false],
    [" *", "", true],
    [" *", " x", true],
    ["tar*", "tarball", true],
    ["[ab]", "a", false],
    ["[ab]", "[ab]", true],
    ["a.b", "axb", false],
    ["a+b", "a+b", true],
    ["(x)", "(x)", true],
    ["^a", "^a", true],
    ["\\*", "\\anything", true],
    ["\\?", "\\x", true],
    ["shutdown", "shutdown\n", false],
    ["reboot *", "reboot now\n", true],
    ["é", "É", false],
    ["src/*", "src/a/b/c.ts", true],
    ["**", "anything/at/all", true],
  ])("%j matches %j: %s", (pattern, value, expected) => {
    expect(wildcardMatches(pattern, value, HOME, false)).toBe(expected);
  });
});

describe("home expansion in patterns", () => {
  it.each([
    ["~", HOME],
    ["$HOME", HOME],
    ["~/", HOME],
    ["~/.ssh/*", `${HOME}/.ssh/*`],
    ["~\\win/*", `${HOME}/win/*`],
    ["$HOME/a/../b/*", `${HOME}/b/*`],
    ["~/*/../x", `${HOME}/x`],
    ["~foo/x", "~foo/x"],
    ["$HOMEx", "$HOMEx"],
    ["x/~/y", "x/~/y"],
  ])("%j expands to %j", (pattern, expanded) => {
    expect(expandHomeInPattern(pattern, HOME)).toBe(expanded);
  });
});

describe("win32 folding applies to path surfaces only", () => {
  it.each([
    ["C:/Users/*/.ssh/*", "c:\\users\\bob\\.ssh\\id_rsa", true, true],
    ["/tmp/*", "/tmp/x", true, false],
    ["/tmp/*", "\\tmp\\x", true, true],
    ["DIR *", "dir x", false, false],
    ["*.ENV", "a.env", true, true],
  ])("%j vs %j (folded: %s) → %s", (pattern, value, folded, expected) => {
    expect(wildcardMatches(pattern, value, HOME, folded)).toBe(expected);
  });
});

const rule = (surface: string, pattern: string, action: Rule["action"], extra: Partial<Rule> = {}): Rule => ({
  surface,
  pattern,
  action,
  origin: "global",
  layer: "config",
  ...extra,
});

const policy: PolicyIR = {
  rules: [
    rule("*", "*", "ask", { layer: "default", origin: "builtin" }),
    rule("mcp", "mcp_status", "allow", { layer: "baseline", origin: "baseline" }),
    rule("read", "*", "allow"),
    rule("read", "C:/secret/*", "deny"),
    rule("read*", "*", "ask"),
    rule("bash", "npm *", "deny", { reason: "use pnpm" }),
    rule("my tool *", "*", "deny"),
  ],
  knobs: { yoloMode: false, piInfrastructureReadPaths: [], shellTools: {} },
};
const opts = { home: HOME, platform: "posix", yolo: false } as const;

describe("referenceEvaluate: last match wins", () => {
  it("reports the default rule without a pattern", () => {
    expect(referenceEvaluate(policy, "write", "x", opts)).toEqual({
      action: "ask",
      matchedPattern: null,
      origin: "builtin",
      layer: "default",
      ruleSurface: "*",
      rulePattern: "*",
    });
  });

  it("reports a baseline hit without a pattern", () => {
    expect(referenceEvaluate(policy, "mcp", "mcp_status", opts)).toMatchObject({ action: "allow", matchedPattern: null, origin: "baseline" });
  });

  it("treats surface keys as wildcards: a later `read*` beats `read`", () => {
    expect(referenceEvaluate(policy, "read", "a", opts)).toMatchObject({ action: "ask", ruleSurface: "read*", matchedPattern: "*" });
    expect(referenceEvaluate(policy, "readme", "a", opts)).toMatchObject({ action: "ask", ruleSurface: "read*" });
  });

  it("applies the trailing-space rule to surface keys", () => {
    expect(referenceEvaluate(policy, "my tool", "*", opts)).toMatchObject({ action: "deny", ruleSurface: "my tool *" });
    expect(referenceEvaluate(policy, "my toolx", "*", opts)).toMatchObject({ action: "ask", layer: "default" });
  });

  it("carries the deny reason", () => {
    expect(referenceEvaluate(policy, "bash", "npm i", opts)).toEqual({
      action: "deny",
      matchedPattern: "npm *",
      reason: "use pnpm",
      origin: "global",
      layer: "config",
      ruleSurface: "bash",
      rulePattern: "npm *",
    });
  });

  it("rewrites ask to allow under yolo, with origin yolo, and leaves deny alone", () => {
    const yolo = { ...opts, yolo: true };
    expect(referenceEvaluate(policy, "write", "x", yolo)).toMatchObject({ action: "allow", origin: "yolo", layer: "default" });
    expect(referenceEvaluate(policy, "bash", "npm i", yolo)).toMatchObject({ action: "deny", origin: "global" });
  });

  it("returns the synthetic builtin ask when nothing matches", () => {
    const empty: PolicyIR = { ...policy, rules: [rule("bash", "ls", "allow")] };
    expect(referenceEvaluate(empty, "read", "x", opts)).toEqual({
      action: "ask",
      matchedPattern: null,
      origin: "builtin",
      layer: null,
      ruleSurface: "read",
      rulePattern: "x",
    });
  });
});

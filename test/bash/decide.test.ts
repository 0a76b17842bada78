/**
 * decideBash: floors, combination, ties, whole-string resolution and the
 * unparseable sentinel, on hand-built splits (no parser involved).
 */
import { describe, expect, it } from "vitest";
import { decideBash, matchValue } from "../../runtime/bash/decide.js";
import type { UnitCheck } from "../../runtime/bash/decide.js";
import type { BashSplit, BashUnit } from "../../runtime/bash/split.js";
import { checkerFor } from "./helpers.js";

function splitOf(units: BashUnit[], extra: Partial<BashSplit> = {}): BashSplit {
  return {
    command: units.map((u) => u.text).join(" && "),
    units,
    hasError: false,
    tooLarge: false,
    failed: false,
    empty: false,
    commentOnly: false,
    ruleCandidates: [],
    externalPaths: [],
    externalRoles: [],
    bareTokens: [],
    pathPatterns: [],
    ...extra,
  };
}

const permissive = checkerFor({ rules: { "*": "allow", "rm *": "deny", "curl *": "ask" } });
const withReason = checkerFor({ rules: { "*": { action: "allow", reason: "fine" }, "sudo *": { action: "deny", reason: "no root" } } });

describe("decideBash floors", () => {
  it.each([
    ["an allowed opaque wrapper asks", { text: "bash -c ls", floor: { kind: "opaque", reason: "test" } } as BashUnit, "ask", "<opaque-bash-wrapper>"],
    ["an allowed indirection asks", { text: "nohup make", floor: { kind: "indirection", reason: "test" } } as BashUnit, "ask", "<indirection-bash-wrapper>"],
    ["a denied wrapper keeps its own pattern", { text: "rm x", floor: { kind: "indirection", reason: "test" } } as BashUnit, "deny", "rm *"],
    ["an asked wrapper keeps its own pattern", { text: "curl x", floor: { kind: "opaque", reason: "test" } } as BashUnit, "ask", "curl *"],
    ["an unparseable marker asks", { text: "x", derived: true, unparseable: true } as BashUnit, "ask", "<unparseable-bash-command>"],
  ])("%s", (_label, unit, action, pattern) => {
    const d = decideBash(unit.text, splitOf([{ text: "true" }, unit]), permissive);
    expect(d.action).toBe(action);
    expect(d.matchedPattern).toBe(pattern);
  });

  it("a wrapper floor keeps origin and reason from the allow it replaces", () => {
    const d = decideBash("nice make", splitOf([{ text: "nice make", floor: { kind: "indirection", reason: "test" } }]), withReason);
    expect(d).toMatchObject({ action: "ask", matchedPattern: "<indirection-bash-wrapper>", origin: "global", reason: "fine" });
  });

  it("a deny keeps its reason", () => {
    const d = decideBash("sudo ls", splitOf([{ text: "sudo ls", floor: { kind: "indirection", reason: "test" } }]), withReason);
    expect(d).toMatchObject({ action: "deny", matchedPattern: "sudo *", reason: "no root" });
  });
});

describe("decideBash combination", () => {
  it("the most restrictive unit wins", () => {
    const d = decideBash("x", splitOf([{ text: "ls" }, { text: "curl a" }, { text: "rm b" }, { text: "curl c" }]), permissive);
    expect(d).toMatchObject({ action: "deny", command: "rm b", unitIndex: 2 });
  });

  it("ties go to the first unit", () => {
    const d = decideBash("x", splitOf([{ text: "curl a" }, { text: "curl b", context: "subshell" }]), permissive);
    expect(d.command).toBe("curl a");
    expect(d.context).toBeUndefined();
  });

  it("ties prefer a unit the reference reports over an earlier derived unit", () => {
    const d = decideBash("x", splitOf([{ text: "curl a", derived: true, derivation: "unwrapped" }, { text: "curl b" }]), permissive);
    expect(d.command).toBe("curl b");
  });

  it("a derived unit decides when it is strictly more restrictive", () => {
    const d = decideBash(
      "x",
      splitOf([
        { text: "sudo rm x", floor: { kind: "indirection", reason: "test" } },
        { text: "rm x", derived: true },
      ]),
      permissive,
    );
    expect(d).toMatchObject({ action: "deny", command: "rm x", matchedPattern: "rm *" });
  });

  it("reports the deciding unit's context", () => {
    const d = decideBash("x", splitOf([{ text: "echo $(rm x)" }, { text: "rm x", context: "command_substitution" }]), permissive);
    expect(d.context).toBe("command_substitution");
  });

  it("lists every unit with its own result and floor", () => {
    const d = decideBash("x", splitOf([{ text: "ls" }, { text: "env ls", floor: { kind: "indirection", reason: "test" } }]), permissive);
    expect(d.units).toEqual([
      { text: "ls", action: "allow", matchedPattern: "*" },
      { text: "env ls", action: "ask", matchedPattern: "<indirection-bash-wrapper>", floor: "indirection", floorReason: "test" },
    ]);
  });

  it("a malformed checker result is treated as deny", () => {
    const bad = (() => ({ action: "maybe" })) as unknown as (v: string) => UnitCheck;
    expect(decideBash("ls", splitOf([{ text: "ls" }]), bad).action).toBe("deny");
  });
});

describe("decideBash whole-command cases", () => {
  it("an empty command is resolved whole as the empty string", () => {
    const seen: string[] = [];
    const d = decideBash("  \n", splitOf([], { empty: true }), (v) => {
      seen.push(v);
      return { action: "ask", matchedPattern: null, origin: "builtin" };
    });
    expect(seen).toEqual([""]);
    expect(d).toMatchObject({ action: "ask", matchedPattern: null, command: "" });
  });

  it("a comment-only command is resolved whole, matching its raw text", () => {
    const seen: string[] = [];
    decideBash("# a\n# b", splitOf([], { commentOnly: true }), (v) => {
      seen.push(v);
      return { action: "allow", matchedPattern: "*", origin: "global" };
    });
    expect(seen).toEqual(["# a\n# b"]);
  });

  it.each([
    ["no units (bare redirection)", splitOf([])],
    ["a failed split", splitOf([{ text: "ls" }], { failed: true })],
    ["an oversized command", splitOf([], { tooLarge: true })],
    ["a parse error with allowed units", splitOf([{ text: "ls" }, { text: ")" }], { hasError: true })],
    ["only permc's units", splitOf([{ text: "ls", derived: true }])],
  ])("%s asks with <unparseable-bash-command>", (_label, s) => {
    const d = decideBash("> f", s, permissive);
    expect(d).toMatchObject({ action: "ask", matchedPattern: "<unparseable-bash-command>", origin: "builtin" });
  });

  it("a parse error does not soften a deny", () => {
    const d = decideBash("rm x; ;", splitOf([{ text: "rm x; ;" }, { text: "rm x", derived: true }], { hasError: true }), permissive);
    expect(d).toMatchObject({ action: "deny", matchedPattern: "rm *" });
  });
});

describe("matchValue", () => {
  it.each([
    ["ls", "ls"],
    ["  ls  ", "ls"],
    ["if true; then\n# c\nrm x\nfi", "if true; then\nrm x\nfi"],
    ["  # only\n   # comments", "  # only\n   # comments"],
    ["echo a # trailing stays", "echo a # trailing stays"],
    ["", ""],
    ["   ", "   "],
  ])("%j is matched as %j", (unit, value) => {
    expect(matchValue(unit)).toBe(value);
  });
});

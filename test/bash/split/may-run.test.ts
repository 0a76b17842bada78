/**
 * Programs permc knows nothing about may run their arguments (`envdir ./env rm x`):
 * when the arguments spell a command a rule naming its program would not
 * allow, the unit asks; leaf programs, known records and commands the policy
 * allows are unchanged.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../../runtime/bash/syntax/parser.js";
import { findRecord } from "../../../runtime/bash/programs/knowledge/index.js";
import { LEAF_PROGRAMS } from "../../../runtime/bash/programs/knowledge/leaf-programs.js";
import { decideBash } from "../../../runtime/bash/decide.js";
import { DENY_RM, checkerFor, decide, parser, split, type RuleMap } from "../helpers.js";

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

const ALLOWLIST: RuleMap = { universal: "ask", rules: { "mytool *": "allow", "eslint *": "allow", "rm *": "deny" } };
const DENY_CURL: RuleMap = { rules: { "*": "allow", "curl *": "deny" } };
const DENY_RM_GLOB: RuleMap = { rules: { "*": "allow", "r?*": "deny", "ls *": "allow" } };

describe("an unknown program whose arguments spell a restricted command asks", () => {
  it.each([
    ["envdir ./env rm victim", DENY_RM],
    ["setuidgid nobody rm victim", DENY_RM],
    ["dtach -n /tmp/s /bin/rm victim", DENY_RM],
    ["mispipe true 'rm victim'", DENY_RM],
    ["tsp sh -c 'true; rm victim'", DENY_RM],
    ["lckdo /tmp/l -- rm victim", DENY_RM],
    ["mytool rm victim", ALLOWLIST],
    ["mytool --diff-program=rm victim", DENY_RM],
    // nvcc's host compiler: `NVCC_PREPEND_FLAGS=-ccbin=rm nvcc -c k.cu` ran rm (hunt sandbox); an option's attached one-word value.
    ["nvcc -ccbin=rm -c k.cu", DENY_RM],
    ["nvcc --compiler-bindir=/usr/bin/rm -c k.cu", DENY_RM],
    ["mytool --pager 'rm victim' x", DENY_RM],
    // An attached value holding blanks is a command line too, and a shell or interpreter handed code runs what no rule
    // sees: `chromium --renderer-cmd-prefix='bash -c rm${IFS}victim'` removed the victim (a hunt, 2026-12-07).
    ["chromium --renderer-cmd-prefix='rm victim' about:blank", DENY_RM],
    ["chromium --renderer-cmd-prefix='bash -c rm${IFS}victim' about:blank", DENY_RM],
    ["mytool python3 -c 'import os'", DENY_RM],
    ["mytool node --eval='require(1)'", DENY_RM],
    ["mytool -c'rm victim'", DENY_RM],
    ['mytool -xc"true; rm victim"', DENY_RM],
    ["envdir ./env rm victim", DENY_RM_GLOB],
    ["mvn exec:exec -Dexec.executable=rm -Dexec.args=victim", DENY_RM],
    // bun runs a program from PATH that its first operand names (`bun NAME`, `bun run NAME`), past its options.
    ["bun run rm victim", DENY_RM],
    ["bun curl https://example.com", DENY_CURL],
    ["bun --silent curl https://example.com", DENY_CURL],
    ["bun --cwd /tmp curl https://example.com", DENY_CURL],
    ["bun run --cwd /tmp curl https://example.com", DENY_CURL],
    ["pnpm curl https://example.com", DENY_CURL],
    ["pnpm --filter web curl https://example.com", DENY_CURL],
  ])("%s", (command, policy) => {
    const d = decide(p, command, policy);
    expect(d.action).toBe("ask");
    expect(d.units.some((u) => u.floor === "indirection" && /spell `/.test(u.floorReason ?? ""))).toBe(true);
  });
});

describe("and nothing else changes", () => {
  it.each([
    ["a leaf program's pattern", "grep rm notes.txt", DENY_RM, "allow"],
    ["a leaf program looking a name up", "which rm", DENY_RM, "allow"],
    ["a program with a record", "echo rm victim", DENY_RM, "allow"],
    ["arguments no rule restricts", "mytool build src", DENY_RM, "allow"],
    ["an option whose name says nothing of commands", "mytool --message='rm old files' x", DENY_RM, "allow"],
    ["an option's one-word value no rule restricts", "nvcc -ccbin=g++-12 -arch=sm_80 -c k.cu", DENY_RM, "allow"],
    ["a short option's value that spells no restricted command", "mytool -m'fix the build' x", DENY_RM, "allow"],
    ["an allowlist's default is no rule naming a program", "eslint src lib", ALLOWLIST, "allow"],
    ["a word after the eighth operand", "mytool a b c d e f g h rm victim", DENY_RM, "allow"],
    ["a rule's own deny stays a deny", "rm victim", DENY_RM, "deny"],
    ["bun's own commands, scripts and files", "bun test && bun install && bun rm victim && bun run build && bun x.ts && bun ./src/a.ts", DENY_RM, "allow"],
    ["exec -a with a name no rule restricts", "exec -a myname node server.js", DENY_RM, "allow"],
    ["pnpm's own commands and scripts", "pnpm install && pnpm rm victim && pnpm build && pnpm run lint && pnpm test", DENY_RM, "allow"],
  ])("%s: %s → %s", (_label, command, policy, action) => {
    expect(decide(p, command, policy as RuleMap).action).toBe(action);
  });

  it("an unknown program whose arguments spell more commands than permc checks asks", () => {
    const d = decide(p, `mytool '${"true; ".repeat(100)}ls'`, DENY_RM);
    expect(d.action).toBe("ask");
    expect(d.units.some((u) => /more commands than permc checks/.test(u.floorReason ?? ""))).toBe(true);
  });

  it("yolo approves it, as it approves other floors", () => {
    const command = "envdir ./env rm victim";
    expect(decideBash(command, split(p, command), checkerFor(DENY_RM), { yolo: true }).action).toBe("allow");
  });
});

describe("the leaf list", () => {
  it("holds no program that has a record", () => {
    expect([...LEAF_PROGRAMS].filter((name) => findRecord(name) !== null)).toEqual([]);
  });
});

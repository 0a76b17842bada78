/**
 * Test helpers: vector loading, a small reference-style rule checker, and a
 * one-call "decide" over the real parser.
 */
import { readVectors } from "../support/fixtures.js";
import { getBashParser } from "../../runtime/bash/syntax/parser.js";
import type { BashParser } from "../../runtime/bash/syntax/parser.js";
import { splitBash } from "../../runtime/bash/split.js";
import type { BashSplit } from "../../runtime/bash/split.js";
import { decideBash } from "../../runtime/bash/decide.js";
import type { Action, BashDecision, UnitCheck } from "../../runtime/bash/decide.js";

/** The vectors were computed with this cwd and home (test/fixtures/vectors/README.md). */
export const VECTOR_CWD = "/home/user/project";
export const VECTOR_HOME = "/home/user";

export function readJsonl<T>(file: string): T[] {
  return readVectors<T>(file);
}

export type RuleValue = Action | { action: Action; reason?: string };
export interface RuleMap {
  name?: string;
  rules?: Record<string, RuleValue>;
  universal?: Action;
  sessionRules?: string[];
  yolo?: boolean;
}

/** Anchored, dot-all wildcard; `*` any run, `?` one unit; a trailing " *" is optional. */
export function wildcard(pattern: string): RegExp {
  let body = pattern
    .split("*")
    .map((s) => s.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\?/g, "."))
    .join(".*");
  if (body.endsWith(" .*")) body = body.slice(0, -3) + "(?: .*)?";
  return new RegExp(`^${body}$`, "s");
}

/**
 * The policy's last-match-wins lookup on surface "bash", test-only: the
 * universal default first, then `rules` in key order; yolo turns ask into
 * allow with origin "yolo".
 */
export function checkerFor(map: RuleMap): (value: string) => UnitCheck {
  interface Rule {
    re: RegExp;
    pattern: string | null;
    action: Action;
    reason?: string;
    origin: string;
  }
  const list: Rule[] = [{ re: /^[\s\S]*$/, pattern: null, action: map.universal ?? "ask", origin: map.universal !== undefined ? "global" : "builtin" }];
  for (const [pattern, v] of Object.entries(map.rules ?? {})) {
    const action = typeof v === "string" ? v : v.action;
    const rule: Rule = { re: wildcard(pattern), pattern, action, origin: "global" };
    if (typeof v !== "string" && v.reason !== undefined) rule.reason = v.reason;
    list.push(rule);
  }
  if (map.yolo === true) {
    for (const r of list) {
      if (r.action === "ask") {
        r.action = "allow";
        r.origin = "yolo";
      }
    }
  }
  return (value) => {
    for (let i = list.length - 1; i >= 0; i--) {
      const r = list[i] as Rule;
      if (r.re.test(value)) {
        const out: UnitCheck = { action: r.action, matchedPattern: r.pattern, origin: r.origin, rule: i };
        if (r.reason !== undefined) out.reason = r.reason;
        return out;
      }
    }
    throw new Error("unreachable: the default rule matches everything");
  };
}

let parserPromise: Promise<BashParser> | null = null;
export function parser(): Promise<BashParser> {
  parserPromise ??= getBashParser();
  return parserPromise;
}

export function split(p: BashParser, command: string): BashSplit {
  return splitBash(p, command, { cwd: VECTOR_CWD, home: VECTOR_HOME });
}

export function decide(p: BashParser, command: string, map: RuleMap): BashDecision {
  return decideBash(command, split(p, command), checkerFor(map));
}

export const RANK: Record<Action, number> = { allow: 0, ask: 1, deny: 2 };

/** `{"*": "allow", "rm *": "deny"}` */
export const DENY_RM: RuleMap = { rules: { "*": "allow", "rm *": "deny" } };

/**
 * bash-decisions.jsonl: permc's decision is never weaker than the
 * reference's. Where the action is the same, everything reported is the
 * same (pattern, command, context, reason, origin). Where permc is stricter,
 * the deciding unit or floor names one of the deliberate classes below.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { BashParser } from "../../runtime/bash/syntax/parser.js";
import type { BashDecision } from "../../runtime/bash/decide.js";
import { UNPARSEABLE_PATTERN } from "../../runtime/bash/decide.js";
import type { BashSplit } from "../../runtime/bash/split.js";
import { RANK, checkerFor, parser, readJsonl, split } from "./helpers.js";
import type { RuleMap } from "./helpers.js";
import { decideBash } from "../../runtime/bash/decide.js";
import type { Action } from "../../runtime/bash/decide.js";

interface DecisionVector {
  id: string;
  category: string;
  command: string;
  rules: RuleMap;
  expected: {
    decision: {
      state: Action;
      matchedPattern?: string;
      command?: string;
      commandContext?: string;
      reason?: string;
      origin: string;
    };
  };
}

const all = readJsonl<DecisionVector>("bash-decisions.jsonl");
// Session approvals bypass prompts in the reference's gate runner, not here.
const vectors = all.filter((v) => v.rules.sessionRules === undefined);

/** Why permc may be stricter than the reference: one row per class, with its reason. */
const STRICTER_CLASSES: ReadonlyArray<readonly [string, string]> = [
  ["syntax-error", "tree-sitter found an ERROR or MISSING node; the reference matches broken text as ordinary units (D-bash-parse-error)"],
  [
    "nested",
    "a command inside control flow, a group, a function, `!`, an assignment, a redirect target or a heredoc, which the reference matches whole or skips (D-bash-descend-all)",
  ],
  ["unwrapped", "the command a wrapper runs is judged as its own unit (the reference has no option grammar: D-bash-program-knowledge)"],
  ["payload", "shell source handed to a shell (`bash -c`, `su -c`, `ssh host …`, a heredoc piped into `sh`) is parsed and judged"],
  [
    "wrapper-floor",
    "a wrapper the reference does not recognise (D-bash-program-knowledge): spelled shell names, interpreters with inline code, `source`, `su`, `ssh`, `script`, `strace`, `ionice`, `coproc`, `fd -ux`",
  ],
  ["dynamic-name", "the command name is a variable or substitution, so what runs is unknown"],
  ["expanded-name", "the command name is a glob or brace pattern bash expands"],
  ["normalised", "a command name spelled with quotes, backslashes or an absolute path is judged by its plain name (D-bash-command-names)"],
  ["env-hijack", "an assignment to PATH, PAGER, LD_PRELOAD and the like changes what later commands run"],
  [
    "assigned-variable",
    'a variable whose name permc cannot know is assigned: arithmetic over text it cannot read (`$(( 1 + $(cmd) ))` evaluates the output, which may be `0,PATH=5`), `declare "$x=…"`',
  ],
  ["reparsed", "backticks tree-sitter leaves unparsed (heredoc bodies, escaped nesting) are parsed and judged"],
  ["unparseable", "permc could not analyse part of the command (payload syntax error, budget)"],
  [
    "unread-configuration",
    "what runs is named in configuration permc does not read: a git subcommand that is not git's own (an alias or a git-NAME program), the services of a compose file (`docker compose up`)",
  ],
  ["unusual-name", "the command name holds characters no program name has (control characters, line separators, blanks): what a person reads is not what runs"],
  [
    "bash-reading",
    "bash reads the text differently from tree-sitter (line continuations, CR, a newline before a backslash); the command as bash reads it is judged too",
  ],
];

/**
 * Where permc is deliberately less strict than 20.7.2, with the reason; each
 * is a change the reference itself made by 40.1.4 or that issue 11 §9 asks for.
 */
const LESS_STRICT_CLASSES: ReadonlyArray<readonly [string, string]> = [
  [
    "exact-wrapper",
    "a wrapper that runs its argv exactly as given (time, timeout, nice, stdbuf, setsid, nohup, env, xargs, find -exec, fd -x), fully parsed: the wrapped command is judged as its own unit, so the wrapper floor adds nothing (40.1.4 exempts core readers and execution modifiers; permc every exact wrapper: D-bash-exact-wrappers)",
  ],
  ["yolo-synthetic", "yolo approves the synthetic asks of floors (as the reference since 25.2.1: D-bash-yolo-floors)"],
];

/**
 * The same action, reported for the wrapped command: permc judged the
 * command an exact wrapper runs as its own unit, and that unit decided.
 */
function exactWrapperReport(d: BashDecision, s: BashSplit, referenceCommand: string): boolean {
  const wrapper = s.units.find((u) => u.derived !== true && u.text === referenceCommand);
  const decider = d.unitIndex === undefined ? undefined : s.units[d.unitIndex];
  return (
    wrapper?.exactWrapper === true &&
    decider?.derived === true &&
    decider.derivation !== undefined &&
    ["unwrapped", "payload", "normalised"].includes(decider.derivation)
  );
}

function lessStrictClass(v: DecisionVector, d: BashDecision, s: BashSplit): string {
  const floored = v.expected.decision.matchedPattern === "<indirection-bash-wrapper>" || v.expected.decision.matchedPattern === "<opaque-bash-wrapper>";
  if (floored && v.rules.yolo === true && d.action === "allow") return "yolo-synthetic";
  const unit = s.units.find((u) => u.derived !== true && u.text === (v.expected.decision.command ?? ""));
  if (v.expected.decision.matchedPattern === "<indirection-bash-wrapper>" && unit?.exactWrapper === true) return "exact-wrapper";
  return "unexplained";
}
const CLASS_NAMES = new Set(STRICTER_CLASSES.map(([c]) => c));

function stricterClass(d: BashDecision, s: BashSplit): string {
  if (d.matchedPattern === UNPARSEABLE_PATTERN && s.hasError) return "syntax-error";
  const unit = d.unitIndex === undefined ? undefined : s.units[d.unitIndex];
  const reason = unit?.derived === true ? unit.floor?.reason : undefined;
  if (reason?.startsWith("git runs an alias") === true || reason?.startsWith("docker compose runs") === true) return "unread-configuration";
  if (unit?.derived === true) return unit.derivation ?? "unknown";
  return "unexplained";
}

function reportedAsReference(d: BashDecision): Record<string, unknown> {
  return {
    state: d.action,
    matchedPattern: d.matchedPattern ?? undefined,
    command: d.command,
    commandContext: d.context,
    reason: d.reason,
    origin: d.origin,
  };
}

let p: BashParser;
beforeAll(async () => {
  p = await parser();
});

describe("bash-decisions.jsonl", () => {
  it("has vectors", () => {
    expect(vectors.length).toBeGreaterThan(500);
  });

  it.each([...STRICTER_CLASSES, ...LESS_STRICT_CLASSES])("class %s is deliberate: %s", (name, reason) => {
    expect(CLASS_NAMES.has(name) || LESS_STRICT_CLASSES.some(([c]) => c === name)).toBe(true);
    expect(reason.length).toBeGreaterThan(20);
  });

  it.each(vectors.map((v) => [`${v.id} [${v.rules.name ?? "?"}]`, v] as const))(
    "%s: never weaker; equal when the action is equal; stricter only for a listed class",
    (_label, v) => {
      const s = split(p, v.command);
      const d = decideBash(v.command, s, checkerFor(v.rules));
      const e = v.expected.decision;
      if (RANK[d.action] < RANK[e.state]) {
        expect(LESS_STRICT_CLASSES.map(([c]) => c)).toContain(lessStrictClass(v, d, s));
        return;
      }
      if (d.action === e.state && !exactWrapperReport(d, s, e.command ?? "")) {
        const expected = {
          state: e.state,
          matchedPattern: e.matchedPattern,
          command: e.command ?? "",
          commandContext: e.commandContext,
          reason: e.reason,
          origin: e.origin,
        };
        expect(reportedAsReference(d)).toEqual(expected);
      } else {
        expect(STRICTER_CLASSES.map(([c]) => c)).toContain(stricterClass(d, s));
      }
    },
  );

  it("counts: equal / stricter / weaker", () => {
    const counts = { equal: 0, stricter: 0, lessStrictByDesign: 0, weaker: 0 };
    const byClass: Record<string, number> = {};
    for (const v of vectors) {
      const s = split(p, v.command);
      const d = decideBash(v.command, s, checkerFor(v.rules));
      const diff = RANK[d.action] - RANK[v.expected.decision.state];
      if (diff === 0) counts.equal++;
      else if (diff > 0) {
        counts.stricter++;
        const c = stricterClass(d, s);
        byClass[c] = (byClass[c] ?? 0) + 1;
      } else if (lessStrictClass(v, d, s) !== "unexplained") counts.lessStrictByDesign++;
      else counts.weaker++;
    }
    console.log("bash-decisions.jsonl", counts, byClass);
    expect(counts.weaker).toBe(0);
    expect(counts.equal + counts.stricter + counts.lessStrictByDesign).toBe(vectors.length);
  });
});

/** Categories the vectors README calls unsafe in the reference: its decision is a floor there. */
const LEAKING = new Set(["heredoc", "redirection", "control_flow", "syntax_error", "wrapper", "extra", "empty", "subshell_group", "env_prefix"]);

describe("bash-decisions.jsonl by category", () => {
  const safeCategories = [...new Set(vectors.map((v) => v.category))].filter((c) => !LEAKING.has(c));
  it.each(safeCategories)("category %s: every stricter line is explained by a class-wide fix", (category) => {
    for (const v of vectors.filter((x) => x.category === category)) {
      const s = split(p, v.command);
      const d = decideBash(v.command, s, checkerFor(v.rules));
      if (d.action === v.expected.decision.state) continue;
      const c = RANK[d.action] < RANK[v.expected.decision.state] ? lessStrictClass(v, d, s) : stricterClass(d, s);
      // In a category the reference gets right, only these class-wide fixes may change the action.
      expect(
        ["syntax-error", "dynamic-name", "normalised", "unusual-name", "unread-configuration", "exact-wrapper", "yolo-synthetic", "assigned-variable"],
        `${v.id}: ${c}`,
      ).toContain(c);
    }
  });
});

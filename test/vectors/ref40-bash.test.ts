/**
 * The 40.1.4 bash vectors (test/fixtures/vectors/ref40/, read from the
 * reference's own tests): the bash command gate (bash.jsonl), the word-level
 * wrapper analysis (bash-wrapper-classes.jsonl) and the unit lists
 * (bash-units.jsonl).
 *
 * Each row is equal, or stricter for a reason named below, or less strict
 * only for an exact wrapper (a deliberate difference, README: "Bash
 * commands"). Rows that differ are counted and listed by class, so a change
 * in the analysis shows up as a changed count.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { decideBash, type BashDecision, type UnitCheck } from "../../runtime/bash/decide.js";
import { getBashParser, type BashParser } from "../../runtime/bash/syntax/parser.js";
import { splitBash, type BashSplit } from "../../runtime/bash/split.js";
import type { Policy } from "../../runtime/index.js";
import { SessionRules } from "../../runtime/session-rules.js";
import { compileAndLoad, piJson } from "../support/compile-and-load.js";
import { readVectors } from "../support/fixtures.js";

type Action = "allow" | "ask" | "deny";
const RANK: Record<Action, number> = { allow: 0, ask: 1, deny: 2 };

interface BashRow {
  id: string;
  config: { permission: unknown };
  call: { tool: string; input: { command: string } };
  cwd: string;
  home: string;
  yolo?: boolean;
  sessionRules?: Array<{ surface: string; pattern: string }>;
  expected: Action;
  expectedDetail?: Record<string, unknown>;
}

let parser: BashParser;
beforeAll(async () => {
  parser = await getBashParser();
});

const policies = new Map<string, Promise<Policy>>();
function policyFor(permission: unknown, home: string): Promise<Policy> {
  const key = JSON.stringify([permission, home]);
  let p = policies.get(key);
  if (p === undefined) {
    p = compileAndLoad([piJson(permission)], { home }).then((c) => {
      if (c.policy === null) throw new Error(`does not compile: ${key}`);
      return c.policy;
    });
    policies.set(key, p);
  }
  return p;
}

/** The bash command gate alone, as runtime/gate/shell-tool-surface.ts runs it: session rules lift asks, floors stay. */
function bashCommandGate(
  policy: Policy,
  command: string,
  row: { cwd: string; home: string; yolo?: boolean; sessionRules?: BashRow["sessionRules"] },
): { d: BashDecision; s: BashSplit } {
  const yolo = row.yolo === true;
  const sessions = new SessionRules();
  for (const r of row.sessionRules ?? []) sessions.add(r.surface, r.pattern);
  const s = splitBash(parser, command.trim(), { cwd: row.cwd, home: row.home });
  const check = (text: string): UnitCheck => {
    const d = policy.check("bash", text, yolo);
    const granted = d.action === "ask" ? sessions.match("bash", text) : null;
    return granted === null ? d : { ...d, action: "allow", matchedPattern: granted, origin: "session" };
  };
  const d = decideBash(command, s, check, { explore: (segments) => policy.explore("bash", segments, yolo), yolo });
  return { d, s };
}

/** Why permc is stricter than 40.1.4 on a row: each class is a documented difference (README, "Bash commands"). */
function stricterClass(row: BashRow, d: BashDecision, s: BashSplit): string {
  const command = row.call.input.command;
  if (/^\s*(?:sudo|doas)\b/.test(command) || /\b(?:sudo|doas)\s/.test(command)) return "sudo and doas keep their floor (what runs is changed)";
  if (row.sessionRules !== undefined && d.units.some((u) => u.floor !== undefined)) return "a session grant never lifts a floor";
  const decider = d.unitIndex === undefined ? undefined : s.units[d.unitIndex];
  if (decider?.derivation === "unwrapped" || decider?.derivation === "payload")
    return "permc judges the command a wrapper runs, found by its full option grammar";
  if (d.matchedPattern === "<unresolved-bash-word>") return "a word permc cannot know may make another rule win";
  return "unexplained";
}

/** Why permc is less strict than 40.1.4 on a row: only exact wrappers (issue 11 §9). */
function lessStrictClass(row: BashRow, s: BashSplit): string {
  const command = row.call.input.command.trim();
  return s.units.some((u) => u.derived !== true && u.exactWrapper === true && command.startsWith(u.text))
    ? "exact wrapper: the command it runs is judged as a unit of its own"
    : "unexplained";
}

describe("ref40/bash.jsonl: the bash command gate", () => {
  const rows = readVectors<BashRow>("ref40/bash.jsonl");

  it("has rows", () => expect(rows.length).toBeGreaterThan(100));

  it("every row is equal, stricter for a named reason, or less strict only for an exact wrapper", async () => {
    const counts = { equal: 0, stricter: 0, lessStrict: 0 };
    const byClass: Record<string, string[]> = {};
    for (const row of rows) {
      const policy = await policyFor(row.config.permission, row.home);
      const { d, s } = bashCommandGate(policy, row.call.input.command, row);
      const diff = RANK[d.action] - RANK[row.expected];
      if (diff === 0) {
        counts.equal++;
        continue;
      }
      const c = diff > 0 ? stricterClass(row, d, s) : lessStrictClass(row, s);
      if (diff > 0) counts.stricter++;
      else counts.lessStrict++;
      (byClass[c] ??= []).push(`${row.id} ${row.call.input.command} → ${d.action} (${d.matchedPattern}), 40.1.4: ${row.expected}`);
    }
    console.log("ref40/bash.jsonl", counts, byClass);
    expect(byClass.unexplained ?? []).toEqual([]);
  });

  it("equal rows report the reference's pattern, command and spelling", async () => {
    const mismatches: string[] = [];
    for (const row of rows) {
      const policy = await policyFor(row.config.permission, row.home);
      const { d } = bashCommandGate(policy, row.call.input.command, row);
      if (d.action !== row.expected || row.expectedDetail === undefined) continue;
      // A session grant never lifts permc's floor, so the floored unit is reported instead (README).
      if (row.sessionRules !== undefined && d.units.some((u) => u.floor !== undefined)) continue;
      const e = row.expectedDetail;
      const bothFloors = typeof e.matchedPattern === "string" && /^<.*>$/.test(e.matchedPattern) && /^<.*>$/.test(d.matchedPattern ?? "");
      if (typeof e.matchedPattern === "string" && e.source !== "session" && d.matchedPattern !== e.matchedPattern && !bothFloors)
        mismatches.push(`${row.id}: pattern ${d.matchedPattern} ≠ ${e.matchedPattern}`);
      const spelled = d.units.find((u) => u.matchedSpelling !== undefined)?.matchedSpelling;
      if (typeof e.matchedSpelling === "string" && spelled !== e.matchedSpelling) mismatches.push(`${row.id}: spelling ${spelled} ≠ ${e.matchedSpelling}`);
    }
    expect(mismatches).toEqual([]);
  });
});

interface WrapperRow {
  id: string;
  unit: string;
  expectedWrapperKind?: "opaque-payload" | "indirection";
  expectedExecutedUnit?: string | null;
  expectedFloorExemption?: "core-reader" | "execution-modifier" | null;
  writesViaRedirect?: boolean;
}

describe("ref40/bash-wrapper-classes.jsonl: wrappers by their option grammars", () => {
  const rows = readVectors<WrapperRow>("ref40/bash-wrapper-classes.jsonl");
  const home = "/home/tester";
  const row = { cwd: "/home/tester/proj", home };

  it("has rows", () => expect(rows.length).toBeGreaterThan(300));

  it("the reference's wrapper kind is reported on the unit", () => {
    const wrong: string[] = [];
    for (const r of rows.filter((x) => x.expectedWrapperKind !== undefined)) {
      const s = splitBash(parser, r.unit, row);
      const kind = s.units.find((u) => u.derived !== true)?.wrapperKind ?? null;
      const expected = r.expectedWrapperKind === "opaque-payload" ? "opaque" : (r.expectedWrapperKind ?? null);
      if (kind !== expected) wrong.push(`${r.id} ${r.unit}: ${kind} ≠ ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it("the command a wrapper runs is a unit permc judges; where the reference finds none, permc never allows what it cannot read", async () => {
    const policy = await policyFor({ "*": "allow", bash: { "*": "allow", "rm *": "deny" } }, home);
    const wrong: string[] = [];
    for (const r of rows.filter((x): x is WrapperRow & { expectedExecutedUnit: string | null } => x.expectedExecutedUnit !== undefined)) {
      const { d, s } = bashCommandGate(policy, r.unit, row);
      const texts = s.units.map((u) => u.text);
      if (r.expectedExecutedUnit !== null) {
        const found = texts.includes(r.expectedExecutedUnit) || s.units.some((u) => u.floor !== undefined);
        if (!found) wrong.push(`${r.id} ${r.unit}: no unit ${r.expectedExecutedUnit} (units ${JSON.stringify(texts)})`);
        if (/^rm\b/.test(r.expectedExecutedUnit) && d.action !== "deny") wrong.push(`${r.id} ${r.unit}: runs ${r.expectedExecutedUnit} but is ${d.action}`);
      } else if (d.action === "allow" && !s.units.some((u) => u.exactWrapper === true)) {
        wrong.push(`${r.id} ${r.unit}: allowed though the reference finds no command it runs`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("floor exemptions: equal, stricter for sudo/doas or a hijacking assignment, or less strict only for an exact wrapper", async () => {
    const policy = await policyFor({ "*": "allow", bash: { "*": "allow" } }, home);
    const counts = { equal: 0, stricter: 0, lessStrict: 0 };
    const wrong: string[] = [];
    for (const r of rows.filter((x) => x.expectedFloorExemption !== undefined)) {
      const command = r.writesViaRedirect === true ? `${r.unit} > /tmp/out.txt` : r.unit;
      const { d, s } = bashCommandGate(policy, command, row);
      // No exemption means the reference floors the unit, when it classifies it as a wrapper at all.
      const isWrapper = s.units.some((u) => u.derived !== true && u.wrapperKind !== undefined);
      const expected: Action = r.expectedFloorExemption === null && isWrapper ? "ask" : "allow";
      if (d.action === expected) counts.equal++;
      else if (d.action === "allow") {
        counts.lessStrict++;
        if (!s.units.some((u) => u.derived !== true && u.exactWrapper === true)) wrong.push(`${r.id} ${command}: allowed, not an exact wrapper`);
      } else {
        counts.stricter++;
        // README compatibility: sudo/doas keep their floor; an assignment that changes where programs read configuration (HOME=…) is floored.
        const hijack = s.units.some((u) => u.floor?.reason.endsWith("changes what the command runs") === true);
        if (!/\b(?:sudo|doas)\b/.test(r.unit) && !hijack) wrong.push(`${r.id} ${command}: ${d.action} (${d.matchedPattern}), 40.1.4 exempts it`);
      }
    }
    console.log("ref40/bash-wrapper-classes.jsonl exemptions", counts);
    expect(wrong).toEqual([]);
  });
});

interface UnitsRow {
  id: string;
  command: string;
  cwd: string;
  home: string;
  expectedUnits: Array<{ text: string; context?: string; salvaged?: boolean; parseUnresolved?: boolean }>;
}

describe("ref40/bash-units.jsonl: the units the reference enumerates", () => {
  const rows = readVectors<UnitsRow>("ref40/bash-units.jsonl");

  /** A unit text as permc spells it plainly (quotes removed, redirects dropped, single spaces). */
  const plainly = (text: string, r: UnitsRow): string[] => {
    const s = splitBash(parser, text, { cwd: r.cwd, home: r.home });
    return [text.replace(/\s+/g, " "), ...s.units.filter((u) => u.derivation === "normalised").map((u) => u.text)];
  };
  /** Units the reference lists that permc judges through other units (each with the reason). */
  const shapeOnly = (text: string): string | null => {
    if (/^[A-Za-z_]\w*=\S*$/.test(text)) return "the initializer of `for ((…))` is an assignment, judged through its expansions";
    if (/^[({]/.test(text)) return "a group or subshell body is descended: its commands are the units";
    if (/^time \(/.test(text)) return "`time ( … )` times the subshell, whose commands are the units";
    return null;
  };

  it("every unit the reference judges is judged by permc too, or the command is floored", () => {
    const missing: string[] = [];
    for (const r of rows) {
      const s = splitBash(parser, r.command, { cwd: r.cwd, home: r.home });
      const floored = s.hasError || s.units.some((u) => u.unparseable === true);
      const texts = new Set(s.units.flatMap((u) => plainly(u.text, r)));
      for (const u of r.expectedUnits) {
        if (u.parseUnresolved === true && floored) continue;
        if (shapeOnly(u.text) !== null) continue;
        if (!plainly(u.text, r).some((t) => texts.has(t))) missing.push(`${r.id} ${JSON.stringify(r.command)}: ${JSON.stringify(u.text)}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

type Effect = "read" | "write" | "unproven" | { effect: "read" | "write" | "unproven"; source?: string };
const effectOf = (e: Effect): "read" | "write" | "unproven" => (typeof e === "string" ? e : e.effect);

interface PathsRow {
  id: string;
  command: string;
  cwd: string;
  home: string;
  workdir?: string;
  expected: {
    ruleCandidateTokens?: string[];
    ruleCandidateTokensInclude?: string[];
    ruleCandidates?: Array<{ token: string; effect?: Effect; matchValues?: string[] }>;
    ruleCandidatesWithEffect?: Array<{ token: string; effect: Effect }>;
    external?: string[];
    externalInclude?: string[];
    externalWithEffect?: Array<{ path: string; effect: Effect }>;
  };
}

describe("ref40/bash-paths.jsonl: the path tokens the reference projects", () => {
  const rows = readVectors<PathsRow>("ref40/bash-paths.jsonl");
  const ROLE = { read: "read", write: "write", unproven: "both" } as const;

  it("every token the reference checks is checked by permc, on the same or a stricter direction", () => {
    const missing: string[] = [];
    for (const r of rows) {
      // Nothing under the cwd exists and symlinks resolve to themselves, as the vectors assume.
      const s = splitBash(parser, r.command, { cwd: r.workdir ?? r.cwd, home: r.home, realpath: (p) => p, probeBareNames: false });
      const seen = new Map<string, string>();
      for (const c of s.ruleCandidates)
        for (const v of [c.token, ...c.values]) seen.set(v, seen.get(v) === undefined || seen.get(v) === c.role ? c.role : "both");
      // A word permc cannot know (after an unfollowed cd, an expansion) is a pattern that asks whenever a rule may match.
      const unknownPatterns = s.pathPatterns.some((p) => p.kind === "unknown");
      const e = r.expected;
      const tokens = [
        ...(e.ruleCandidateTokens ?? []),
        ...(e.ruleCandidateTokensInclude ?? []),
        ...(e.ruleCandidates ?? []).map((c) => c.token),
        ...(e.ruleCandidatesWithEffect ?? []).map((c) => c.token),
      ];
      const globs = new Set(s.pathPatterns.filter((p) => p.kind === "glob").map((p) => p.token));
      for (const t of tokens) if (!seen.has(t) && !unknownPatterns && !globs.has(t)) missing.push(`${r.id} ${JSON.stringify(r.command)}: token ${t}`);
      for (const c of [...(e.ruleCandidates ?? []), ...(e.ruleCandidatesWithEffect ?? [])]) {
        const role = seen.get(c.token);
        if (c.effect !== undefined && role !== undefined && role !== ROLE[effectOf(c.effect)] && role !== "both")
          missing.push(`${r.id}: ${c.token} is ${role}, the reference proves only ${effectOf(c.effect)}`);
      }
      for (const x of [...(e.external ?? []), ...(e.externalInclude ?? []), ...(e.externalWithEffect ?? []).map((w) => w.path)]) {
        // The working directory a shell tool is given is checked by the gate itself (runtime/gate/command-subject.ts).
        if (x === r.workdir) continue;
        if (!s.externalPaths.includes(x) && !s.pathPatterns.some((p) => p.externalForms.length > 0))
          missing.push(`${r.id} ${JSON.stringify(r.command)}: external ${x}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

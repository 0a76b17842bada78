/**
 * Combine per-unit checks into one bash decision, as the reference combines
 * them where it is right (D-bash-yolo-floors, D-bash-spellings, D-bash-parse-error).
 *
 * - Each unit is matched with its comment lines removed.
 * - A wrapper floor turns an `allow` into `ask` (`<opaque-bash-wrapper>`,
 *   `<indirection-bash-wrapper>`); an `ask` or `deny` on the unit stays.
 * - The most restrictive unit wins (deny > ask > allow). On a tie the first
 *   unit the reference also reports wins, so permc reports the same unit as
 *   the reference unless one of its own units is strictly more restrictive.
 * - A blank or comment-only command is resolved whole. No units, a parse
 *   error, an oversized input or a failed split: at least `ask` with
 *   `<unparseable-bash-command>` (origin `builtin`).
 */
import type { Segment } from "../explore.js";
import { trimBashBlanks } from "./syntax/blanks.js";
import type { BashSplit } from "./split.js";

import { ACTION_RANK as RANK, isAction, type Action } from "../action.js";

export type { Action };

export interface UnitCheck {
  action: Action;
  matchedPattern: string | null;
  reason?: string;
  origin: string;
  /** Priority of the deciding rule (later rules win); compares the results of a unit's other spellings. */
  rule?: number;
}

export type FloorKind = "opaque" | "indirection" | "unparseable";

export interface BashUnitDecision {
  text: string;
  action: Action;
  matchedPattern: string | null;
  context?: string;
  floor?: FloorKind;
  /** Why permc floored this unit, in words a person can check. */
  floorReason?: string;
  /** The other spelling of the unit that decided (its command word or path arguments spelled absolutely). */
  matchedSpelling?: string;
  derived?: true;
}

export interface BashDecision extends UnitCheck {
  /** The deciding unit's text (the whole command when no unit decides). */
  command: string;
  /** The deciding unit's context, when nested. */
  context?: string;
  /** Index in `units` of the deciding unit; absent when the command is resolved whole or unparseable. */
  unitIndex?: number;
  units: BashUnitDecision[];
}

export const UNPARSEABLE_PATTERN = "<unparseable-bash-command>";
/** A unit whose words depend on values permc cannot know, which some value would decide otherwise. */
export const UNRESOLVED_PATTERN = "<unresolved-bash-word>";
export const OPAQUE_PATTERN = "<opaque-bash-wrapper>";
export const INDIRECTION_PATTERN = "<indirection-bash-wrapper>";

/**
 * The value a unit is matched with: lines whose first non-blank character is
 * `#` removed, then trimmed; the raw unit if nothing is left.
 */
export function matchValue(text: string): string {
  if (!text.includes("#")) return text.trim() === "" ? text : text.trim();
  const kept = text.split("\n").filter((line) => !line.trimStart().startsWith("#"));
  const stripped = kept.join("\n").trim();
  return stripped === "" ? text : stripped;
}

function checked(check: (unitText: string) => UnitCheck, value: string): UnitCheck {
  const r = check(value);
  // Never trust a malformed checker result to mean allow.
  if (r === null || typeof r !== "object" || !isAction(r.action)) {
    return { action: "deny", matchedPattern: null, origin: "builtin", reason: "invalid unit check result" };
  }
  return r;
}

export interface DecideOptions {
  /**
   * Every decision some value of a partly known spelling can get (the
   * policy's `explore` on the bash surface). Without it, a unit's spelling is
   * ignored and only its text is matched.
   */
  readonly explore?: (segments: readonly Segment[]) => { readonly decisions: readonly UnitCheck[]; readonly complete: boolean };
  /** yolo: the synthetic asks of floors are approved too; a rule's deny still denies (D-bash-yolo-floors). */
  readonly yolo?: boolean;
}

/**
 * A unit spelled with words permc cannot know (`git $(echo push) origin`):
 * the decision every value gets when they all agree; else ask.
 */
function judgeSpelling(explore: NonNullable<DecideOptions["explore"]>, spellings: readonly (readonly Segment[])[], text: UnitCheck): UnitCheck {
  const ds: UnitCheck[] = [];
  let complete = true;
  for (const s of spellings) {
    const found = explore(s);
    complete &&= found.complete;
    ds.push(...found.decisions);
  }
  ds.sort((a, b) => (a.rule ?? -1) - (b.rule ?? -1));
  if (complete && ds.length > 0 && ds.every((d) => d.action === (ds[0] as UnitCheck).action)) {
    const last = ds[ds.length - 1] as UnitCheck;
    return RANK[last.action] > RANK[text.action] ? copyCheck(last) : text;
  }
  if (RANK[text.action] >= RANK.ask) return text;
  return { action: "ask", matchedPattern: UNRESOLVED_PATTERN, origin: "builtin" };
}

/** The decision for one bash command. Pure except for calling `check`. */
export function decideBash(command: string, split: BashSplit, check: (unitText: string) => UnitCheck, options: DecideOptions = {}): BashDecision {
  const whole = typeof command === "string" ? trimBashBlanks(command) : "";
  const unparseable = (units: BashUnitDecision[], base?: UnitCheck): BashDecision => ({
    action: "ask",
    matchedPattern: UNPARSEABLE_PATTERN,
    origin: "builtin",
    ...(base?.reason !== undefined ? { reason: base.reason } : {}),
    command: whole,
    units,
  });

  if (split.failed || split.tooLarge) return unparseable([]);

  if (split.empty || whole === "") {
    const r = checked(check, "");
    return { ...copyCheck(r), command: "", units: [] };
  }

  const referenceUnits = split.units.filter((u) => u.derived !== true).length;
  if (referenceUnits === 0 && split.commentOnly) {
    // Resolved whole; comment stripping leaves nothing, so the raw text is matched.
    const r = checked(check, matchValue(whole));
    return { ...copyCheck(r), command: whole, units: [] };
  }
  if (split.units.length === 0) return unparseable([]);

  const units: BashUnitDecision[] = [];
  /** Each unit's rule result before floors, for the spellings that refer back to it. */
  const ruled: UnitCheck[] = [];
  let best: { index: number; result: UnitCheck; rank: number; derived: boolean } | null = null;
  for (let i = 0; i < split.units.length; i++) {
    const u = split.units[i];
    if (u === undefined) continue;
    let r = copyCheck(checked(check, matchValue(u.text)));
    // 39.0.3 / 40.0.0: the same unit spelled with its home or path arguments made absolute; the last rule matching any spelling wins.
    let matchedSpelling: string | undefined;
    for (const alt of u.alsoSpelled ?? []) {
      const r2 = checked(check, alt);
      if ((r2.rule ?? -1) > (r.rule ?? -1)) {
        r = copyCheck(r2);
        matchedSpelling = alt;
      }
    }
    // A plain spelling: a later rule matching the unit as written wins over it, but its deny holds.
    const written = u.respells === undefined ? undefined : ruled[u.respells];
    if (written !== undefined && r.action !== "deny" && ((written.rule ?? -1) > (r.rule ?? -1) || written.origin === "session")) {
      r = copyCheck(written);
      matchedSpelling = undefined;
    }
    // A session grant covers the unit as the person saw it, unknown values included.
    if (u.spellings !== undefined && options.explore !== undefined && r.origin !== "session") r = judgeSpelling(options.explore, u.spellings, r);
    ruled[i] = r;
    let floor: FloorKind | undefined;
    let floorReason: string | undefined;
    if (r.action === "allow") {
      if (u.unparseable === true) {
        floor = "unparseable";
        r = { ...r, action: "ask", matchedPattern: UNPARSEABLE_PATTERN, origin: "builtin" };
      } else if (u.floor !== undefined) {
        floor = u.floor.kind;
        r = { ...r, action: "ask", matchedPattern: u.floor.kind === "opaque" ? OPAQUE_PATTERN : INDIRECTION_PATTERN };
        floorReason = u.floor.reason;
      } else if (u.mayRun !== undefined) {
        const restricted = restrictedCandidate(check, u.mayRun);
        if (restricted !== null) {
          floor = "indirection";
          r = { ...r, action: "ask", matchedPattern: INDIRECTION_PATTERN };
          floorReason = `permc does not know whether ${u.resolvedName ?? "this program"} runs its arguments as a command: they spell \`${restricted}\`, which the policy does not allow`;
        }
      }
      // yolo approves what a floor would ask (the reference since 25.2.1); the floor is still reported.
      if (floor !== undefined && options.yolo === true) r = { ...r, action: "allow", origin: "yolo" };
    }
    const entry: BashUnitDecision = { text: u.text, action: r.action, matchedPattern: r.matchedPattern };
    if (u.context !== undefined) entry.context = u.context;
    if (floor !== undefined) entry.floor = floor;
    if (floorReason !== undefined) entry.floorReason = floorReason;
    if (matchedSpelling !== undefined && floor === undefined) entry.matchedSpelling = matchedSpelling;
    if (u.derived === true) entry.derived = true;
    units.push(entry);
    const rank = RANK[r.action];
    const derived = u.derived === true;
    if (
      best === null ||
      rank > best.rank ||
      // Ties: prefer the first unit the reference also reports.
      (rank === best.rank && best.derived && !derived)
    ) {
      best = { index: i, result: r, rank, derived };
    }
  }
  if (best === null) return unparseable(units);

  const winner = split.units[best.index];
  // A parse error floors an allow; a command whose units are all permc's own
  // (the reference found none) is unparseable unless one of them denies.
  if ((split.hasError && best.result.action === "allow") || (referenceUnits === 0 && best.result.action !== "deny")) {
    return unparseable(units, best.result.action === "allow" ? best.result : undefined);
  }
  // Built field by field (a spread of the result cost more than the rest of a plain command's decision);
  // the fields and their order are those of the result (every result is copyCheck's shape), then the command's.
  const decision = copyCheck(best.result) as BashDecision;
  decision.command = winner?.text ?? whole;
  decision.unitIndex = best.index;
  decision.units = units;
  if (winner?.context !== undefined) decision.context = winner.context;
  return decision;
}

/**
 * The first command an unknown program may run (programs/may-run.ts) that a
 * rule naming its program would not allow. A rule whose first word is only
 * wildcards (`*`) names no program: an allowlist's default ask does not fire
 * on every operand.
 */
function restrictedCandidate(check: (unitText: string) => UnitCheck, candidates: readonly string[]): string | null {
  for (const c of candidates) {
    const r = checked(check, c);
    if (r.action === "allow" || r.matchedPattern === null) continue;
    const ruleProgram = r.matchedPattern.trimStart().split(/\s/, 1)[0] as string;
    if (namesProgram(ruleProgram, c.split(" ", 1)[0] as string)) return c;
  }
  return null;
}

/** A rule's first word (`rm`, `rm*`, `git`) spells `program`, with at least one literal character. */
function namesProgram(ruleWord: string, program: string): boolean {
  if (!/[^*?]/.test(ruleWord)) return false;
  if (!/[*?]/.test(ruleWord)) return ruleWord === program;
  const re = new RegExp(
    `^${ruleWord
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
  );
  return re.test(program);
}

function copyCheck(r: UnitCheck): UnitCheck {
  const out: UnitCheck = { action: r.action, matchedPattern: r.matchedPattern ?? null, origin: r.origin };
  if (r.reason !== undefined) out.reason = r.reason;
  if (r.rule !== undefined) out.rule = r.rule;
  return out;
}

/**
 * The path gates for words that are not one known path (runtime/bash/
 * path-patterns.ts): which rules some value of the word can hit, from the
 * policy's automata (Policy.explore).
 *
 * - A glob or brace word is decided by the strongest rule some expansion
 *   can hit (`cat .en?` under `*.env: deny` is denied).
 * - A word holding a value permc cannot know is `ask` when some value can
 *   hit a rule stricter than allow, and that rule's action when every value
 *   does.
 * - An exploration that runs out of budget is `ask`: not understood.
 * - Everything under a walked directory (`whole`) is decided by a rule only
 *   when every value meets that rule's action; otherwise its entries decide.
 */
import { ACTION_RANK as RANK } from "../action.js";
import type { Decision } from "../decision.js";
import type { Segment } from "../explore.js";
import type { Policy } from "../policy.js";

export interface PatternVerdict {
  readonly decision: Decision;
  /** A synthetic ask (unknown value, exploration budget): the rule could not be applied exactly. */
  readonly uncertain: boolean;
}

export function decidePathPattern(
  policy: Policy,
  surface: string,
  forms: readonly (readonly Segment[])[],
  kind: "glob" | "unknown" | "whole",
  yolo: boolean,
  /** Only rules written in the config count (the path gate skips the default, as the reference does). */
  configOnly: boolean,
): PatternVerdict | null {
  const reached: Decision[] = [];
  let complete = true;
  for (const form of forms) {
    const e = policy.explore(surface, form, yolo);
    complete &&= e.complete;
    reached.push(...e.decisions);
  }
  const relevant = configOnly ? reached.filter((d) => d.matchedPattern !== null) : reached;
  if (!complete) {
    // A whole tree that could not be explored is what its walked entries say (they are checked one by one).
    if (kind === "whole") return null;
    const ask: Decision = { action: "ask", matchedPattern: "<unresolved-path>", origin: "permc", rule: -1 };
    return { decision: ask, uncertain: true };
  }
  let worst: Decision | null = null;
  for (const d of relevant) {
    if (d.action === "allow") continue;
    if (worst === null || RANK[d.action] > RANK[worst.action] || (d.action === worst.action && d.rule > worst.rule)) worst = d;
  }
  if (worst === null) return null;
  if (kind === "glob") return { decision: worst, uncertain: false };
  const w = worst;
  if (reached.every((d) => d.action === w.action)) return { decision: worst, uncertain: false };
  if (kind === "whole") return null;
  return { decision: { ...worst, action: "ask" }, uncertain: true };
}

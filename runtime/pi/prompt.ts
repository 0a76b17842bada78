import { INDIRECTION_PATTERN, OPAQUE_PATTERN, UNPARSEABLE_PATTERN } from "../bash/index.js";
import type { GateDecision, GateUnit } from "../gate/index.js";
import type { GrantPreview } from "./grant-preview.js";
import { clip, describeAttempt, TAG } from "./messages.js";
import { visible } from "./visible.js";

/** The whole command is shown up to this length; a longer one says how much is not shown. */
export const PROMPT_COMMAND_MAX = 10_000;
/** At most this many asking units are listed; the rest are counted. */
export const PROMPT_UNITS_MAX = 100;

/**
 * The approval dialog's text. For a shell command it shows the whole command
 * (not only the unit that decided) and lists every unit that needs approval,
 * each with why it asks and, when a session grant is offered, whether it
 * covers that unit (grant-preview.ts); the session rules it would record are
 * named. Allow once approves exactly what is shown. Every piece of model-supplied text goes through visible(), so
 * control characters, bidi overrides and look-alike spaces cannot hide or
 * reorder part of the command on the user's terminal.
 */
export function promptText(tool: string, d: GateDecision, cwd: string, command: string | null, grant: GrantPreview | null): string {
  const session = grant?.rules ?? [];
  const lines: string[] = [];
  if (command === null) {
    lines.push(`${TAG} Current agent requested to ${describeAttempt(tool, d, cwd)}${matched(d)}.${reason(d)}`);
  } else {
    lines.push(`${TAG} Current agent requested to run ${tool === "bash" ? "bash command" : `shell tool '${visible(clip(tool, 200))}'`}:`);
    lines.push(...indent(shownCommand(command)));
    const asking = askingItems(tool, d, cwd, grant);
    lines.push(asking.length === 1 ? "Needs approval:" : `${asking.length} parts need approval:`);
    for (const item of asking.slice(0, PROMPT_UNITS_MAX)) lines.push(`  - ${item}`);
    if (asking.length > PROMPT_UNITS_MAX) lines.push(`  … and ${asking.length - PROMPT_UNITS_MAX} more not listed here; they are part of this call too`);
  }
  if (session.length > 0) {
    lines.push(
      `"Allow for this session" also allows later calls matching: ${session.map((r) => `${r.surface} '${visible(clip(r.pattern, 200))}'`).join(", ")}.`,
    );
    if (grant?.wholeUncovered) lines.push("Even then, this call as a whole would ask again.");
  }
  lines.push("Allow this call?");
  return lines.join("\n");
}

const NOT_COVERED = "; not covered by a session grant";

/**
 * What asks in a shell call: the deciding gate when it is not a unit (a path,
 * a directory), each asking unit in order, and the command as a whole when a
 * floor applies to it rather than to one unit (an unparseable command).
 */
function askingItems(tool: string, d: GateDecision, cwd: string, grant: GrantPreview | null): string[] {
  const items: string[] = [];
  const offered = grant !== null && grant.rules.length > 0;
  if (d.gate !== "tool") items.push(`${describeAttempt(tool, d, cwd)}${matched(d)}${reason(d)}${offered && grant.gateUncovered ? NOT_COVERED : ""}`);
  const units = d.units ?? [];
  for (const [i, u] of units.entries()) if (u.action === "ask") items.push(unitLine(u, offered && grant.uncoveredUnits.has(i)));
  const wholeFloor =
    d.gate === "tool" && FLOOR_WHY.has(d.matchedPattern ?? "") && !units.some((u) => u.action === "ask" && u.matchedPattern === d.matchedPattern);
  if (wholeFloor || items.length === 0) items.push(`the command as a whole${matched(d)}${whyFloor(d.matchedPattern)}`);
  return items;
}

function unitLine(u: GateUnit, uncovered: boolean): string {
  const via = u.derived ? "↳ runs " : "";
  const why = FLOOR_WHY.has(u.matchedPattern ?? "") ? whyFloor(u.matchedPattern) : ` (matched '${visible(clip(u.matchedPattern ?? "", 200))}')`;
  return `${via}${visible(clip(u.text, 300))}${why}${uncovered ? NOT_COVERED : ""}`;
}

const FLOOR_WHY: ReadonlyMap<string, string> = new Map([
  [UNPARSEABLE_PATTERN, " (permc could not parse it)"],
  [OPAQUE_PATTERN, " (it runs code permc cannot read)"],
  [INDIRECTION_PATTERN, " (it runs another command)"],
]);

function whyFloor(pattern: string | null): string {
  return (pattern !== null ? FLOOR_WHY.get(pattern) : undefined) ?? "";
}

function shownCommand(command: string): string {
  const text = command.length > PROMPT_COMMAND_MAX ? `${command.slice(0, PROMPT_COMMAND_MAX)}` : command;
  const shown = visible(text, true);
  return command.length > PROMPT_COMMAND_MAX
    ? `${shown}\n… (${command.length - PROMPT_COMMAND_MAX} more characters not shown; ${command.length} in all)`
    : shown;
}

function indent(text: string): string[] {
  return text.split("\n").map((l) => `    ${l}`);
}

function matched(d: GateDecision): string {
  return d.matchedPattern !== null && !FLOOR_WHY.has(d.matchedPattern) ? ` (matched '${visible(clip(d.matchedPattern, 200))}')` : "";
}

function reason(d: GateDecision): string {
  return d.reason !== undefined ? ` Reason: ${visible(clip(d.reason, 300))}.` : "";
}

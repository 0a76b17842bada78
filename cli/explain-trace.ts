/**
 * Why a request is decided as it is: the steps the gate took, the rules that
 * match each checked value, and the closest ones that do not. Shared by
 * `permc explain` and the playground, so it imports no file system.
 */
import type { RuleMatcher, Miss } from "../compiler/analysis/matching-rules.js";
import { INDIRECTION_PATTERN, OPAQUE_PATTERN, UNPARSEABLE_PATTERN } from "../runtime/bash/decide.js";
import type { RulePayload } from "../runtime/format.js";
import { mcpTargets, piMcpTargets } from "../runtime/gate/index.js";
import { createGate, type GateDecision, type Policy } from "../runtime/index.js";
import { isPiMcpTool } from "../runtime/gate/mcp-targets.js";
import type { RuleJson } from "./rule-json.js";

interface MatchJson extends RuleJson {
  /** Index in the module's rules (priority order). */
  readonly rule: number;
}

/** A rule of the checked surface that does not match, and where the value stops fitting it. */
interface MissJson extends MatchJson {
  /** Index in the value of the first code unit the pattern cannot take; null when the value ends before the pattern does. */
  readonly differsAt: number | null;
}

/** A floor: a minimum the runtime puts under a bash unit's own decision. */
interface FloorJson {
  /** The sentinel the decision reports, e.g. `<opaque-bash-wrapper>`. */
  readonly name: string;
  /** What the floor means. */
  readonly why: string;
  /** The runtime's own account of this unit, e.g. `sudo: runs the command as another user`. */
  readonly reason?: string;
}

export interface StepJson {
  /** What was checked: a bash unit, a path alias, an MCP target… */
  readonly surface: string;
  readonly value: string;
  readonly action: string;
  readonly context?: string;
  /** A bash unit permc derived (what a wrapper or shell runs), not one the reference reports. */
  readonly derived?: true;
  readonly floor?: FloorJson;
  /** A built-in answer that is no rule's, e.g. `<unresolved-bash-word>`. */
  readonly sentinel?: string;
  /** An MCP call: this candidate's place in the target list, and whether it decided. */
  readonly target?: { readonly index: number; readonly decided: boolean };
  /** Every rule matching, in priority order; the last is the winner. */
  readonly matches: readonly MatchJson[];
  readonly winner: MatchJson | null;
  /** Rules of this surface that do not apply: the closest ones, and any named with --rule. */
  readonly misses: readonly MissJson[];
}

/** How an MCP call became its targets: the last rule matching any target decides (reference 33.0.0), reported under the first target it matches. */
interface McpJson {
  readonly from: Readonly<Record<string, string>>;
  readonly targets: readonly string[];
  readonly decidedBy: string | null;
}

export interface Explanation {
  readonly request: unknown;
  readonly action: string;
  readonly gate?: string;
  readonly reason?: string;
  readonly error?: string;
  /** A floor on the whole bash command (a parse error), beyond any unit's. */
  readonly floor?: FloorJson;
  readonly mcp?: McpJson;
  readonly steps: readonly StepJson[];
}

const FLOORS: Readonly<Record<string, FloorJson>> = {
  opaque: {
    name: OPAQUE_PATTERN,
    why: "the rules allow it, but it runs code permc cannot read in full (a shell command line, inline interpreter code, a script on stdin), so it asks",
  },
  indirection: {
    name: INDIRECTION_PATTERN,
    why: "the rules allow it, but it runs another command with changed powers or elsewhere (another user, another host, a recorded or repeated session), so it asks",
  },
  unparseable: { name: UNPARSEABLE_PATTERN, why: "the rules allow it, but this part did not parse as bash, so it asks" },
};
const COMMAND_UNPARSEABLE: FloorJson = {
  name: UNPARSEABLE_PATTERN,
  why: "the command has a parse error (or no unit permc could read): an allow becomes ask; a deny still wins",
};
/** Built-in answers a bash unit can get from no rule. */
const SENTINELS: Readonly<Record<string, string>> = {
  "<unresolved-bash-word>": "a word whose value permc cannot know could make different rules win, so it asks",
  [UNPARSEABLE_PATTERN]: COMMAND_UNPARSEABLE.why,
};
/** Closest misses shown per step when no --rule names one. */
const MISSES_SHOWN = 2;

/**
 * The surface a gate checks (the rule's own surface key may be a wildcard):
 * a path gate reports the directional member that decided; Pi's MCP tools
 * are checked on `mcp`.
 */
function checkedSurface(d: GateDecision, tool: string): string {
  switch (d.gate) {
    case "path":
    case "bash_path":
      return d.surface ?? "path_read";
    case "external_directory":
    case "bash_external_directory":
      return d.surface ?? "external_directory_read";
    default:
      return isPiMcpTool(tool) ? "mcp" : tool;
  }
}

export interface Context {
  readonly policy: Policy;
  readonly matcher: RuleMatcher;
  /** Patterns the user asked about with --rule. */
  readonly named: readonly string[];
}

export function explainRaw(ctx: Context, surface: string, value: string, yolo: boolean): Explanation {
  const d = ctx.policy.check(surface, value, yolo);
  return {
    request: { surface, value },
    action: d.action,
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
    steps: [step(ctx, surface, value, d.action, d.rule)],
  };
}

export async function explainToolCall(
  ctx: Context,
  request: Record<string, unknown>,
  options: { cwd: string; home?: string; yolo: boolean },
): Promise<Explanation> {
  const d = await createGate(ctx.policy, options).decide({ tool: request.tool, input: request.input });
  const tool = typeof request.tool === "string" ? request.tool.trim() : "";
  const steps: StepJson[] = [];
  let mcp: McpJson | undefined;
  if (d.units) {
    for (const u of d.units) {
      const matches = ctx.matcher.matching("bash", u.text);
      steps.push({
        ...step(ctx, "bash", u.text, u.action, matches[matches.length - 1] ?? -1),
        ...(u.context !== undefined ? { context: u.context } : {}),
        ...(u.derived === true ? { derived: true as const } : {}),
        ...(u.floor !== undefined
          ? {
              floor: {
                ...(FLOORS[u.floor] ?? { name: u.floor, why: "a floor of the runtime" }),
                ...(u.floorReason !== undefined ? { reason: u.floorReason } : {}),
              },
            }
          : {}),
        ...(u.floor === undefined && u.matchedPattern !== null && /^<.*>$/.test(u.matchedPattern) ? { sentinel: u.matchedPattern } : {}),
      });
    }
  }
  if (d.gate === "tool" && (tool === "mcp" || isPiMcpTool(tool)) && !d.units) {
    // Every candidate in order: the earlier ones show why they did not decide.
    const targets = tool === "mcp" ? mcpTargets(request.input) : piMcpTargets(tool);
    mcp = { from: mcpFields(request.input), targets, decidedBy: d.value ?? null };
    targets.forEach((value, index) => {
      const matches = ctx.matcher.matching("mcp", value);
      const decided = value === d.value;
      steps.push({
        ...step(ctx, "mcp", value, decided ? d.action : ctx.policy.check("mcp", value, options.yolo).action, matches[matches.length - 1] ?? -1),
        target: { index, decided },
      });
    });
  } else if (d.gate !== "tool" || !d.units) {
    const surface = d.units ? checkedSurface(d, "bash") : checkedSurface(d, tool);
    if (d.value !== undefined) {
      const matches = ctx.matcher.matching(surface, d.value);
      steps.unshift(step(ctx, surface, d.value, d.action, matches[matches.length - 1] ?? -1));
    }
  }
  const unitFloored = d.units?.some((u) => u.floor === "unparseable") ?? false;
  return {
    request,
    action: d.action,
    gate: d.gate,
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
    ...(d.error !== undefined ? { error: d.error } : {}),
    ...(d.units && d.matchedPattern === UNPARSEABLE_PATTERN && !unitFloored ? { floor: COMMAND_UNPARSEABLE } : {}),
    ...(mcp ? { mcp } : {}),
    steps: distinct(steps),
  };
}

/** The input fields an MCP call's targets come from. */
function mcpFields(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof input !== "object" || input === null) return out;
  for (const k of ["tool", "server", "describe", "connect", "search"]) {
    const v = (input as Record<string, unknown>)[k];
    if (typeof v === "string" && v.trim() !== "") out[k] = v.trim();
  }
  return out;
}

/** A unit the split reports twice (`ls; ls`, a wrapper and what it runs spelled alike) is explained once. */
function distinct(steps: readonly StepJson[]): StepJson[] {
  const seen = new Set<string>();
  return steps.filter((s) => {
    const key = JSON.stringify([s.surface, s.value, s.action, s.context ?? "", s.floor?.name ?? "", s.target?.index ?? -1]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function step(ctx: Context, surface: string, value: string, action: string, winner: number): StepJson {
  const matches = ctx.matcher.matching(surface, value).map((i) => matchJson(ctx.policy.rules, i));
  return { surface, value, action, matches, winner: winner >= 0 ? matchJson(ctx.policy.rules, winner) : null, misses: misses(ctx, surface, value) };
}

/**
 * Rules of this surface that do not match: the ones named with --rule, or
 * else the closest (the value fits them longest before it differs).
 */
function misses(ctx: Context, surface: string, value: string): MissJson[] {
  const out: Array<MissJson & { reach: number }> = [];
  ctx.policy.rules.forEach((r, i) => {
    if (r.layer === "default") return;
    if (ctx.named.length > 0 && !ctx.named.includes(r.pattern)) return;
    const why: Miss | null = ctx.matcher.whyNot(i, surface, value);
    if (why === null || why.kind === "surface") return;
    const differsAt = why.kind === "differs" ? why.at : null;
    out.push({ ...matchJson(ctx.policy.rules, i), differsAt, reach: differsAt ?? value.length });
  });
  if (ctx.named.length > 0) return out.map(({ reach: _reach, ...m }) => m);
  return out
    .filter((m) => m.reach > 0)
    .sort((a, b) => b.reach - a.reach || b.rule - a.rule)
    .slice(0, MISSES_SHOWN)
    .map(({ reach: _reach, ...m }) => m);
}

function matchJson(rules: readonly RulePayload[], i: number): MatchJson {
  const r = rules[i]!;
  return { rule: i, surface: r.surface, pattern: r.pattern, action: r.action, layer: r.layer, origin: r.origin, source: r.source ?? null };
}

function ruleName(m: MatchJson): string {
  return `${m.layer === "default" ? "universal default" : `\`${m.pattern}\` on \`${m.surface}\``}${m.source ? `  (${m.source})` : ""}`;
}

export function renderHuman(e: Explanation, named: readonly string[]): string {
  const lines = [`decision: ${e.action}${e.gate ? ` (decided by the ${e.gate} gate)` : ""}${e.reason ? ` — ${e.reason}` : ""}`];
  if (e.error) lines.push(`error: ${e.error}`);
  if (e.floor) lines.push(`floor ${e.floor.name}: ${e.floor.why}`);
  if (e.mcp) {
    const from =
      Object.entries(e.mcp.from)
        .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
        .join(", ") || "no tool, server, describe, connect or search field";
    lines.push(
      "",
      `mcp targets from ${from}; the last rule matching any of them decides, reported under the first target it matches:`,
      `  ${e.mcp.targets.map((t) => (t === e.mcp!.decidedBy ? `[${t}]` : t)).join(" → ")}`,
    );
  }
  for (const s of e.steps) {
    const where = [
      s.context ? `in ${s.context}` : "",
      s.derived ? "derived: what a wrapper or shell runs" : "",
      s.target ? `target ${s.target.index + 1}${s.target.decided ? ", decides" : ", does not decide"}` : "",
    ].filter((x) => x !== "");
    lines.push("", `${s.surface} ${JSON.stringify(s.value)}${where.length > 0 ? ` (${where.join("; ")})` : ""} → ${s.action}`);
    if (s.floor) lines.push(`  floor  ${s.floor.name}${s.floor.reason ? ` (${s.floor.reason})` : ""}: ${s.floor.why}`);
    if (s.sentinel) lines.push(`  built-in ${s.sentinel}: ${SENTINELS[s.sentinel] ?? "a built-in answer of the runtime, not a rule"}`);
    if (s.matches.length === 0) lines.push("  no rule matches");
    for (const m of s.matches) lines.push(`  ${s.winner && m.rule === s.winner.rule ? "wins  " : "beaten"} ${m.action.padEnd(5)} ${ruleName(m)}`);
    for (const m of s.misses) {
      const why =
        m.differsAt === null
          ? "the value ends where the pattern needs more"
          : `differs at character ${m.differsAt + 1} (${JSON.stringify(s.value.slice(m.differsAt, m.differsAt + 1))} after ${JSON.stringify(s.value.slice(Math.max(0, m.differsAt - 12), m.differsAt))})`;
      lines.push(`  no     ${m.action.padEnd(5)} ${ruleName(m)}: ${why}`);
    }
  }
  for (const pattern of named) {
    if (!e.steps.some((s) => s.matches.some((m) => m.pattern === pattern) || s.misses.some((m) => m.pattern === pattern))) {
      lines.push("", `--rule ${JSON.stringify(pattern)}: no rule with this pattern is on a surface this request checks`);
    }
  }
  return lines.join("\n");
}

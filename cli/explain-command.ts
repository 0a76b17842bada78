import { RuleMatcher } from "../compiler/analysis/matching-rules.js";
import type { RulePayload } from "../runtime/format.js";
import { createGate, loadPolicy, type GateDecision, type Policy } from "../runtime/index.js";
import { formatFrom } from "./compile-command.js";
import { parseOptions, UsageError } from "./usage.js";


interface MatchJson {
  readonly rule: number;
  readonly surface: string;
  readonly pattern: string;
  readonly action: string;
  readonly layer: string;
  readonly origin: string;
  readonly source: string | null;
}

interface StepJson {
  /** What was checked: a bash unit, a path alias, an MCP target… */
  readonly surface: string;
  readonly value: string;
  readonly action: string;
  readonly context?: string;
  readonly floor?: string;
  /** Every rule matching, in priority order; the last is the winner. */
  readonly matches: readonly MatchJson[];
  readonly winner: MatchJson | null;
}

/** The surface a gate checks (the rule's own surface key may be a wildcard). */
function checkedSurface(gate: GateDecision["gate"], tool: string): string {
  switch (gate) {
    case "path":
    case "bash_path":
      return "path";
    case "external_directory":
    case "bash_external_directory":
      return "external_directory";
    default:
      return tool;
  }
}

export async function runExplain(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseOptions({
    args: argv,
    allowPositionals: true,
    options: { policy: { type: "string" }, cwd: { type: "string" }, home: { type: "string" }, yolo: { type: "boolean" }, format: { type: "string" } },
  });
  if (!values.policy) throw new UsageError("explain needs --policy <module.mjs>");
  if (positionals.length !== 1) throw new UsageError("explain takes one request as JSON, e.g. '{\"tool\":\"bash\",\"input\":{\"command\":\"git push\"}}'");
  const format = formatFrom(values.format);
  let request: Record<string, unknown>;
  try {
    request = JSON.parse(positionals[0]!) as Record<string, unknown>;
    if (typeof request !== "object" || request === null || Array.isArray(request)) throw new Error();
  } catch {
    throw new UsageError("the request must be a JSON object");
  }
  const policy = await loadPolicy(values.policy, values.home !== undefined ? { home: values.home } : {});
  if (policy.error || !policy.info) {
    process.stderr.write(`permc explain: ${policy.error ?? "no policy"}; every request is denied\n`);
    return 1;
  }
  const matcher = new RuleMatcher(policy.rules, { home: policy.info.home, platform: policy.info.platform });
  const yolo = values.yolo ?? false;
  const explained = typeof request.surface === "string" && typeof request.value === "string"
    ? explainRaw(policy, matcher, request.surface, request.value, yolo)
    : await explainToolCall(policy, matcher, request, { cwd: values.cwd ?? process.cwd(), yolo, ...(values.home !== undefined ? { home: values.home } : {}) });
  process.stdout.write(format === "json" ? JSON.stringify(explained, null, 2) + "\n" : renderHuman(explained) + "\n");
  return 0;
}

interface Explanation {
  readonly request: unknown;
  readonly action: string;
  readonly gate?: string;
  readonly reason?: string;
  readonly error?: string;
  readonly steps: readonly StepJson[];
}

function explainRaw(policy: Policy, matcher: RuleMatcher, surface: string, value: string, yolo: boolean): Explanation {
  const d = policy.check(surface, value, yolo);
  return {
    request: { surface, value },
    action: d.action,
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
    steps: [step(policy, matcher, surface, value, d.action, d.rule)],
  };
}

async function explainToolCall(
  policy: Policy,
  matcher: RuleMatcher,
  request: Record<string, unknown>,
  options: { cwd: string; home?: string; yolo: boolean },
): Promise<Explanation> {
  const d = await createGate(policy, options).decide({ tool: request.tool, input: request.input });
  const tool = typeof request.tool === "string" ? request.tool.trim() : "";
  const steps: StepJson[] = [];
  if (d.units) {
    for (const u of d.units) {
      const matches = matcher.matching("bash", u.text);
      steps.push({
        ...step(policy, matcher, "bash", u.text, u.action, matches[matches.length - 1] ?? -1),
        ...(u.context !== undefined ? { context: u.context } : {}),
        ...(u.floor !== undefined ? { floor: u.floor } : {}),
      });
    }
  }
  if (d.gate !== "tool" || !d.units) {
    const surface = d.units ? checkedSurface(d.gate, "bash") : checkedSurface(d.gate, tool);
    if (d.value !== undefined) {
      const matches = matcher.matching(surface, d.value);
      steps.unshift(step(policy, matcher, surface, d.value, d.action, matches[matches.length - 1] ?? -1));
    }
  }
  return {
    request,
    action: d.action,
    gate: d.gate,
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
    ...(d.error !== undefined ? { error: d.error } : {}),
    steps,
  };
}

function step(policy: Policy, matcher: RuleMatcher, surface: string, value: string, action: string, winner: number): StepJson {
  const matches = matcher.matching(surface, value).map((i) => matchJson(policy.rules, i));
  return { surface, value, action, matches, winner: winner >= 0 ? matchJson(policy.rules, winner) : null };
}

function matchJson(rules: readonly RulePayload[], i: number): MatchJson {
  const r = rules[i]!;
  return { rule: i, surface: r.surface, pattern: r.pattern, action: r.action, layer: r.layer, origin: r.origin, source: r.source ?? null };
}

function renderHuman(e: Explanation): string {
  const lines = [`decision: ${e.action}${e.gate ? ` (decided by the ${e.gate} gate)` : ""}${e.reason ? ` — ${e.reason}` : ""}`];
  if (e.error) lines.push(`error: ${e.error}`);
  for (const s of e.steps) {
    lines.push("", `${s.surface} ${JSON.stringify(s.value)}${s.context ? ` (in ${s.context})` : ""} → ${s.action}${s.floor ? ` (floored: ${s.floor} wrapper or parse problem)` : ""}`);
    if (s.matches.length === 0) lines.push("  no rule matches");
    for (const m of s.matches) {
      const mark = s.winner && m.rule === s.winner.rule ? "wins  " : "beaten";
      lines.push(`  ${mark} ${m.action.padEnd(5)} ${m.layer === "default" ? "universal default" : `\`${m.pattern}\` on \`${m.surface}\``}${m.source ? `  (${m.source})` : ""}`);
    }
  }
  return lines.join("\n");
}

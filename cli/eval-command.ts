import { createGate, loadPolicy, type Gate, type Policy } from "../runtime/index.js";
import { publicFields, type Decision } from "../runtime/decision.js";
import type { CliIO } from "./cli-io.js";
import { parseOptions, UsageError } from "./usage.js";
import { MAX_LINE_CHARS, requestLines, TOO_LONG } from "./request-lines.js";

export interface EvalContext {
  readonly policy: Policy;
  readonly gate: Gate;
  readonly yolo: boolean;
  readonly cwd: string;
  readonly home?: string;
  readonly agentName?: string;
}

/** Shown when a person runs `permc eval` at a terminal, where it would seem to hang. */
export const TTY_HINT =
  'permc eval: reading JSONL requests from standard input, one per line, e.g. {"tool":"bash","input":{"command":"git status"}}; Ctrl-D ends (see permc eval --help)';

export async function runEval(argv: readonly string[], io: CliIO = { stdin: process.stdin }): Promise<number> {
  const { values } = parseOptions({
    args: argv,
    options: {
      policy: { type: "string" },
      cwd: { type: "string" },
      home: { type: "string" },
      agent: { type: "string" },
      yolo: { type: "boolean" },
    },
  });
  if (!values.policy) throw new UsageError("eval needs --policy <module.mjs>");
  const policy = await loadPolicy(values.policy, values.home !== undefined ? { home: values.home } : {});
  // Fail closed and say so: every request still gets its deny line, and the exit status reports the unusable module.
  if (policy.error) process.stderr.write(`permc eval: error: ${policy.error}; every request is denied\n`);
  const options = {
    cwd: values.cwd ?? process.cwd(),
    yolo: values.yolo ?? false,
    ...(values.home !== undefined ? { home: values.home } : {}),
    ...(values.agent !== undefined ? { agentName: values.agent } : {}),
  };
  const ctx: EvalContext = { policy, gate: createGate(policy, options), ...options };
  if (io.stdin.isTTY === true) process.stderr.write(TTY_HINT + "\n");
  // One answer per input line, blank and broken ones included: a client pairs answers with requests by position.
  for await (const line of requestLines(io.stdin)) {
    const result =
      line === TOO_LONG
        ? { action: "deny", matchedPattern: null, error: `request line is longer than ${MAX_LINE_CHARS} characters` }
        : await evalLine(line, ctx);
    process.stdout.write(jsonLine(result) + "\n");
  }
  return policy.error ? 1 : 0;
}

export type EvalResult = Record<string, unknown> & { action: string };

/** One request line → one result; every failure is a deny with the cause. */
export async function evalLine(line: string, ctx: EvalContext): Promise<EvalResult> {
  if (/^[ \t\r]*$/.test(line)) return { action: "deny", matchedPattern: null, error: "request line is blank" };
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { action: "deny", matchedPattern: null, error: "request is not valid JSON" };
  }
  try {
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      return { action: "deny", matchedPattern: null, error: "request must be a JSON object" };
    }
    const r = request as Record<string, unknown>;
    if ("surface" in r) {
      if (typeof r.surface !== "string" || typeof r.value !== "string") {
        return { action: "deny", matchedPattern: null, error: "a surface request needs string `surface` and `value`" };
      }
      return decisionJson(ctx.policy.check(r.surface, r.value, ctx.yolo));
    }
    if ("tool" in r) {
      const { gate, ...d } = await ctx.gate.decide({ tool: r.tool, input: r.input });
      return { ...d, gate };
    }
    return { action: "deny", matchedPattern: null, error: "request needs `surface` and `value`, or `tool` and `input`" };
  } catch (e) {
    return { action: "deny", matchedPattern: null, error: `internal error: ${e instanceof Error ? e.message : String(e)}` };
  }
}

export function decisionJson(d: Decision): EvalResult {
  return { ...publicFields(d) };
}

/** JSON with the line separators JSON leaves raw escaped, so every consumer sees one line per result. */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

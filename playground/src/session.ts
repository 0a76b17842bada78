/**
 * What the playground computes, without the page: compile a policy text in
 * memory through the automata stage (no module is emitted, so nothing needs
 * ts-morph or a file system), load the tables through the runtime's
 * validated loader from data, and decide and explain tool calls with the
 * real gate. Tested in Node (test/playground/) and run in the browser.
 */
import { RuleMatcher } from "../../compiler/analysis/matching-rules.js";
import { buildPayload } from "../../compiler/emit/payload.js";
import { surfaceDot, type GraphInput } from "../../compiler/graph/index.js";
import { compile, COMPILER_VERSION, declaredScope, toJson, renderAll, type JsonDiagnostic, type Scope, type SourceKind } from "../../compiler/index.js";
import { explainToolCall, renderHuman, type Explanation } from "../../cli/explain-trace.js";
import { policyFromPayload, type Policy } from "../../runtime/index.js";

/** `~` in patterns and the gate's home: the playground's own, POSIX. */
export const PLAYGROUND_HOME = "/home/you";
export const PLAYGROUND_CWD = "/home/you/project";
const SCOPES: readonly Scope[] = ["global", "project", "agent", "project-agent"];

export type PolicyKind = "perm" | "json";

export interface CompiledPolicy {
  readonly diagnostics: readonly JsonDiagnostic[];
  /** The diagnostics as `permc lint` prints them (no colour). */
  readonly rendered: string;
  /** Null when the policy has errors: every call is then denied, as a missing module would be. */
  readonly policy: Policy | null;
  readonly graph: GraphInput | null;
}

export function fileName(kind: PolicyKind): string {
  return kind === "perm" ? "policy.perm" : "policy.json";
}

export function compilePolicy(kind: PolicyKind, text: string): CompiledPolicy {
  const file = fileName(kind);
  const sourceKind: SourceKind = kind === "perm" ? "perm-dsl" : "pi-json";
  const declared = kind === "perm" ? declaredScope(text) : undefined;
  const scope = SCOPES.find((s) => s === declared) ?? "global";
  const target = { home: PLAYGROUND_HOME, platform: "posix" as const };
  const result = compile({ inputs: [{ file, text, scope, kind: sourceKind }], target, command: "permc playground", until: "automata" });
  const diagnostics = result.diagnostics.map((d) => toJson(d, result.sources));
  const rendered = result.diagnostics.length > 0 ? renderAll(result.diagnostics, result.sources, { color: false }) : "";
  const { policy: ir, lowered, tables } = result.state;
  if (!ir || !lowered || !tables || diagnostics.some((d) => d.severity === "error")) return { diagnostics, rendered, policy: null, graph: null };
  // Through JSON, as a module's POLICY string is read: the runtime sees data, never the compiler's objects.
  const payload: unknown = JSON.parse(JSON.stringify(buildPayload(ir, tables, result.sources)));
  const policy = policyFromPayload(
    { payload, compiledFor: target, compilerVersion: COMPILER_VERSION, label: file },
    { home: PLAYGROUND_HOME, platform: "posix" },
  );
  return { diagnostics, rendered, policy, graph: { policy: ir, lowered, tables, sources: result.sources } };
}

/** The tools whose bare argument is a path; anything else is given as JSON. */
const PATH_TOOLS = new Set(["read", "write", "edit", "grep", "find", "ls"]);

/**
 * One tool call per line: `bash git push`, `read ~/.ssh/id_rsa`, or a tool
 * name and its input as JSON (`mcp {"tool":"x"}`), or a whole JSON request.
 */
export function parseCall(line: string): { tool: string; input: unknown } | { error: string } {
  const text = line.trim();
  if (text.startsWith("{")) {
    try {
      const r = JSON.parse(text) as { tool?: unknown; input?: unknown };
      return { tool: typeof r.tool === "string" ? r.tool : "", input: r.input };
    } catch {
      return { error: "not valid JSON" };
    }
  }
  const space = text.search(/\s/);
  const tool = space < 0 ? text : text.slice(0, space);
  const rest = space < 0 ? "" : text.slice(space).trim();
  if (rest.startsWith("{")) {
    try {
      return { tool, input: JSON.parse(rest) };
    } catch {
      return { error: "the input is not valid JSON" };
    }
  }
  if (tool === "bash") return { tool, input: { command: rest } };
  if (PATH_TOOLS.has(tool)) return { tool, input: { path: rest } };
  return { tool, input: rest === "" ? {} : { value: rest } };
}

export interface CallResult {
  readonly line: string;
  readonly action: string;
  /** `permc explain`'s text for the call. */
  readonly trace: string;
  /** The surface whose automaton decided (the first checked step), if any. */
  readonly surface: string | null;
  readonly explanation: Explanation | null;
}

export async function decideCall(compiled: CompiledPolicy, line: string): Promise<CallResult> {
  const call = parseCall(line);
  if ("error" in call) return { line, action: "deny", trace: `cannot read this call: ${call.error}`, surface: null, explanation: null };
  if (!compiled.policy)
    return {
      line,
      action: "deny",
      trace: "decision: deny — the policy has errors, so every call is denied (as with a module that does not load)",
      surface: null,
      explanation: null,
    };
  const policy = compiled.policy;
  const ctx = { policy, matcher: new RuleMatcher(policy.rules, { home: PLAYGROUND_HOME, platform: "posix" }), named: [] };
  const explanation = await explainToolCall(ctx, { tool: call.tool, input: call.input }, { cwd: PLAYGROUND_CWD, yolo: false, home: PLAYGROUND_HOME });
  return { line, action: explanation.action, trace: renderHuman(explanation, []), surface: explanation.steps[0]?.surface ?? null, explanation };
}

export function automatonDot(compiled: CompiledPolicy, surface: string): { dot: string } | { error: string } {
  if (!compiled.graph) return { error: "no automata: the policy has errors" };
  return surfaceDot(compiled.graph, surface);
}

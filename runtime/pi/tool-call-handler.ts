import path from "node:path";
import { inputField, shellToolOf } from "../gate/call-shape.js";
import { askedGrants, sandboxWrappedCommand } from "../sandbox/wrap-command.js";
import { createGate, type GateDecision } from "../gate/index.js";
import type { Policy } from "../policy.js";
import type { SessionRuleMatcher } from "../session-rules.js";
import { previewGrant } from "./grant-preview.js";
import type { SessionRules } from "../session-rules.js";
import type { PolicySource } from "./policy-source.js";
import type { Audit, Outcome } from "./audit.js";
import type { ReviewLog } from "./review-log.js";
import { askUser } from "./ask-user.js";
import { clip, denyMessage, TAG, failClosedMessage, noUiMessage, userDeniedMessage } from "./messages.js";
import { promptText } from "./prompt.js";
import { sessionSuggestions } from "./session-suggestions.js";
import type { ExtensionContext, ToolCallEventResult } from "@mariozechner/pi-coding-agent";
import { toolNameOf } from "../gate/tool-name.js";

export interface HandlerDeps {
  /** The policy source for this call's working directory (and the project's trust, read from `ctx`). */
  readonly sourceFor: (cwd: string, ctx: ExtensionContext | undefined) => PolicySource;
  readonly home: string;
  readonly sessionRules: SessionRules;
  readonly audit: Audit;
  readonly log: ReviewLog;
  /** Tell the user something once per distinct message. */
  readonly tell: (ctx: ExtensionContext | undefined, message: string) => void;
  /** Runs prompts one at a time (the reference prompts sequentially). */
  readonly serialize: <T>(task: () => Promise<T>) => Promise<T>;
  /**
   * The kernel layer (docs/sandbox.md): each shell command the gate allows or
   * the person approves is rewritten in place (Pi's `event.input` is mutable)
   * to run under `permc run`, with an approved ask's paths granted to it.
   */
  readonly sandbox?: { readonly permc: readonly string[] };
}

/** A queue that runs tasks one after another; a failed task does not stop the queue. */
export function createSerializer(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

type Verdict = { outcome: Outcome; result: ToolCallEventResult | undefined };

/**
 * The `tool_call` handler behind a fail-closed boundary. Pi's emitToolCall
 * does not catch handler errors, so this handler never throws: any exception
 * blocks the call, is logged as a gate error and counts under `errors`.
 */
export function createToolCallHandler(deps: HandlerDeps) {
  return async function onToolCall(event: unknown, ctx: ExtensionContext): Promise<ToolCallEventResult | undefined> {
    deps.audit.begin();
    let verdict: Verdict;
    try {
      verdict = await decideCall(deps, event, ctx);
    } catch (e) {
      verdict = { outcome: "errors", result: { block: true, reason: failClosedMessage(e) } };
      safely(() =>
        deps.log.write("permission_request.blocked", {
          resolution: "gate_error",
          ...describeEvent(event),
          error: clip(String(e instanceof Error ? e.message : e), 2000),
        }),
      );
    }
    safely(() => deps.audit.record(verdict.outcome));
    return verdict.result;
  };
}

async function decideCall(deps: HandlerDeps, event: unknown, ctx: ExtensionContext): Promise<Verdict> {
  if (typeof event !== "object" || event === null) throw new Error("the tool_call event is not an object");
  const e = event as Record<string, unknown>;
  // The reference reads the name from toolName, name or tool, and the input from input, else arguments.
  const rawTool = e.toolName ?? e.name ?? e.tool;
  // An event with neither is malformed: the gate refuses a call without input.
  const input = e.input !== undefined ? e.input : e.arguments;
  const cwd = typeof ctx?.cwd === "string" && ctx.cwd !== "" ? ctx.cwd : process.cwd();
  const source = deps.sourceFor(cwd, ctx);
  const policy = await source.current();
  const gate = createGate(policy, { cwd, home: deps.home, sessionRules: deps.sessionRules });
  const call = { tool: rawTool, input };
  const tool = typeof rawTool === "string" ? toolNameOf(rawTool) : String(rawTool);
  const toolCallId = typeof e.toolCallId === "string" ? e.toolCallId : undefined;
  const info: CallInfo = { tool, toolCallId, cwd, policyError: policy.error, command: shellCommand(policy, tool, input) };
  const first = await gate.decide(call);
  const sandboxed = (v: Verdict, d: GateDecision): Verdict => sandboxCommand(deps, v, d, policy, tool, input, cwd, source.modulePath);
  if (first.action !== "ask" || ctx?.hasUI !== true) return sandboxed(await settle(deps, ctx, first, info, null), first);
  // The same call decided with extra session rules: what "Allow for this session" would really cover.
  const decideWith = (rules: SessionRuleMatcher) => createGate(policy, { cwd, home: deps.home, sessionRules: rules }).decide(call);
  // One dialog at a time. Decide again once it is this call's turn: an approval for the
  // session granted while it waited may now cover it.
  return deps.serialize(async () => {
    const d = await gate.decide(call);
    return sandboxed(await settle(deps, ctx, d, info, decideWith), d);
  });
}

/** An allowed shell call's command, rewritten in place to run under the kernel layer when it is on. */
function sandboxCommand(
  deps: HandlerDeps,
  v: Verdict,
  d: GateDecision,
  policy: Policy,
  tool: string,
  input: unknown,
  cwd: string,
  modulePath: string,
): Verdict {
  if (deps.sandbox === undefined || v.outcome !== "allowed" || typeof input !== "object" || input === null) return v;
  const shell = shellToolOf(policy, tool);
  if (shell === undefined) return v;
  const args = input as Record<string, unknown>;
  const command = inputField(args, shell.commandArgument);
  if (typeof command !== "string") return v;
  const workdir = shell.workdirArgument ? inputField(args, shell.workdirArgument) : undefined;
  const runIn = typeof workdir === "string" && workdir.trim() !== "" ? path.resolve(cwd, workdir.trim()) : cwd;
  // Asked and approved: the paths asked about are the person's to grant, for this command alone.
  const granted = d.action === "ask" ? askedGrants(d.gates) : NO_GRANTS;
  args[shell.commandArgument] = sandboxWrappedCommand(command, { permc: deps.sandbox.permc, policy: modulePath, home: deps.home, cwd: runIn, ...granted });
  return v;
}

const NO_GRANTS = { grants: [], readGrants: [] };

interface CallInfo {
  readonly tool: string;
  readonly toolCallId: string | undefined;
  readonly cwd: string;
  readonly policyError: string | null;
  /** The whole command of a bash or shell-tool call, shown in the prompt; null for other tools. */
  readonly command: string | null;
}

function shellCommand(policy: Policy, tool: string, input: unknown): string | null {
  if (policy.error !== null || typeof input !== "object" || input === null || Array.isArray(input)) return null;
  const shell = shellToolOf(policy, tool);
  const command = shell ? inputField(input as Record<string, unknown>, shell.commandArgument) : undefined;
  return typeof command === "string" ? command : null;
}

async function settle(
  deps: HandlerDeps,
  ctx: ExtensionContext,
  d: GateDecision,
  c: CallInfo,
  decideWith: ((rules: SessionRuleMatcher) => Promise<GateDecision>) | null,
): Promise<Verdict> {
  const { tool, toolCallId, cwd, policyError } = c;
  const base = { tool: clip(tool, 200), toolCallId, ...decisionFields(d) };

  if (d.action === "allow") {
    if (d.origin === "session") deps.log.write("permission_request.session_approved", { ...base, resolution: "session_approved" });
    if (d.origin === "yolo") deps.log.write("permission_request.auto_approved", { ...base, resolution: "auto_approved" });
    return { outcome: "allowed", result: undefined };
  }
  if (d.action === "deny") {
    const gateError = d.gate === "error";
    // A broken policy is reported once by the policy source; other gate errors (a parser that
    // failed to load, an internal throw) are shown here, once per distinct error.
    if (gateError && d.error !== undefined && policyError === null) deps.tell(ctx, `${TAG} ${clip(d.error, 1000)}`);
    // A call of the wrong shape (no input, no command, no path, no tool name) was refused before any rule.
    const refused = d.gate === "input" || d.gate === "registration";
    deps.log.write("permission_request.blocked", { ...base, resolution: gateError ? "gate_error" : refused ? "input_rejected" : "policy_denied" });
    return { outcome: gateError ? "errors" : "blocked", result: { block: true, reason: denyMessage(tool, d, cwd) } };
  }

  // ask
  const suggested = sessionSuggestions(tool, d, cwd);
  const grant = suggested.length > 0 && decideWith ? await previewGrant(d, suggested, deps.sessionRules, decideWith) : null;
  const suggestions = grant?.rules ?? [];
  deps.log.write("permission_request.waiting", base);
  const answer = await askUser(ctx, promptText(tool, d, cwd, c.command, grant), suggestions.length > 0);
  if (answer === "once" || answer === "session") {
    if (answer === "session") for (const r of suggestions) deps.sessionRules.add(r.surface, r.pattern);
    deps.log.write("permission_request.approved", {
      ...base,
      resolution: answer === "session" ? "approved_for_session" : "approved",
      ...(answer === "session" ? { sessionRules: suggestions } : {}),
    });
    return { outcome: "allowed", result: undefined };
  }
  const unavailable = answer === "unavailable";
  deps.log.write("permission_request.denied", { ...base, resolution: unavailable ? "confirmation_unavailable" : "denied" });
  return { outcome: "blocked", result: { block: true, reason: unavailable ? noUiMessage(tool, d, cwd) : userDeniedMessage(tool, d, cwd) } };
}

/** The decision as logged; sentinel patterns (`<unparseable-bash-command>`, …) appear as matchedPattern. */
function decisionFields(d: GateDecision): Record<string, unknown> {
  return {
    action: d.action,
    gate: d.gate,
    matchedPattern: d.matchedPattern,
    origin: d.origin,
    ...(d.surface !== undefined ? { surface: d.surface } : {}),
    ...(d.value !== undefined ? { value: clip(d.value, 2000) } : {}),
    ...(d.reason !== undefined ? { reason: d.reason } : {}),
    ...(d.error !== undefined ? { error: clip(d.error, 2000) } : {}),
    ...(d.units ? { units: d.units.slice(0, 50).map((u) => ({ ...u, text: clip(u.text, 500) })) } : {}),
  };
}

function describeEvent(event: unknown): Record<string, unknown> {
  try {
    const e = event as Record<string, unknown>;
    const input = e?.input as Record<string, unknown> | undefined;
    return {
      tool: typeof e?.toolName === "string" ? clip(e.toolName, 200) : undefined,
      command: typeof input?.command === "string" ? clip(input.command, 2000) : undefined,
    };
  } catch {
    return {};
  }
}

function safely(f: () => void): void {
  try {
    f();
  } catch {
    // Bookkeeping never changes a decision.
  }
}

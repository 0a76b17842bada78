/**
 * Claude Code's `PreToolUse` hook contract around permc's gate. Input: the
 * hook's JSON on stdin (`hook_event_name`, `tool_name`, `tool_input`, `cwd`,
 * `session_id`, …). A decision is printed as
 * `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":
 * "allow"|"deny"|"ask","permissionDecisionReason":"…"}}` with exit 0. Anything
 * that is not a decision (bad JSON, an unusable policy module, a call of an
 * unexpected shape, a thrown error) blocks the documented way that needs no
 * JSON: exit 2, the reason on stderr (Claude shows it to the model). Exit 1
 * would not block, so it is never used. See docs/claude-code.md.
 */
import { denyMessage } from "../pi/messages.js";
import { createGate, type GateDecision, type GateOptions } from "../gate/index.js";
import type { Policy } from "../policy.js";
import { decideHostCall, hostToolEntry } from "../hosts/decide-host-call.js";
import { askedGrants, sandboxWrappedCommand, type SandboxWrap } from "../sandbox/wrap-command.js";
import { blocked, decisionReason, type HookOutcome } from "../hosts/hook-outcome.js";
import { readHookCall } from "../hosts/hook-input.js";
import { CLAUDE_TABLE } from "./tools.js";

export type { HookOutcome };

export interface ClaudeHookOptions extends Omit<GateOptions, "cwd"> {
  /**
   * The kernel layer (docs/sandbox.md): a shell command the hook allows or
   * asks for is handed back in `updatedInput` wrapped in `permc run`, so it
   * runs under the policy's path rules; an ask's paths are granted to it,
   * for when the person approves.
   */
  readonly sandbox?: Pick<SandboxWrap, "permc" | "policy">;
}

/** Decides one hook invocation. Never rejects. */
export async function runClaudeHook(policy: Policy, stdinText: string, options: ClaudeHookOptions = {}): Promise<HookOutcome> {
  try {
    return await decide(policy, stdinText, options);
  } catch (e) {
    return blocked(`permission hook failed and blocked the call (fail-closed): ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function decide(policy: Policy, stdinText: string, options: ClaudeHookOptions): Promise<HookOutcome> {
  if (policy.error) return blocked(`the policy module is unusable, so every call is blocked: ${policy.error}`);
  const call = readHookCall(stdinText, "PreToolUse", "permc hook claude");
  if ("problem" in call) return blocked(call.problem);
  const { tool, input, cwd } = call;
  const gate = createGate(policy, { ...options, cwd });
  const worst = await decideHostCall(CLAUDE_TABLE, { policy, gate }, tool, input);
  if (worst.error !== undefined) return { ...blocked(denyMessage(tool, worst, cwd)), decision: worst, tool };
  const home = options.home ?? policy.info?.home ?? "";
  const updatedInput = worst.action === "deny" ? undefined : sandboxedInput(tool, input, worst, cwd, home, options.sandbox);
  const output = decisionOutput(worst.action, decisionReason(tool, worst, cwd), updatedInput);
  return { exitCode: 0, stdout: JSON.stringify(output) + "\n", stderr: "", decision: worst, tool };
}

/** The documented PreToolUse decision object; `updatedInput` replaces the tool's whole input (with allow or ask). */
export function decisionOutput(action: "allow" | "ask" | "deny", reason: string, updatedInput?: Readonly<Record<string, unknown>>) {
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: action,
      permissionDecisionReason: reason,
      ...(updatedInput !== undefined ? { updatedInput } : {}),
    },
  } as const;
}

/** A shell tool's input with its command wrapped for the kernel layer, or undefined (no layer, not a shell tool). */
function sandboxedInput(
  tool: string,
  input: Readonly<Record<string, unknown>>,
  d: GateDecision,
  cwd: string,
  home: string,
  sandbox: ClaudeHookOptions["sandbox"],
): Record<string, unknown> | undefined {
  if (sandbox === undefined) return undefined;
  const entry = hostToolEntry(CLAUDE_TABLE, tool).entry;
  if (entry?.kind !== "permc" || entry.tool !== "bash") return undefined;
  const field = entry.fields.command ?? "command";
  const command = input[field];
  if (typeof command !== "string") return undefined;
  const wrap = { ...sandbox, home, cwd, ...(d.action === "ask" ? askedGrants(d.gates) : {}) };
  return { ...input, [field]: sandboxWrappedCommand(command, wrap) };
}

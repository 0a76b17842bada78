/**
 * Codex CLI's `PreToolUse` hook contract around permc's gate (Codex 0.171.0;
 * docs/codex.md). Input: Claude Code's shape (`hook_event_name`, `tool_name`,
 * `tool_input`, `cwd`, …). Output, as Codex reads it:
 *   - deny: `{"hookSpecificOutput":{"hookEventName":"PreToolUse",
 *     "permissionDecision":"deny","permissionDecisionReason":"…"}}`, exit 0;
 *     Codex blocks the call and the model reads the reason.
 *   - ask: Codex rejects `permissionDecision: "ask"` as unsupported and then
 *     runs the call, so permc answers a deny that says the call needs a
 *     person's approval (fail closed).
 *   - allow: Codex rejects a bare `"allow"` the same way; permc prints
 *     nothing and exits 0, which Codex reads as no objection (its own
 *     approval policy and sandbox still apply).
 * Anything that is not a decision blocks with exit 2 and the reason on stderr.
 */
import { createGate, type GateOptions } from "../gate/index.js";
import { denyMessage } from "../pi/messages.js";
import type { Policy } from "../policy.js";
import { decideHostCall } from "../hosts/decide-host-call.js";
import { readHookCall } from "../hosts/hook-input.js";
import { blocked, decisionReason, type HookOutcome } from "../hosts/hook-outcome.js";
import { CODEX_TABLE } from "./tools.js";

export type CodexHookOptions = Omit<GateOptions, "cwd">;

/** Decides one hook invocation. Never rejects. */
export async function runCodexHook(policy: Policy, stdinText: string, options: CodexHookOptions = {}): Promise<HookOutcome> {
  try {
    if (policy.error) return blocked(`the policy module is unusable, so every call is blocked: ${policy.error}`);
    const call = readHookCall(stdinText, "PreToolUse", "permc hook codex");
    if ("problem" in call) return blocked(call.problem);
    const { tool, input, cwd } = call;
    const gate = createGate(policy, { ...options, cwd });
    const d = await decideHostCall(CODEX_TABLE, { policy, gate }, tool, input);
    if (d.error !== undefined) return { ...blocked(denyMessage(tool, d, cwd)), decision: d, tool };
    if (d.action === "allow") return { exitCode: 0, stdout: "", stderr: "", decision: d, tool };
    const reason =
      d.action === "deny"
        ? decisionReason(tool, d, cwd)
        : `${decisionReason(tool, d, cwd)}. Codex hooks cannot ask, so permc blocked it: a person must run it, or a rule must allow it`;
    return { exitCode: 0, stdout: `${JSON.stringify(denyOutput(reason))}\n`, stderr: "", decision: d, tool };
  } catch (e) {
    return blocked(`permission hook failed and blocked the call (fail-closed): ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Codex's documented blocking answer: a deny needs a non-empty reason. */
export function denyOutput(reason: string) {
  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } } as const;
}

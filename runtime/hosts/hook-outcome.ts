/**
 * What a command hook answers, for every host that runs one (Claude Code,
 * Codex, Gemini CLI): a decision on stdout with exit 0, or a block with exit
 * 2 and the reason on stderr. Exit 2 is the one status all three read as
 * "blocked"; any other failure lets the call go on, so it is never used.
 */
import { denyMessage, describeAttempt, TAG } from "../pi/messages.js";
import type { GateDecision } from "../gate/index.js";

export interface HookOutcome {
  readonly exitCode: 0 | 2;
  readonly stdout: string;
  readonly stderr: string;
  /** What was decided (for a log line); absent when the call was blocked as an error. */
  readonly decision?: GateDecision;
  readonly tool?: string;
}

/** The call blocked the way that needs no JSON: exit 2, `message` on stderr. */
export function blocked(message: string): HookOutcome {
  return { exitCode: 2, stdout: "", stderr: `${message.startsWith(TAG) ? "" : `${TAG} `}${message}\n` };
}

/** The text a decision is explained with (the model reads it on a deny). */
export function decisionReason(tool: string, d: GateDecision, cwd: string): string {
  if (d.action === "deny") return denyMessage(tool, d, cwd);
  const rule = d.matchedPattern !== null ? ` (rule '${d.matchedPattern}' on ${d.surface ?? tool})` : " (the policy's default)";
  const why = d.reason !== undefined ? `: ${d.reason}` : "";
  return `${TAG} ${d.action === "ask" ? "Asks before it may" : "Allowed to"} ${describeAttempt(tool, d, cwd)}${rule}${why}`;
}

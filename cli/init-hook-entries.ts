/**
 * The hook entries `permc init codex` and `permc init gemini` merge into the
 * agent's project config (every other key and hook kept; an entry permc
 * wrote before is replaced). Both agents let a call go on when its hook fails
 * in any way but exit 2 (Codex also when exit 2 comes without a reason on
 * stderr), so the command ends in a shell guard that turns every other
 * failure (permc moved or uninstalled, node missing) into exit 2 with a
 * reason. Neither agent has an option that makes a hook's failure or timeout
 * block; the timeout is long enough for a cold decision.
 */

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** How long Codex waits for the hook, in seconds (its `timeout`). */
export const CODEX_HOOK_TIMEOUT_SECONDS = 30;
/** How long Gemini CLI waits for the hook, in milliseconds (its `timeout`). */
export const GEMINI_HOOK_TIMEOUT_MS = 30_000;

/** A permc hook command, ending in the guard: exit 2 for any failure, with a reason on stderr when permc gave none. */
export function guardedHookCommand(command: string): string {
  return `${command} || { s=$?; [ "$s" -eq 2 ] || echo "[permc] the permc hook failed (exit $s), so the call is blocked" >&2; exit 2; }`;
}

/** A hook command permc wrote (`… hook codex --policy …`, `… hook gemini --policy …`). */
const PERMC_HOOK = / hook (codex|gemini) --policy /;

function ours(entry: unknown): boolean {
  return isRecord(entry) && Array.isArray(entry.hooks) && entry.hooks.some((h) => isRecord(h) && typeof h.command === "string" && PERMC_HOOK.test(h.command));
}

/** `.codex/hooks.json` with one PreToolUse entry for every tool (no matcher) running `command`. */
export function withCodexHook(config: Record<string, unknown>, command: string): Record<string, unknown> {
  const hooks = isRecord(config.hooks) ? config.hooks : {};
  const pre = Array.isArray(hooks.PreToolUse) ? hooks.PreToolUse : [];
  const entry = { hooks: [{ type: "command", command, timeout: CODEX_HOOK_TIMEOUT_SECONDS, statusMessage: "permc: checking the call" }] };
  return { ...config, hooks: { ...hooks, PreToolUse: [...pre.filter((e) => !ours(e)), entry] } };
}

/** `.gemini/settings.json` with one BeforeTool entry for every tool (no matcher) running `command`. */
export function withGeminiHook(settings: Record<string, unknown>, command: string): Record<string, unknown> {
  const hooks = isRecord(settings.hooks) ? settings.hooks : {};
  const before = Array.isArray(hooks.BeforeTool) ? hooks.BeforeTool : [];
  const entry = { hooks: [{ name: "permc", type: "command", command, timeout: GEMINI_HOOK_TIMEOUT_MS }] };
  return { ...settings, hooks: { ...hooks, BeforeTool: [...before.filter((e) => !ours(e)), entry] } };
}

import type { ExtensionContext } from "@mariozechner/pi-coding-agent";

export type Answer = "once" | "session" | "deny" | "unavailable";

export const ALLOW_ONCE = "Allow once";
export const ALLOW_SESSION = "Allow for this session";
export const DENY = "Deny";

/**
 * Ask the user through the host's UI. No UI → "unavailable" (the caller
 * blocks). A dismissed dialog, an unknown answer or a UI that throws is a
 * denial. "Allow for this session" is offered only when there is a session
 * rule to record.
 */
export async function askUser(ctx: ExtensionContext, title: string, offerSession: boolean): Promise<Answer> {
  if (ctx.hasUI !== true || typeof ctx.ui?.select !== "function") return "unavailable";
  const options = offerSession ? [ALLOW_ONCE, ALLOW_SESSION, DENY] : [ALLOW_ONCE, DENY];
  let choice: unknown;
  try {
    choice = await ctx.ui.select(title, options, ctx.signal ? { signal: ctx.signal } : undefined);
  } catch {
    return "deny";
  }
  if (choice === ALLOW_ONCE) return "once";
  if (choice === ALLOW_SESSION && offerSession) return "session";
  return "deny";
}

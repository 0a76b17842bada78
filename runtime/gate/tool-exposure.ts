import type { ActionName } from "../format.js";
import type { Policy } from "../policy.js";

/**
 * Whether an agent may see a tool at all (reference `getToolPermission`,
 * config-and-matching.md §3.7): the tool surface checked on the literal value
 * `"*"`, so only patterns that match the string `*` count. Yolo and session
 * rules never apply here: exposure is decided once at agent start and only
 * hides tools (`deny`), it never adds any.
 */
export function toolExposure(policy: Policy, toolName: string): ActionName {
  return policy.check(toolName.trim(), "*", false).action;
}

// OpenCode 2's `permissions`: an ordered array of rules, each
// `{permission, pattern, action}` (the rule shape OpenCode evaluates
// internally), the last matching rule winning and no match asking.
// Read next to the 1.x `permission` object, into the same flat rule list.
import { isAction, type Action } from "../../runtime/action.js";
import type { ImportBuilder } from "./imported-policy.js";
import { isRecord } from "./lenient-json.js";

export interface SourceRule {
  readonly key: string;
  readonly pattern: string;
  readonly action: Action;
}

/** The rules of a `permissions` array, in order; an entry of another shape is dropped with a note (a lost deny or ask WIDENS). */
export function permissionsArrayRules(b: ImportBuilder, label: string, permissions: unknown): SourceRule[] {
  if (permissions === undefined) return [];
  if (!Array.isArray(permissions)) {
    b.note("dropped", "`permissions` must be an array of {permission, pattern, action}; ignored", label);
    return [];
  }
  const rules: SourceRule[] = [];
  permissions.forEach((entry, i) => {
    const where = `${label}[${i}]`;
    const action = isRecord(entry) ? entry["action"] : undefined;
    const key = isRecord(entry) ? entry["permission"] : undefined;
    const pattern = isRecord(entry) ? (entry["pattern"] ?? "*") : undefined;
    if (typeof key === "string" && key !== "" && typeof pattern === "string" && typeof action === "string" && isAction(action)) {
      rules.push({ key, pattern, action });
      return;
    }
    const restricts = action === "deny" || action === "ask" || typeof action !== "string" || !isAction(action);
    b.note(
      "dropped",
      `not {permission: a name, pattern: a string, action: allow|ask|deny}${restricts ? " — WIDENS if it was meant to restrict" : ""}`,
      where,
      restricts,
    );
  });
  return rules;
}

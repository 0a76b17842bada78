/**
 * The three actions a rule can carry and how strict each is. One source for
 * the runtime and the compiler (compiler/ imports it; runtime/ never imports
 * compiler/), so "the most restrictive wins" means the same everywhere.
 */

export type Action = "allow" | "ask" | "deny";

/** Every action, from least to most restrictive. */
export const ACTIONS: readonly Action[] = ["allow", "ask", "deny"];

/** Strictness: a higher rank is more restrictive (deny > ask > allow). */
export const ACTION_RANK: Readonly<Record<Action, number>> = Object.freeze(
  Object.assign(Object.create(null) as Record<Action, number>, { allow: 0, ask: 1, deny: 2 }),
);

/** True only for the three action strings (never for `toString` or other prototype names). */
export function isAction(value: unknown): value is Action {
  return value === "allow" || value === "ask" || value === "deny";
}

/** True when `a` is strictly more restrictive than `b`. */
export function stricter(a: Action, b: Action): boolean {
  return ACTION_RANK[a] > ACTION_RANK[b];
}

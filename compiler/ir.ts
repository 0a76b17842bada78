/**
 * The intermediate representation every front end produces and every later
 * pass reads. It is plain data, readonly by convention of the passes.
 */

import { WIN32_FOLDED_SURFACES } from "../runtime/path-surfaces.js";

import type { Action } from "../runtime/action.js";
export { ACTIONS, type Action } from "../runtime/action.js";

/** Which scope wrote a rule; reported to users as `origin`. */
export type Scope = "global" | "project" | "agent" | "project-agent";
export const SCOPES: readonly Scope[] = ["global", "project", "agent", "project-agent"];
export type Origin = Scope | "builtin" | "baseline";

/** default: the single `"*"` fallback; baseline: MCP metadata allows; config: written by a user. */
export type Layer = "default" | "baseline" | "config";

/** Half-open UTF-16 offsets into a source file; line/column are derived only when rendering. */
export interface Span {
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

export interface Rule {
  /** Wildcard over tool/surface names, as written (unexpanded). */
  readonly surface: string;
  /** Wildcard over the surface's value, as written (unexpanded). */
  readonly pattern: string;
  readonly action: Action;
  readonly reason?: string;
  readonly origin: Origin;
  readonly layer: Layer;
  /** Where the pattern (or, for shorthand, the surface) was written. */
  readonly span?: Span;
}

/** Runtime knobs of the pi config that change decisions outside the rule list. */
export interface Knobs {
  readonly yoloMode: boolean;
  readonly piInfrastructureReadPaths: readonly string[];
  readonly shellTools: Readonly<Record<string, { readonly commandArgument: string; readonly workdirArgument?: string }>>;
}

export const DEFAULT_KNOBS: Knobs = Object.freeze({
  yoloMode: false,
  piInfrastructureReadPaths: Object.freeze([]) as readonly string[],
  shellTools: Object.freeze({}),
});

/** The decisions of the permission dialog whose key a config may rebind (reference 32.1.0). */
export const DIALOG_DECISIONS = ["approve", "approveSession", "approveSessionBoth", "deny", "denyWithReason"] as const;
export type DialogDecision = (typeof DIALOG_DECISIONS)[number];

/** Terminal notification channels (reference 36.1.0). */
export const NOTIFICATION_CHANNELS = ["bell", "osc9", "osc777"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Knobs that act in Pi but not on the compiled rule decision: prompts, logs,
 * subagent forwarding (`forwardingTimeoutMs`: an unanswered forwarded ask is
 * denied) and authorizer links (`authorizerChain`: consulted only for asks).
 * Merged across scopes as the reference merges config files (a knob a later
 * scope sets replaces the earlier value whole); absent = the default.
 */
export interface PiSettings {
  readonly debugLog?: boolean;
  readonly permissionReviewLog?: boolean;
  readonly doublePressToConfirm?: boolean;
  readonly permissionDialogKeys?: Readonly<Partial<Record<DialogDecision, string>>>;
  readonly promptNotifications?: readonly NotificationChannel[];
  readonly forwardingTimeoutMs?: number;
  readonly promptMaxRows?: number;
  readonly promptFieldMaxWidth?: number;
  readonly reviewLogFieldMaxWidth?: number;
  readonly authorizerChain?: readonly string[];
}

/** Every Pi-side knob, in the order configs and printers list them. */
export const PI_SETTING_KEYS: readonly (keyof PiSettings)[] = [
  "debugLog",
  "permissionReviewLog",
  "doublePressToConfirm",
  "permissionDialogKeys",
  "promptNotifications",
  "forwardingTimeoutMs",
  "promptMaxRows",
  "promptFieldMaxWidth",
  "reviewLogFieldMaxWidth",
  "authorizerChain",
];

/**
 * The whole policy in decision order: index 0 is the default rule, and a later
 * rule beats an earlier one (last match wins).
 */
export interface PolicyIR {
  readonly rules: readonly Rule[];
  readonly knobs: Knobs;
  /** Not part of the module's payload (yet): the Pi-side knobs, for consumers of the compiler API. */
  readonly settings?: PiSettings;
}

/** Compile-time environment: what `~`/`$HOME` expand to and which path flavour folds. */
export type Platform = "posix" | "win32" | "darwin";
export interface Target {
  readonly home: string;
  readonly platform: Platform;
}

/** Surfaces whose patterns fold case and slashes on win32 (shared with the runtime: `WIN32_FOLDED_SURFACES`). */
export const PATH_SURFACES: readonly string[] = WIN32_FOLDED_SURFACES;

/** Surfaces the reference asks about by name; they get a direct entry in the surface table. */
export const KNOWN_SURFACES: readonly string[] = [...PATH_SURFACES, "bash", "mcp", "skill"];

/** IR equality ignores spans (convention 2). */
export function rulesEqualIgnoringSpans(a: readonly Rule[], b: readonly Rule[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((r, i) => {
    const s = b[i]!;
    return (
      r.surface === s.surface &&
      r.pattern === s.pattern &&
      r.action === s.action &&
      (r.reason ?? null) === (s.reason ?? null) &&
      r.origin === s.origin &&
      r.layer === s.layer
    );
  });
}

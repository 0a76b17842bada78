import type { Diagnostic } from "../diagnostics/index.js";
import type { Action, Knobs, PiSettings, Scope, Span } from "../ir.js";
import type { SourceInput, SourceKind } from "./source.js";

/**
 * One parsed scope, after the reference's own reading rules have been applied:
 * keys are in the order JavaScript enumerates the parsed object (integer-like
 * keys first, a duplicate key at its first position with its last value,
 * `__proto__` gone), and only entries the reference keeps are present.
 */
export interface ScopeDocument {
  readonly file: string;
  readonly scope: Scope;
  readonly kind: SourceKind;
  /** The `permission` map, `"*"` included, in the reference's effective key order. Empty when the scope sets none. */
  readonly permission: readonly SurfaceEntry[];
  /** The `"*"` entry of `permission` (the same object), if the scope wrote one. */
  readonly universal: SurfaceEntry | null;
  /** Decision knobs this file set; agent scopes never set any. */
  readonly knobs: Partial<Knobs>;
  /** Knobs the reference validates but that only shape its UI; kept so a conversion can round-trip them. */
  readonly ux: UxKnobs;
  /** `test` lines of a `.perm` source, checked against the compiled policy. */
  readonly tests?: readonly InlineTest[];
  readonly toolTests?: readonly ToolCallTest[];
}

/** `test tool <name> {input} -> <action>`: a full tool call the gate must decide this way. */
export interface ToolCallTest {
  readonly tool: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly expect: Action;
  readonly span: Span;
}

/** `test <surface> "<value>" -> <action>`: a raw surface check the compiled policy must pass. */
export interface InlineTest {
  readonly surface: string;
  readonly value: string;
  readonly expect: Action;
  readonly span: Span;
}

export interface SurfaceEntry {
  readonly surface: string;
  readonly value: SurfaceValue;
  readonly keySpan: Span;
  readonly valueSpan: Span;
}

/** An action string (shorthand for `{"*": action}`) or a pattern map. */
export type SurfaceValue = { readonly kind: "action"; readonly action: Action } | { readonly kind: "map"; readonly patterns: readonly PatternEntry[] };

export interface PatternEntry {
  readonly pattern: string;
  readonly action: Action;
  /** Only from a `{"action":"deny","reason":…}` object. */
  readonly reason?: string;
  readonly keySpan: Span;
  readonly valueSpan: Span;
}

/**
 * Knobs the reference validates that act in Pi, outside the rule decision
 * (`PiSettings`: prompts, logs, forwarding, authorizer links), plus the
 * editor hint and the two deprecated preview caps. Kept per document so a
 * conversion round-trips them; `mergeSettings` folds them across scopes.
 */
export interface UxKnobs extends PiSettings {
  readonly $schema?: string;
  /** Deprecated since reference 26.0.0: validated, never used. */
  readonly toolInputPreviewMaxLength?: number;
  /** Deprecated since reference 26.0.0: validated, never used. */
  readonly toolTextSummaryMaxLength?: number;
}

export interface ReadResult {
  /** Null when the file has an error: the reference would reject the whole scope, and permc writes no module. */
  readonly doc: ScopeDocument | null;
  readonly diagnostics: Diagnostic[];
}

export function scopeDocument(input: SourceInput, permission: readonly SurfaceEntry[], knobs: Partial<Knobs> = {}, ux: UxKnobs = {}): ScopeDocument {
  return {
    file: input.file,
    scope: input.scope,
    kind: input.kind,
    permission,
    universal: permission.find((e) => e.surface === "*") ?? null,
    knobs,
    ux,
  };
}

// Folds scope documents into one permission map, exactly as the reference merges scopes.
import type { Action, Knobs, PiSettings, Scope, Span } from "../ir.js";
import { expandDirectionalSugar } from "../frontend/expand-directional-sugar.js";
import { mergeKnobs, mergeSettings } from "./merge-knobs.js";
import { ownKeyOrder } from "../frontend/js-key-order.js";
import type { ScopeDocument, SurfaceEntry } from "../frontend/scope-document.js";

export interface MergedPattern {
  readonly pattern: string;
  readonly action: Action;
  readonly reason?: string;
  /** The scope that last wrote this pattern. */
  readonly origin: Scope;
  readonly keySpan: Span;
  readonly valueSpan: Span;
}

export type MergedValue =
  | { readonly kind: "action"; readonly action: Action; readonly origin: Scope }
  | { readonly kind: "map"; readonly patterns: readonly MergedPattern[] };

export interface MergedSurface {
  readonly surface: string;
  readonly value: MergedValue;
  readonly keySpan: Span;
  readonly valueSpan: Span;
}

export interface MergedPolicy {
  /** Surfaces (`"*"` included) in the order the reference enumerates the merged object. */
  readonly surfaces: readonly MergedSurface[];
  readonly knobs: Knobs;
  readonly settings: PiSettings;
}

/**
 * Merges scope documents given lowest precedence first (global, project,
 * agent, project-agent; several files of one scope fold in order), each
 * with its bare `path`/`external_directory` keys already expanded into the
 * directional members.
 *
 * Per surface: two pattern maps are shallow-merged (a pattern keeps its
 * position and takes the new value; new patterns go to the end); any other
 * pair is replaced wholesale, which also resets the origins. Keys are then
 * enumerated as JavaScript does, integer-like keys first.
 *
 * Before: global `bash {"*":"ask","git *":"allow"}`, project `bash {"*":"deny"}`
 * After:  `bash {"*":"deny" (project), "git *":"allow" (global)}`
 */
export function mergeScopes(docs: readonly ScopeDocument[]): MergedPolicy {
  const surfaces = new Map<string, MergedSurface>();
  for (const doc of docs) {
    // Directional sugar expands per scope, before the merge (as in the reference).
    for (const entry of expandDirectionalSugar(doc.permission)) {
      const before = surfaces.get(entry.surface);
      surfaces.set(entry.surface, mergeSurface(before, entry, doc.scope));
    }
  }
  const ordered = ownKeyOrder([...surfaces.entries()].map(([key, value]) => ({ key, value })));
  return { surfaces: ordered.map((e) => e.value), knobs: mergeKnobs(docs), settings: mergeSettings(docs) };
}

function mergeSurface(before: MergedSurface | undefined, entry: SurfaceEntry, scope: Scope): MergedSurface {
  const incoming = entry.value;
  const spans = { keySpan: entry.keySpan, valueSpan: entry.valueSpan };
  if (incoming.kind === "action") {
    return { surface: entry.surface, value: { kind: "action", action: incoming.action, origin: scope }, ...spans };
  }
  const patterns = new Map<string, MergedPattern>();
  if (before?.value.kind === "map") for (const p of before.value.patterns) patterns.set(p.pattern, p);
  for (const p of incoming.patterns) {
    patterns.set(p.pattern, {
      pattern: p.pattern,
      action: p.action,
      ...(p.reason !== undefined ? { reason: p.reason } : {}),
      origin: scope,
      keySpan: p.keySpan,
      valueSpan: p.valueSpan,
    });
  }
  const ordered = ownKeyOrder([...patterns.entries()].map(([key, value]) => ({ key, value })));
  return { surface: entry.surface, value: { kind: "map", patterns: ordered.map((e) => e.value) }, ...spans };
}

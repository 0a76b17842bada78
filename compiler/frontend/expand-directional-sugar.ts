// Bare `path` / `external_directory` keys are load-time sugar for both directional members (reference 27.1.0).
import type { PatternEntry, SurfaceEntry, SurfaceValue } from "./scope-document.js";
import { PATH_DIRECTIONS, PATH_FAMILIES, memberSurface } from "../../runtime/path-surfaces.js";

/**
 * Expands one scope's permission entries, before scopes merge (as the
 * reference does): a bare family key becomes a `_read` and a `_write`
 * member with the same entries, and nothing stays on the bare surface. When
 * the scope also writes a member explicitly, the sugar entries come first
 * and the explicit entries after them, whatever the key order in the file,
 * so the explicit entry has the final say; an explicit pattern equal to a
 * sugar pattern replaces it (it would beat it anyway, being later). An
 * explicit action string covers every value, so it replaces the sugar.
 * Each member sits where the first of the bare key and the explicit member
 * was written.
 *
 * Before: `{"external_directory": {"*": "ask"}, "external_directory_read": {"/dev-root/*": "allow"}}`
 * After:  `{"external_directory_read": {"*": "ask", "/dev-root/*": "allow"}, "external_directory_write": {"*": "ask"}}`
 */
export function expandDirectionalSugar(permission: readonly SurfaceEntry[]): readonly SurfaceEntry[] {
  const bare = new Map(permission.filter((e) => (PATH_FAMILIES as readonly string[]).includes(e.surface)).map((e) => [e.surface, e] as const));
  if (bare.size === 0) return permission;
  const combined = new Map<string, SurfaceEntry>();
  const owner = new Map<string, string>(); // member surface → family whose bare key it expands
  for (const [family, sugar] of bare) {
    for (const direction of PATH_DIRECTIONS) {
      const member = memberSurface(family as (typeof PATH_FAMILIES)[number], direction);
      const explicit = permission.find((e) => e.surface === member);
      combined.set(member, explicit ? withExplicit(member, sugar, explicit) : { ...sugar, surface: member });
      owner.set(member, family);
    }
  }
  const out: SurfaceEntry[] = [];
  const placed = new Set<string>();
  const place = (member: string) => {
    if (placed.has(member)) return;
    placed.add(member);
    out.push(combined.get(member)!);
  };
  for (const entry of permission) {
    if (bare.has(entry.surface)) {
      for (const [member, family] of owner) if (family === entry.surface) place(member);
    } else if (combined.has(entry.surface)) {
      place(entry.surface);
    } else {
      out.push(entry);
    }
  }
  return out;
}

function withExplicit(member: string, sugar: SurfaceEntry, explicit: SurfaceEntry): SurfaceEntry {
  if (explicit.value.kind === "action") return explicit;
  const written = new Set(explicit.value.patterns.map((p) => p.pattern));
  const fromSugar = sugarPatterns(sugar).filter((p) => !written.has(p.pattern));
  const value: SurfaceValue = { kind: "map", patterns: [...fromSugar, ...explicit.value.patterns] };
  return { surface: member, value, keySpan: explicit.keySpan, valueSpan: explicit.valueSpan };
}

/** An action string stands for the single pattern `*`, written where the key was. */
function sugarPatterns(sugar: SurfaceEntry): readonly PatternEntry[] {
  if (sugar.value.kind === "map") return sugar.value.patterns;
  return [{ pattern: "*", action: sugar.value.action, keySpan: sugar.keySpan, valueSpan: sugar.valueSpan }];
}

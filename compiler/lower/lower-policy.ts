import { KNOWN_SURFACES, PATH_SURFACES, type PolicyIR, type Target } from "../ir.js";
import { expandHome } from "../../runtime/expand-home.js";
import { isLiteralWildcard } from "./wildcard.js";

/**
 * Rules after compile-time rewriting: home expanded in surface keys and
 * patterns, and the surface keys deduplicated so each becomes one pattern of
 * the surface automaton.
 */
export interface LoweredPolicy {
  readonly target: Target;
  /** Distinct expanded surface patterns, in order of first use. */
  readonly surfacePatterns: readonly string[];
  /** Per rule: index into surfacePatterns. */
  readonly ruleSurface: readonly number[];
  /** Per rule: the value pattern with home expanded (not yet win32-folded). */
  readonly rulePattern: readonly string[];
  /** Names that get a direct table entry: the tools the runtime asks about plus every literal surface key. */
  readonly directNames: readonly string[];
}

export function lowerPolicy(policy: PolicyIR, target: Target): LoweredPolicy {
  const surfaceIndex = new Map<string, number>();
  const surfacePatterns: string[] = [];
  const ruleSurface: number[] = [];
  const rulePattern: string[] = [];
  for (const rule of policy.rules) {
    const surface = expandHome(rule.surface, target.home, target.platform);
    let index = surfaceIndex.get(surface);
    if (index === undefined) {
      index = surfacePatterns.length;
      surfaceIndex.set(surface, index);
      surfacePatterns.push(surface);
    }
    ruleSurface.push(index);
    rulePattern.push(expandHome(rule.pattern, target.home, target.platform));
  }
  const direct = new Set<string>(KNOWN_SURFACES);
  for (const s of surfacePatterns) if (isLiteralWildcard(s)) direct.add(s);
  return { target, surfacePatterns, ruleSurface, rulePattern, directNames: [...direct] };
}

/**
 * How a path surface's values are compared on the target: on win32 the
 * reference folds case and rewrites `/` to `\` (both in patterns and, at
 * run time, in values); on darwin permc folds case, since macOS volumes are
 * case-insensitive by default (`cat .ENV` opens `.env`: stricter than the
 * reference, which compares case there). Other surfaces are never folded.
 */
export type PathFolding = "none" | "case" | "win32";

export function pathFolding(target: Target, surfaceName: string): PathFolding {
  if (!PATH_SURFACES.includes(surfaceName)) return "none";
  return target.platform === "win32" ? "win32" : target.platform === "darwin" ? "case" : "none";
}

/** A pattern as a surface with this folding compiles it (win32 compares `/` as `\`; case is folded by the automaton). */
export function foldPattern(pattern: string, folding: PathFolding): string {
  return folding === "win32" ? pattern.replaceAll("/", "\\") : pattern;
}

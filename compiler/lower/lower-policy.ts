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

/** On win32 the reference folds case and rewrites `/` to `\` in patterns, for path surfaces only. */
export function foldsPaths(target: Target, surfaceName: string): boolean {
  return target.platform === "win32" && PATH_SURFACES.includes(surfaceName);
}

export function foldSlashes(pattern: string): string {
  return pattern.replaceAll("/", "\\");
}

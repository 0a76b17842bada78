/**
 * Classification and resolution of the collected path tokens: each becomes
 * a candidate with every alias a path rule may be written against (lexical
 * absolute, cwd-relative, as written, canonical, through a symlink the
 * command makes), flagged external when it lies outside the working
 * directory; bare names that exist on disk are promoted to paths; globs are
 * expanded on disk; a directory a recursive command walks is listed.
 */
import { ClassifyCall } from "./classify-call.js";
import type { ClassifyOptions } from "./classify-options.js";
import { classifyToken } from "./classify-token.js";
import { globMatches } from "./glob-matches.js";
import { alternativesKey, patternForms, type PathPatternCandidate, type RawPathPattern } from "./patterns.js";
import { responseFileAlias } from "./response-file.js";
import type { MadeRoot, PathCandidate, PathRole, RawPathToken } from "./types.js";

export type { ClassifyOptions };

export interface ClassifiedPaths {
  ruleCandidates: PathCandidate[];
  externalPaths: string[];
  /** What the command does with each external path (parallel to `externalPaths`). */
  externalRoles: PathRole[];
  bareTokens: PathCandidate[];
  /** Words that are not one known path (patterns.ts). */
  patterns: PathPatternCandidate[];
}

export function classifyPaths(
  tokens0: readonly RawPathToken[],
  opts: ClassifyOptions,
  patterns0: readonly RawPathPattern[] = [],
  symlinks: ReadonlyArray<{ readonly name: string; readonly target: string }> = [],
  madeRoots: readonly MadeRoot[] = [],
): ClassifiedPaths {
  const globs = globMatches(tokens0, patterns0, opts.globsExpandNow, symlinks, madeRoots);
  const tokens: RawPathToken[] = [...tokens0, ...globs.matches];
  for (const t of tokens0) if (t.token.startsWith("@")) tokens.push(...responseFileAlias(t));
  const call = new ClassifyCall(opts, tokens0, patterns0, madeRoots, symlinks, tokens, globs.patterns);
  // Walks and copies add tokens while the loop runs: each is decided in turn.
  for (const t of tokens) classifyToken(call, t);
  const { ruleCandidates, externalPaths, externalRoles, bareTokens } = call;
  mergeRoles(ruleCandidates);
  return { ruleCandidates, externalPaths, externalRoles, bareTokens, patterns: distinctPatterns(call.rawPatterns, call.cwdResolved) };
}

/** One path reached with disagreeing proofs (`cat a.txt > a.txt`) is unproven. */
function mergeRoles(candidates: PathCandidate[]): void {
  const roles = new Map<string, PathRole>();
  for (const c of candidates) {
    const seen = roles.get(c.value);
    roles.set(c.value, seen === undefined || seen === c.role ? c.role : "both");
  }
  for (const c of candidates) c.role = roles.get(c.value) ?? c.role;
}

/**
 * A pattern met twice (the same word in two places) is explored once. The word alone does not say it is the same
 * pattern: `cat .en? && echo x > .en?` reads and writes it, and `cp x s*k` writes anything under what it names, so
 * what is read, written or reached, and how, are part of the key.
 */
function distinctPatterns(rawPatterns: readonly RawPathPattern[], cwdResolved: string): PathPatternCandidate[] {
  const seenPattern = new Set<string>();
  return rawPatterns
    .filter((p) => {
      const key = `${p.base.known ? p.base.dir : ""}\u0000${p.token}\u0000${p.role ?? "both"}\u0000${p.kind}\u0000${alternativesKey(p.alternatives)}`;
      if (seenPattern.has(key)) return false;
      seenPattern.add(key);
      return true;
    })
    .map((p) => patternForms(p, cwdResolved));
}

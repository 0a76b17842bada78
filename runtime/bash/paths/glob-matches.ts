/** The files a command's globs name today, as tokens of their own. */
import { globsNameWhatIsThere, starsOnly } from "./globs-now.js";
import { expandOnDisk, type RawPathPattern } from "./patterns.js";
import type { MadeRoot, RawPathToken } from "./types.js";

export interface GlobMatches {
  /** One token per file a glob names on disk. */
  readonly matches: RawPathToken[];
  /** The patterns still checked as patterns: all but the globs whose expansion is all they name. */
  readonly patterns: RawPathPattern[];
}

/**
 * The files a glob names today are checked as paths too, by their canonical form (a symlink among them). Where
 * nothing can change what it names before bash expands it (globs-now.ts), they are all it names: the glob itself
 * no longer meets the rules.
 */
export function globMatches(
  tokens0: readonly RawPathToken[],
  patterns0: readonly RawPathPattern[],
  globsExpandNow: boolean | undefined,
  symlinks: ReadonlyArray<{ readonly name: string; readonly target: string }>,
  madeRoots: readonly MadeRoot[],
): GlobMatches {
  const matches: RawPathToken[] = [];
  const now = globsExpandNow === true && globsNameWhatIsThere(tokens0, madeRoots, symlinks);
  const expanded = new Set<RawPathPattern>();
  for (const p of patterns0) {
    if (p.kind !== "glob") continue;
    let complete = now;
    for (const alt of p.alternatives) {
      // Where the expansion is all a glob names, it is bash's: `*` leaves out dotfiles (dotglob is known off).
      const found = expandOnDisk(alt, p.base, now ? "as bash" : "included");
      if (found === null || !starsOnly(alt)) complete = false;
      for (const match of found ?? []) matches.push({ token: match, base: p.base, derived: true, ...(p.role !== undefined ? { role: p.role } : {}) });
    }
    if (complete) expanded.add(p);
  }
  return { matches, patterns: patterns0.filter((p) => !expanded.has(p)) };
}

/**
 * What one call of classifyPaths shares across its tokens: its options, the
 * memoised file-system observations (never across calls: the file system may
 * change between tool calls), the tokens and patterns still to decide, and
 * the candidates kept so far.
 */
import { resolve } from "node:path";
import { canonicalPath, type EntryKind } from "../../paths/canonical.js";
import { cachedArchiveMembers } from "./archive-members.js";
import type { ClassifyOptions } from "./classify-options.js";
import { throughMadeLinks } from "./made-links.js";
import { isNormalAbsolute, isPlainName } from "../../paths/normal-path.js";
import type { RawPathPattern } from "./patterns.js";
import { BareNameProbes } from "./probes.js";
import type { ArchiveMembers, ExtractedArchive, MadeRoot, PathBase, PathCandidate, PathRole, RawPathToken } from "./types.js";

export class ClassifyCall {
  /** A bare-name probe that finds no entry answers the canonical walk too (probes.ts). */
  readonly memo: Map<string, string | null>;
  /** What each `lstat` of the call said (probes.ts, canonical.ts): one path is never asked twice. */
  readonly entries: Map<string, EntryKind>;
  readonly cwdResolved: string;
  readonly probes: BareNameProbes;
  /** The links this command makes, by name: a path asks about its few ancestors, not about every link. */
  readonly linksByName = new Map<string, string[]>();
  readonly repositoryRoots = new Map<string, string>();
  readonly ruleCandidates: PathCandidate[] = [];
  readonly bareTokens: PathCandidate[] = [];
  readonly externalPaths: string[] = [];
  /** What the command does with each external path (parallel to `externalPaths`). */
  readonly externalRoles: PathRole[] = [];
  /** The deduplicated external path → its index in `externalPaths`. */
  readonly seenExternal = new Map<string, number>();
  readonly seenCandidate = new Set<string>();
  readonly seenBare = new Set<string>();
  /** Normalised base directory → bare words kept in it (the two-level twin of `seenBare`, see classify-token.ts). */
  readonly seenBareIn = new Map<string, Set<string>>();
  /** With no working directory given, whether the empty base exists (classify-token.ts), once asked. */
  emptyBaseExists: boolean | undefined;
  /** Whether the command may change an ignore file, once asked (walk-trust.ts). */
  ignoreFilesChange: boolean | undefined;
  readonly reachedThroughMade: (token: string, base: PathBase, absolute: string, gitWord: boolean) => boolean;
  // Asked for only when some candidate needs it: a plain command whose words are not files touches no directory.
  private canonicalCwd: string | undefined;
  // Every argument word is a token, so a long command resolves hundreds of
  // plain names against a few bases: normalise each base once.
  private readonly resolvedBases = new Map<string, string>();

  constructor(
    readonly opts: ClassifyOptions,
    /** The command's own tokens, as collected. */
    readonly tokens0: readonly RawPathToken[],
    /** The command's own patterns, as collected. */
    readonly patterns0: readonly RawPathPattern[],
    readonly madeRoots: readonly MadeRoot[],
    symlinks: ReadonlyArray<{ readonly name: string; readonly target: string }>,
    /** The tokens to decide; walks and copies add theirs while they are decided. */
    readonly tokens: RawPathToken[],
    /** The patterns to explore; tokens add theirs while they are decided. */
    readonly rawPatterns: RawPathPattern[],
  ) {
    this.memo = opts.observed?.memo ?? new Map();
    this.entries = opts.observed?.entries ?? new Map();
    this.archiveMembers = cachedArchiveMembers(opts.observed?.archives ?? new Map(), opts.home);
    this.cwdResolved = isNormalAbsolute(opts.cwd) ? opts.cwd : resolve(opts.cwd);
    this.probes = new BareNameProbes(this.memo, this.entries);
    for (const link of symlinks) {
      const targets = this.linksByName.get(link.name);
      if (targets === undefined) this.linksByName.set(link.name, [link.target]);
      else targets.push(link.target);
    }
    this.reachedThroughMade = throughMadeLinks(madeRoots, opts.home, this.archiveMembers);
  }

  /** A path's real path, through the caller's hook when there is one, else walked with this call's memo. */
  readonly canon = (p: string, likely = false): string => {
    const hook = this.opts.realpath;
    return hook !== undefined ? hook(p, likely) : canonicalPath(p, this.memo, likely, this.entries);
  };

  /** The working directory's real path ("" when none is given). */
  cwdCanonical(): string {
    return (this.canonicalCwd ??= this.opts.cwd === "" ? "" : this.canon(this.cwdResolved, true));
  }

  /** A base directory, normalised and absolute. */
  normalised(dir: string): string {
    let d = this.resolvedBases.get(dir);
    if (d === undefined) this.resolvedBases.set(dir, (d = isNormalAbsolute(dir) ? dir : resolve(dir)));
    return d;
  }

  /** `rel` resolved in `dir`; a plain name is joined to the normalised directory, not resolved. */
  under(dir: string, rel: string): string {
    if (!isPlainName(rel)) return resolve(dir, rel);
    const d = this.normalised(dir);
    return d.endsWith("/") ? d + rel : d + "/" + rel;
  }

  /** The members of an archive the command extracts, when permc reads it (null: unknown base, unreadable, or past the budget). */
  // Each archive is read once per call (the extraction's token and its made root both ask, and the split before them).
  readonly archiveMembers: (archive: ExtractedArchive, base: PathBase) => ArchiveMembers | null;
}

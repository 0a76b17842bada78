import type { EntryKind } from "../../paths/canonical.js";
import type { ArchiveMembers } from "./types.js";

/** What one split asks the file system, kept for the rest of that split (never across calls: the file system may change). */
export interface SplitObservations {
  /** Real paths by path (null: nothing resolves there): canonical.ts. */
  readonly memo: Map<string, string | null>;
  /** What each `lstat` said: probes.ts, canonical.ts. */
  readonly entries: Map<string, EntryKind>;
  /** The members of the archives the command extracts: archive-members.ts. */
  readonly archives: Map<string, ArchiveMembers | null>;
}

/** The options of one call of classifyPaths (classify.ts). */
export interface ClassifyOptions {
  cwd: string;
  home: string;
  /** Probe bare words on disk (default true). */
  probeBareNames?: boolean;
  realpath?: ((absolute: string, likelyExists?: boolean) => string) | undefined;
  /** What the split has already asked the file system, shared (classify-call.ts; never across calls). */
  observed?: SplitObservations | undefined;
  /** Another command of the call may change a git index (split/state.ts Env.indexMayChange). */
  indexMayChange?: boolean;
  /**
   * Nothing runs before bash expands the command's globs, and GLOBIGNORE is
   * unset (split.ts): a glob of `*` names exactly the files there (globs-now.ts).
   */
  globsExpandNow?: boolean;
  /** SplitOptions.readStrictness: a listed file no stricter than the ones kept before it is not a candidate. */
  readStrictness?: ((values: readonly string[], external: boolean) => number) | undefined;
}

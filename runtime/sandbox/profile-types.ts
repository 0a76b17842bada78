/** The kernel profile permc compiles from a policy: what the sandbox mounts, and what each path rule became. */

/**
 * How the kernel holds a path rule:
 * - `exact`: the paths the rule denies, and only those, are unreadable/unwritable;
 * - `over-approximate`: the kernel denies more than the rule (an allow exception it cannot express);
 * - `existing-files`: enforced for the files that exist under the scanned trees when the command starts;
 * - `cannot`: not enforced by the kernel (the analysis still decides it), with the reason;
 * - `not-needed`: nothing to enforce (a later rule allows what it names, or the path is read-only anyway).
 */
export type Enforcement = "exact" | "over-approximate" | "existing-files" | "cannot" | "not-needed";

export interface RuleReport {
  readonly surface: string;
  /** The pattern as the module stores it, and with `~` expanded. */
  readonly pattern: string;
  readonly expanded: string;
  readonly action: "ask" | "deny" | "allow";
  readonly source?: string;
  readonly enforcement: Enforcement;
  readonly detail: string;
}

/**
 * One mount, applied in order (an ancestor before what lies inside it):
 * - `writable`: bound read-write onto itself;
 * - `read-only`: bound read-only onto itself (inside a writable root);
 * - `hide-dir`: an empty tmpfs over a directory a read rule denies;
 * - `hide-file`: /dev/null over a file a read rule denies (opening it fails: the mount has no devices);
 * - `pinned`: a writable directory bound onto itself because it holds one of the above: a mount point cannot be
 *   renamed or removed, so what it holds keeps the name its rule is written for (`mv .git .git.old` would carry the
 *   read-only hooks away and let a new `.git/hooks` take their name).
 */
export type MountKind = "writable" | "read-only" | "hide-dir" | "hide-file" | "pinned";

export interface Mount {
  readonly kind: MountKind;
  readonly path: string;
  /** Why: a default, a rule's pattern, or a grant. */
  readonly why: string;
}

export interface ScanReport {
  readonly roots: readonly string[];
  readonly visited: number;
  readonly limit: number;
  /** False when the bound stopped the walk: files beyond it were not examined. */
  readonly complete: boolean;
}

export interface SandboxProfile {
  readonly engine: "bubblewrap";
  readonly cwd: string;
  readonly home: string;
  readonly tmpDir: string;
  readonly mounts: readonly Mount[];
  readonly rules: readonly RuleReport[];
  readonly scan: ScanReport;
  readonly grants: readonly string[];
  /** Paths granted for reading only. */
  readonly readGrants: readonly string[];
  /**
   * Protected paths not there when the profile was built, in a directory the command may write: the runner makes
   * each empty before bubblewrap starts (makePlaceholders), and the profile mounts it read-only
   * (writable-defaults.ts ABSENT_FORMS). A runner that does not make them fails to start: the mount has no source.
   */
  readonly placeholders: readonly Placeholder[];
  /** Protected files not there that an empty one would change: the runner moves aside one the command made. */
  readonly watched: readonly string[];
  /** What the layer never covers, whatever the policy (new files, network, programs). */
  readonly notes: readonly string[];
}

/** An empty directory or file made where a protected path is not there, so it can be mounted read-only. */
export interface Placeholder {
  readonly path: string;
  readonly kind: "directory" | "file";
  /**
   * The deepest directory holding it that was there when the profile was built: gone (another program removed its
   * repository meanwhile), the placeholder is not made, rather than made again with every directory above it.
   */
  readonly within?: string;
}

export interface ProfileOptions {
  readonly cwd: string;
  readonly home: string;
  /**
   * Paths a person approved for this command only, after an ask about writing them: what an ask rule hid or kept
   * read-only there is lifted, and the path is writable. What a deny rule or a protected default holds stays.
   */
  readonly grants?: readonly string[];
  /** Paths a person approved for this command only, after an ask about reading them: an ask rule's hiding is lifted. */
  readonly readGrants?: readonly string[];
  /** Default: $TMPDIR, else the OS temp dir. */
  readonly tmpDir?: string;
  /** The PATH the command will search; its directories stay read-only. Default: process.env.PATH. */
  readonly pathEnv?: string;
  /** The environment the command runs in, for where its sessions' sockets are (`TMUX_TMPDIR`). Default: process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Where the kernel lists the bound Unix sockets (default /proc/net/unix); a test names another file. */
  readonly socketTable?: string;
  /** Entries the scan for files matching wildcard rules may visit (default 20,000). */
  readonly scanLimit?: number;
}

/**
 * Which files' content a git command prints from its repository
 * (`git show`, `git log -p`, `git diff`, `git archive`…; program knowledge:
 * knowledge/git.ts), as the path gates check it.
 *
 * - Scope: the pathspecs after `--`, and the operands before it that are
 *   existing paths (git refuses a word that is both a revision and a file);
 *   with none, the whole work tree from its top (git diff run in a
 *   subdirectory still shows every file). A pathspec with glob characters
 *   or magic (`'*.env'`, `:(glob)…`, `:!x`) may match anywhere in it.
 * - Stored content (a revision, `--cached`, the history): any file that ever
 *   existed under the scope. permc does not read the object store, so the
 *   read rules are asked by prefix: a rule that can match under the scope asks.
 * - The work tree against the index (`git diff` with no revision): the
 *   files the index lists under the scope, exactly (git-index.ts); a
 *   sparse directory or submodule, by prefix. An index permc cannot trust
 *   falls back to the prefix query.
 */
import { lstatSync, readFileSync, statSync, type BigIntStats } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { RepositoryRead } from "../programs/findings.js";
import { entryExists } from "./entry-exists.js";
import { readIndexPaths, STAT_FIELDS } from "./git-index.js";
import { repositoryRoot } from "./repository-root.js";

export type RepositoryReach =
  /**
   * Exactly these files (absolute, under `root`), and anything under `under`;
   * `unchanged(i)`: the work tree's file i is as the index cached it, so git
   * does not read it (it prints only what changed).
   */
  | {
      readonly kind: "files";
      readonly root: string;
      readonly files: readonly string[];
      readonly under: readonly string[];
      readonly unchanged?: (file: number) => boolean;
    }
  /** Any path at or under each directory (absolute). */
  | { readonly kind: "under"; readonly dirs: readonly string[] };

const PATHSPEC_PATTERN = /[*?[\\]|^:/;

/** What `read` reaches for a git command run in `dir` (absolute). `roots` memoises repositoryRoot for the call. */
export function repositoryReach(dir: string, read: RepositoryRead, roots: Map<string, string>): RepositoryReach {
  const root = repositoryRoot(dir, roots);
  const revisions: (string | null)[] = [];
  const specs: (string | null)[] = [...read.pathspecs];
  for (const r of read.revisions) {
    // A word that names an existing file is a path to git (a revision of the same name is refused as ambiguous).
    if (r !== null && r !== "" && !r.startsWith("-") && entryExists(isAbsolute(r) ? r : resolve(dir, r))) specs.push(r);
    else revisions.push(r);
  }
  // Another version-control system's store, with no file named: its top is not known, so any path.
  if (read.anywhere === true && specs.length === 0) return { kind: "under", dirs: ["/"] };
  const scopes = scopesOf(dir, root, specs);
  if (read.workTree === "walk" && revisions.length === 0) return { kind: "files", root, files: [], under: [] };
  if (read.workTree === "index" && revisions.length === 0) {
    const gitDir = gitDirectory(root);
    // A work tree its configuration (or the environment) moves elsewhere: the files read are not under this top.
    if (gitDir === null || workTreeMoved(gitDir)) return { kind: "under", dirs: ["/"] };
    const index = `${gitDir}/index`;
    const listed = readIndexPaths(index);
    if (listed !== null) {
      const top = root === "/" ? "" : root;
      const kept: number[] = [];
      listed.files.forEach((f, i) => {
        if (scopes.some((s) => within(`${top}/${f}`, s))) kept.push(i);
      });
      const files = kept.map((i) => `${top}/${listed.files[i]}`);
      return {
        kind: "files",
        root,
        files,
        unchanged: unchangedSince(index, listed.statAt, kept, files),
        // A sparse directory or submodule that holds a scope or lies in one: anything under it.
        under: listed.under.map((u) => `${top}/${u}`).filter((u) => scopes.some((s) => within(u, s) || within(s, u))),
      };
    }
  }
  return { kind: "under", dirs: scopes };
}

/**
 * Whether a tracked file is as the index cached it: every stat field git
 * compares (ctime, mtime, dev, inode, mode, uid, gid, size, in its 32 bits)
 * equal, and changed in a second before the one the index was written in
 * (a file changed in the index's own second is "racily clean": git reads it). Only such a
 * file is one `git diff` neither reads nor prints; any doubt keeps it.
 */
function unchangedSince(
  index: string,
  statAt: (file: number, field: number) => number,
  kept: readonly number[],
  files: readonly string[],
): (file: number) => boolean {
  let indexTime: bigint | null | undefined;
  return (file) => {
    indexTime ??= statTime(index);
    if (indexTime === null) return false;
    let st: BigIntStats;
    try {
      st = lstatSync(files[file] as string, { bigint: true });
    } catch {
      return false; // deleted: git prints the deletion
    }
    const listed = kept[file] as number;
    const u32 = (v: bigint) => Number(v & 0xffffffffn);
    const seconds = (ns: bigint) => u32(ns / 1_000_000_000n);
    const nanos = (ns: bigint) => Number(ns % 1_000_000_000n);
    // git caches the mode it tracks, not st_mode: a symlink, or a regular file executable by its owner or not.
    const mode = st.isSymbolicLink() ? 0o120000 : (st.mode & 0o100n) !== 0n ? 0o100755 : 0o100644;
    const cached = [
      seconds(st.ctimeNs),
      nanos(st.ctimeNs),
      seconds(st.mtimeNs),
      nanos(st.mtimeNs),
      u32(st.dev),
      u32(st.ino),
      mode,
      u32(st.uid),
      u32(st.gid),
      u32(st.size),
    ];
    for (let f = 0; f < STAT_FIELDS; f++) if (statAt(listed, f) !== cached[f]) return false;
    // Racily clean by whole seconds, as a git built without nanosecond times decides it too.
    const second = indexTime / 1_000_000_000n;
    return st.mtimeNs / 1_000_000_000n < second && st.ctimeNs / 1_000_000_000n < second;
  };
}

function statTime(file: string): bigint | null {
  try {
    return lstatSync(file, { bigint: true }).mtimeNs;
  } catch {
    return null;
  }
}

/** The absolute directories or files a set of pathspecs covers; with none, the top of the work tree. */
function scopesOf(dir: string, root: string, specs: readonly (string | null)[]): string[] {
  if (specs.length === 0) return [root];
  const scopes: string[] = [];
  for (const s of specs) {
    if (s === null || s === "" || PATHSPEC_PATTERN.test(s)) return [root];
    scopes.push(resolve(dir, s));
  }
  return scopes;
}

/** `path` is `scope` or lies under it. */
function within(path: string, scope: string): boolean {
  return path === scope || path.startsWith(scope.endsWith("/") ? scope : `${scope}/`);
}

/**
 * The git directory of the work tree whose top is `root`: `.git`, or for a
 * linked work tree or submodule (`.git` is a file `gitdir: DIR`), DIR.
 * Null when there is none permc can find.
 */
function gitDirectory(root: string): string | null {
  const dotGit = `${root === "/" ? "" : root}/.git`;
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
    const line = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, "utf8"));
    return line === null ? null : resolve(root, (line[1] as string).trim());
  } catch {
    return null;
  }
}

/** Bytes of a repository's configuration read at most: a larger one is not trusted. */
const MAX_CONFIG_BYTES = 256 * 1024;

/**
 * git may read the work tree or the index from elsewhere: GIT_WORK_TREE,
 * GIT_INDEX_FILE or GIT_DIR in this process's environment (the agent's shell
 * inherits it), or a repository configuration that sets `worktree`, makes
 * the repository bare, or includes another file that may. An unreadable or oversized
 * configuration counts as moved.
 */
function workTreeMoved(gitDir: string): boolean {
  if (process.env.GIT_WORK_TREE !== undefined || process.env.GIT_INDEX_FILE !== undefined || process.env.GIT_DIR !== undefined) return true;
  let config: string;
  try {
    if (statSync(`${gitDir}/config`).size > MAX_CONFIG_BYTES) return true;
    config = readFileSync(`${gitDir}/config`, "utf8");
  } catch {
    // No configuration file: git's defaults.
    return false;
  }
  return /^\s*worktree\s*=/im.test(config) || /^\s*bare\s*=\s*(?:true|yes|on|1)\s*(?:[#;].*)?$/im.test(config) || /^\s*\[\s*include/im.test(config);
}

/**
 * Where version-control systems keep copies of a repository's files: a
 * command that reads a file there reads the content of files the repository
 * holds or held, a denied one too. A git object is zlib-compressed, which
 * allowed programs undo (`printf '\x1f\x8b\x08\0\0\0\0\0' | cat - .git/objects/65/ec… | gzip -dc`
 * prints `.env`); Subversion's pristine copies are the files themselves.
 * paths/repository-store.ts reads these lists.
 */

/** Directories a version-control system keeps its store in, at the top of a work tree. */
export const STORE_DIRECTORIES: ReadonlySet<string> = new Set([".git", ".hg", ".svn", ".jj", ".bzr", "_darcs", ".pijul"]);

/**
 * Entries of a git directory that hold no file's content: names, revisions,
 * messages, configuration and hooks (`cat .git/HEAD`, `cat .git/config`,
 * `ls .git/refs/heads`). Anything else in it may: `objects/`, `lfs/`,
 * `modules/` (a submodule's store), `rr-cache/` (recorded conflict content),
 * `rebase-apply/` (the patch being applied), and whatever a later git adds.
 */
export const GIT_CONTENTLESS_ENTRIES: ReadonlySet<string> = new Set([
  "HEAD",
  "config",
  "config.worktree",
  "description",
  "index",
  "packed-refs",
  "shallow",
  "commondir",
  "gitdir",
  "COMMIT_EDITMSG",
  "FETCH_HEAD",
  "ORIG_HEAD",
  "MERGE_HEAD",
  "MERGE_MODE",
  "MERGE_MSG",
  "CHERRY_PICK_HEAD",
  "REVERT_HEAD",
  "BISECT_LOG",
  "BISECT_START",
  "BISECT_TERMS",
  "BISECT_NAMES",
  "refs",
  "logs",
  "hooks",
  "info",
]);

/** A bare git repository is a directory holding these (`repo.git/objects/…` is its store). */
export const BARE_GIT_MARKERS: readonly string[] = ["HEAD", "refs"];

/**
 * What a walk may leave out, and when that can be trusted: the files a git
 * index tracks (when nothing changes the index first), the files ignore
 * files hide (when nothing changes an ignore file first), and where a git
 * command of the call writes what is not there to list yet.
 */
import { basename, resolve } from "node:path";
import type { ClassifyCall } from "./classify-call.js";
import { cleanToken } from "./clean-token.js";
import { entryExists } from "./entry-exists.js";
import { isIgnoreFileName } from "./ignore-files.js";
import { repositoryReach } from "./repository-content.js";
import { workTreeTop } from "./repository-root.js";
import { isDirectory, MAX_TREE_ENTRIES, type TreeSkips } from "./tree.js";
import type { RawPathToken } from "./types.js";

/**
 * The git index is what git reads when the command runs: no other git command and no write that may reach a `.git`
 * changes it first (`steady`: no git command before this one in the call may change it: RawPathToken.indexSteady).
 */
export function indexTrusted(call: ClassifyCall, steady = false): boolean {
  return (steady || call.opts.indexMayChange !== true) && !call.tokens0.some(writesGitDirectory) && !call.patterns0.some((p) => p.role !== "read");
}

/** A token that may write in a `.git` directory (its index): any not proven a read that names one. */
function writesGitDirectory(t: RawPathToken): boolean {
  return t.role !== "read" && /(?:^|\/)\.git(?:\/|$)/.test(t.token);
}

/**
 * `git grep KEY`: the files the index tracks under `dir` (absolute), which
 * are all git reads, ignored or not; null when the index cannot be trusted
 * or read, or lists more than a walk would (then the walk or the prefix query).
 */
export function trackedUnder(call: ClassifyCall, dir: string, steady = false): string[] | null {
  if (!indexTrusted(call, steady)) return null;
  const reach = repositoryReach(dir, { workTree: "index", revisions: [], pathspecs: [dir] }, call.repositoryRoots);
  if (reach.kind !== "files" || reach.under.length > 0 || reach.files.length > MAX_TREE_ENTRIES) return null;
  return [...reach.files];
}

/** The work tree's `.git` is a directory without an index file (`git init` and nothing added since). */
function noIndexYet(top: string): boolean {
  const git = top.endsWith("/") ? `${top}.git` : `${top}/.git`;
  return isDirectory(git) && !entryExists(`${git}/index`);
}

/**
 * How a walker that honours ignore files walks `dir`: from the top of its work tree; for git, never without the
 * files its index tracks there (when the index cannot say, nothing is left out).
 */
export function ignoreSkips(call: ClassifyCall, dir: string, keepsTracked: boolean, steady: boolean): Pick<TreeSkips, "ignored"> {
  const top = workTreeTop(dir, call.repositoryRoots);
  if (!keepsTracked) return { ignored: { top } };
  // A repository with no commit and nothing added yet has no index file: nothing is tracked.
  const tracked = top === null || noIndexYet(top) ? [] : trackedUnder(call, dir, steady);
  return tracked === null ? {} : { ignored: { top, tracked: new Set(tracked) } };
}

/** A git command of the call writes files under `dir` or around it (a work tree's top, or anywhere: MadeRoot.gitWorkTree). */
export function gitWritesInto(call: ClassifyCall, dir: string): boolean {
  return call.madeRoots.some((r) => {
    if (!r.base.known || r.token === "") return true;
    if (r.gitWorkTree !== true) return false;
    const top = resolve(r.base.dir, r.token);
    return dir === top || dir.startsWith(top === "/" ? "/" : `${top}/`) || top.startsWith(`${dir}/`);
  });
}

/**
 * The command may change an ignore file before a walker reads it (`echo '!node_modules' >> .gitignore && rg key`):
 * a write or an unproven role on a path named like one (or whose real path is), a write permc cannot name
 * (an unknown destination, a copied or extracted tree, links it makes), or another git command.
 */
export function ignoreFilesMayChange(call: ClassifyCall, steady = false): boolean {
  return (
    (call.opts.indexMayChange === true && !steady) ||
    (call.ignoreFilesChange ??=
      call.madeRoots.length > 0 ||
      call.patterns0.some((p) => p.role !== "read") ||
      call.tokens0.some((t) => {
        if (t.role === "read") return false;
        if (t.copyInto !== undefined || t.writesUnder === true || t.archive !== undefined) return true;
        const cleaned = cleanToken(t, call.opts.home);
        if (isIgnoreFileName(basename(cleaned))) return true;
        return t.base.known && cleaned !== "" && isIgnoreFileName(basename(call.canon(resolve(call.normalised(t.base.dir), cleaned))));
      }))
  );
}

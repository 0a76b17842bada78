/**
 * The top of the git work tree a directory is in, for paths git reads
 * relative to it (`git show HEAD:src/.env` reads `<top>/src/.env` from any
 * directory inside). The nearest ancestor holding `.git` (a directory, or the
 * file a worktree or submodule has); the directory itself when none does,
 * where git would fail anyway. One `lstat` per ancestor, once per call.
 */
import { entryExists } from "./entry-exists.js";
import { dirname } from "node:path";

export function repositoryRoot(dir: string, memo: Map<string, string>): string {
  const known = memo.get(dir);
  if (known !== undefined) return known;
  let top = dir;
  for (let d = dir; ; d = dirname(d)) {
    if (holdsGit(d)) {
      top = d;
      break;
    }
    if (dirname(d) === d) break;
  }
  memo.set(dir, top);
  return top;
}

/** The top of the git work tree `dir` is in, or null when no ancestor holds `.git` (rg and fd read no `.gitignore` then). */
export function workTreeTop(dir: string, memo: Map<string, string>): string | null {
  const top = repositoryRoot(dir, memo);
  return top !== dir || holdsGit(dir) ? top : null;
}

function holdsGit(d: string): boolean {
  return entryExists(d.endsWith("/") ? `${d}.git` : `${d}/.git`);
}

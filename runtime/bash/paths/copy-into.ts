/**
 * Where a copied or moved tree lands (`cp -r x/.ssh ~/`, `rsync -a x/ /`,
 * `mv x ~/`). Each name under the source lands under the destination twice
 * over — as `DEST/NAME` (the source's contents: `x/.`, rsync's `x/`, or a
 * destination that does not exist yet) and as `DEST/BASE/NAME` (the source
 * itself, into an existing directory) — so whichever way the program goes,
 * the name it writes is checked. A source that is not there to list (made
 * by the same command, or remote) or too large to list lands anywhere under
 * the destination.
 */
import { entryExists } from "./entry-exists.js";
import { basename } from "node:path";

export type Landing = { readonly anywhere: true } | { readonly anywhere: false; readonly names: readonly string[] };

const ANYWHERE: Landing = { anywhere: true };

/**
 * The names `source` (absolute) lands as under `dest` (absolute). `tree` is
 * the source's real directory and its listing (null past the listing budget)
 * when it is a directory, else null.
 */
export function landingNames(source: string, tree: { readonly dir: string; readonly listed: readonly string[] | null } | null, dest: string): Landing {
  const into = dest.endsWith("/") ? dest : dest + "/";
  const base = basename(source);
  if (tree === null) return entryExists(source) ? { anywhere: false, names: [into + base] } : ANYWHERE;
  if (tree.listed === null) return ANYWHERE;
  const names = [into + base];
  const cut = tree.dir.endsWith("/") ? tree.dir.length : tree.dir.length + 1;
  for (const entry of tree.listed) {
    const rel = entry.slice(cut);
    names.push(into + rel, `${into}${base}/${rel}`);
  }
  return { anywhere: false, names };
}

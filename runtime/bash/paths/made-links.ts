/** Paths reached through links the command makes and permc cannot see (an extracted archive, a copied tree, a checkout). */
import { dirname, resolve } from "node:path";
import { clean } from "./clean-token.js";
import { copyMayMakeLinks } from "./tree.js";
import type { ArchiveMembers, ExtractedArchive, MadeRoot, PathBase } from "./types.js";

/**
 * Whether a token (its text, base and absolute path) lies at or under a place
 * where the command makes links permc cannot see, other than the words of the
 * command that makes them. A place whose directory permc cannot know may be
 * anywhere.
 */
export function throughMadeLinks(
  roots: readonly MadeRoot[],
  home: string,
  archiveMembers: (archive: ExtractedArchive, base: PathBase) => ArchiveMembers | null,
): (token: string, base: PathBase, absolute: string, gitWord: boolean) => boolean {
  if (roots.length === 0) return () => false;
  // Keyed by directory, so a token asks about its few ancestors, not about every root.
  const byDirectory = new Map<string, MadeRoot[]>();
  const anywhere: MadeRoot[] = [];
  for (const r of roots) {
    // An extracted archive makes links only when it holds one (or cannot be read).
    if (r.archive !== undefined && archiveMembers(r.archive, r.base)?.links === false) continue;
    // A copy makes links only from sources that hold them, or that are not there to look at.
    if (r.copiedFrom !== undefined && r.base.known && !r.copiedFrom.some((s) => copyMayMakeLinks(resolve((r.base as { dir: string }).dir, clean(s, home)))))
      continue;
    if (!r.base.known || r.token === "") {
      anywhere.push(r);
      continue;
    }
    const dir = resolve(r.base.dir, clean(r.token, home));
    const list = byDirectory.get(dir);
    if (list === undefined) byDirectory.set(dir, [r]);
    else list.push(r);
  }
  return (token, base, absolute, gitWord) => {
    const exempt = (r: MadeRoot): boolean =>
      (r.gitWorkTree === true && gitWord) || (r.own.includes(token) && (!r.base.known || (base.known && base.dir === r.base.dir)));
    if (anywhere.some((r) => !exempt(r))) return true;
    if (byDirectory.size === 0) return false;
    for (let d = absolute; ; ) {
      if (byDirectory.get(d)?.some((r) => !exempt(r) && !(r.gitWorkTree === true && d === absolute)) === true) return true;
      const up = dirname(d);
      if (up === d) return false;
      d = up;
    }
  };
}

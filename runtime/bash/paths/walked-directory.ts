/**
 * A directory a recursive command walks: what is under it today is checked file by file; a tree
 * too large to list is a prefix query on the automaton (a rule that can match anything under it).
 */
import type { Segment } from "../../explore.js";
import type { ClassifyCall } from "./classify-call.js";
import { isDirectory, listTree, mayMeetDirectoryLinks, type TreeSkips } from "./tree.js";
import type { RawPathToken } from "./types.js";
import { gitSourcesMayWhitelist } from "./ignore-files.js";
import { workTreeTop } from "./repository-root.js";
import { gitWritesInto, ignoreFilesMayChange, ignoreSkips, trackedUnder } from "./walk-trust.js";

/** A walked directory and what is under it (null: too large to list, or not there to list yet). */
export interface WalkedDirectory {
  readonly dir: string;
  readonly listed: string[] | null;
}

/** The walk of token `t` (at `absolute`, really `canonical`) when it is a directory the command walks; else null. */
export function walkDirectory(call: ClassifyCall, t: RawPathToken, absolute: string | null, canonical: string | null): WalkedDirectory | null {
  if (t.tree !== true || absolute === null || !isDirectory(canonical ?? absolute)) return null;
  // `/` stays `/` (trimmed to "", the walk of the whole file system listed nothing and checked nothing).
  const dir = (canonical ?? absolute).replace(/(?<=.)\/+$/, "");
  const steady = t.indexSteady === true;
  const mayChange = ignoreFilesMayChange(call, steady);
  const ignored = t.skipsIgnored === true && !mayChange ? ignoreSkips(call, dir, t.keepsTracked === true, steady) : {};
  // What git writes from another branch or a remote is not there to list yet (`git checkout b && rg key`): the prefix query.
  const tracked = t.trackedOnly === true && !gitWritesInto(call, dir) ? trackedUnder(call, dir) : null;
  // The symlinks met, for a walker that follows them: each names the tree it points to too.
  const links: string[] | undefined = t.followsLinks === true && tracked === null ? [] : undefined;
  const skips: TreeSkips = {
    // A whitelist may take a hidden name back: in an ignore file the command may write first (`printf '!.env' > .ignore
    // && rg key`), or in git's other sources (tree.ts reads the ignore files in and above the walked directory).
    hidden: t.skipsHidden === true && !mayChange && !hiddenMayBeWhitelisted(call, dir),
    ...(t.shownHidden !== undefined ? { shownHidden: t.shownHidden } : {}),
    links: t.skipsLinks === true,
    ...ignored,
    ...(t.excludedDirectories !== undefined ? { excludedDirectories: t.excludedDirectories } : {}),
    ...(t.excludedFiles !== undefined ? { excludedFiles: t.excludedFiles } : {}),
    ...(t.opensOnly !== undefined ? { opensOnly: t.opensOnly } : {}),
    ...(t.prune !== undefined ? { prune: t.prune } : {}),
    ...(t.maxDepth !== undefined ? { maxDepth: t.maxDepth } : {}),
  };
  // git's own walk reads what is untracked or changed, which no git command of the call brings (it writes tracked files).
  // The symlinks a walk that does not follow them meets (`grep -r`, `tar c`, `cp -r`): never opened, so no
  // target of theirs is read; the link's own name still meets the rules. A walker that opens the linked files of its
  // kind (gofmt's `link.go`) reads their targets, though it enters no linked directory: its links stay plain entries.
  const unfollowed: string[] | undefined = links === undefined && t.opensOnly?.linkedFiles !== true ? [] : undefined;
  const listed = tracked ?? (gitWritesInto(call, dir) && t.keepsTracked !== true ? null : listTree(dir, skips, links ?? unfollowed));
  const notFollowed = unfollowed === undefined || unfollowed.length === 0 ? null : new Set(unfollowed);
  // A walk of a directory whose every path one rule denies (`rgrep x sshlink/`, `jar -C sshlink .`) reads
  // nothing that rule allows: it is decided by that rule, not as files touched on the way.
  call.rawPatterns.push({
    token: `${t.token} (walked)`,
    alternatives: [[{ kind: "text", text: dir === "/" ? "/" : `${dir.replace(/\/+$/, "")}/` }, { kind: "any" }]],
    base: { known: true, dir: "/" },
    kind: "whole",
    role: t.role ?? "both",
  });
  if (links !== undefined) noteLinkTargets(call, t, dir, listed, links, skips);
  if (listed !== null) {
    for (const entry of listed)
      call.tokens.push({
        token: entry,
        base: t.base,
        derived: true,
        underTree: true,
        ...(t.opensEveryFile === true ? { opensEveryFile: true } : {}),
        ...(t.keepsTracked === true ? { gitWord: true } : {}),
        ...(notFollowed?.has(entry) === true ? { linkNotFollowed: true } : {}),
        role: t.role ?? "both",
      });
  } else {
    const forms: Segment[][] = [[{ kind: "text", text: dir + "/" }, { kind: "any" }]];
    if (absolute !== canonical) forms.push([{ kind: "text", text: absolute.replace(/\/+$/, "") + "/" }, { kind: "any" }]);
    call.rawPatterns.push({ token: t.token, alternatives: forms, base: { known: true, dir: "/" }, kind: "unknown" });
  }
  return { dir, listed };
}

/** In a git work tree, git's other ignore sources may hold a whitelist (ignore-files.ts). */
function hiddenMayBeWhitelisted(call: ClassifyCall, dir: string): boolean {
  const top = workTreeTop(dir, call.repositoryRoots);
  return top !== null && gitSourcesMayWhitelist(top, call.opts.home);
}

/** The trees the symlinks a following walk met point to, by prefix. */
function noteLinkTargets(call: ClassifyCall, t: RawPathToken, dir: string, listed: string[] | null, links: readonly string[], skips: TreeSkips): void {
  // Past the budget the links are not known: unless a scan finds no link to a directory (and git writes none first),
  // what they point to may be anywhere.
  const targets =
    listed !== null ? links.map((l) => call.canon(l)).filter((c) => isDirectory(c)) : gitWritesInto(call, dir) || mayMeetDirectoryLinks(dir, skips) ? null : [];
  const forms: Segment[][] =
    targets === null ? [[{ kind: "any" }]] : targets.map((c) => [{ kind: "text", text: c.replace(/\/+$/, "") + "/" }, { kind: "any" }]);
  if (forms.length > 0)
    call.rawPatterns.push({
      token: `${t.token} (through its links)`,
      alternatives: forms,
      base: { known: true, dir: "/" },
      kind: "unknown",
      role: t.role ?? "both",
    });
}

/**
 * Where a write lands when a link lies on its path: a link already on disk
 * (`b -> ~/.local/bin`, made by an earlier call), one the same command makes
 * (`ln -s ~/.local/bin d; cp /usr/bin/rm d/ls`), or a place where the
 * command makes links permc cannot see (an extraction, `cp -s`). PATH
 * shadowing and the loader's files (path-shadow.ts, loader-writes.ts) ask
 * where a write lands, not only how it is spelt: `cp /usr/bin/rm b/ls; ls
 * victim` ran rm through the link (real bash, test/bash/split/path-shadow.test.ts).
 */
import { readlinkSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { isNormalAbsolute, isPlainName } from "../../paths/normal-path.js";
import { canonicalOver, entryKind, type EntryKind } from "../../paths/canonical.js";
import { cachedArchiveMembers } from "../paths/archive-members.js";
import { throughMadeLinks } from "../paths/made-links.js";
import type { PathBase } from "../paths/types.js";
import type { Word } from "../words/words.js";
import type { Env, WritePlace } from "./state.js";

export type { WritePlace };

/**
 * The place of the file the word `word` names in `base`, asked once per word (two-steps.ts and path-shadow.ts both
 * ask, of a redirect's target and a command's written operands; two-steps.ts of a file it runs).
 */
export function wordPlace(env: Env, word: Word, base: PathBase): WritePlace | null {
  const known = env.writePlaces?.get(word);
  if (known !== undefined) return known;
  const place = writePlace(env, word.value, base);
  (env.writePlaces ??= new Map()).set(word, place);
  return place;
}

/** The place a write of `value` in `base` is, or null when permc cannot tell (a value or a directory it does not know). */
export function writePlace(env: Env, value: string | null, base: PathBase, throughMade = true): WritePlace | null {
  if (value === null) return null;
  // `dd of=~/.local/bin/x`: bash expands a tilde after a word's first `=` too.
  const path = value === "~" || value.startsWith("~/") ? (env.pathHome === null ? null : env.pathHome + value.slice(1)) : value;
  if (path === null) return null;
  // Where the shell is, when a `cd` may not have run or surely failed (paths/uncertain-directory.ts); in one of
  // several places, the write may land in any.
  const place = env.directories.placeOf(base);
  if (place === null) return null;
  const dir = place.known ? place.dir : env.startDirStays ? env.startDir : null;
  if (!isAbsolute(path) && dir === null) return null;
  // A plain name in a normal directory (most writes: `tee -a b0.log`): joined without path.resolve.
  const at = dir !== null && isPlainName(path) && isNormalAbsolute(dir) ? (dir === "/" ? `/${path}` : `${dir}/${path}`) : resolve(dir ?? "/", path);
  return { at, landed: landing(env, at, value, base, throughMade) };
}

/**
 * The real path a write of the normal absolute path `at` (the word `token`
 * in `base`) reaches, through the links the command makes and those on
 * disk; null when it may reach anywhere: under a place where the command
 * makes links permc cannot see (an archive that holds one or cannot be
 * read, a copy of a tree that holds one, `cp -s`). A checkout's links are
 * the repository's own (docs/closed-world.md). `throughMade` false: the
 * place an extraction writes into, which is itself such a place.
 */
export function landing(env: Env, at: string, token: string, base: PathBase, throughMade = true): string | null {
  const p = throughMadeSymlink(env, at);
  if (throughMade && env.madeRoots.length > 0 && madeLinksReach(env)(token, base, p, false)) return null;
  return realPlace(env, p);
}

/**
 * `at` through the nearest link the command makes on its way (`ln -s ~/.local/bin d`: `d/ls` is `~/.local/bin/ls`):
 * the links by name, so a path asks about its few ancestors, not about every link.
 */
function throughMadeSymlink(env: Env, at: string): string {
  if (env.symlinks.length === 0) return at;
  if (env.madeSymlinks === undefined || env.madeSymlinks.count !== env.symlinks.length) {
    const byName = new Map<string, string>();
    // The first link of a name wins, as it did when they were tried in order.
    for (const link of env.symlinks) if (!byName.has(link.name)) byName.set(link.name, link.target);
    env.madeSymlinks = { count: env.symlinks.length, byName };
  }
  const byName = env.madeSymlinks.byName;
  for (let d = at; ; ) {
    const target = byName.get(d);
    if (target !== undefined) return target + at.slice(d.length);
    const cut = d.lastIndexOf("/");
    if (cut <= 0) return at;
    d = d.slice(0, cut);
  }
}

/** Links followed at most this deep from a written name (the kernel gives up at 40; a write through more asks). */
const MAX_LINK_HOPS = 8;

/**
 * Where a write of the normal absolute path `p` lands on disk. Its directory
 * first, over the observations the classification shares (most writes'
 * directory is the working directory, or one a `cd` names): a directory that
 * is not there holds no link to write through, and costs no more system
 * calls. In one that is, a name that is a link is followed, even to a file
 * not there yet (a redirect creates it; cp refuses), and a file with other
 * names (hard links) may be any of them.
 */
function realPlace(env: Env, p: string): string | null {
  const memo = env.observed.memo;
  for (let hops = 0, path = p; ; hops++) {
    const cut = path.lastIndexOf("/");
    const dir = cut <= 0 ? "/" : path.slice(0, cut);
    // Under a directory known missing (a `cd` into one, nested: `cd pkg0 && …; cd pkg1 && …`), nothing is there to
    // write through: no walk up the path, whose cost would grow with its depth.
    if (memo.get(dir) === null) return path;
    if (memo.get(dir.slice(0, Math.max(1, dir.lastIndexOf("/")))) === null) {
      // Missing too, noted for the directories under it (and for the classification after the split).
      memo.set(dir, null);
      return path;
    }
    // The directory the command starts in exists (an agent's working directory): one realpath, not two calls.
    const realDir = env.canonical(dir, dir === env.startDir);
    const at = realDir === "/" ? path.slice(cut) : realDir + path.slice(cut);
    // The caller's own realpath hook keeps no observations: its answer for the whole path.
    if (!memo.has(dir) && dir !== "/") return env.canonical(path);
    if (memo.get(dir) === null || cut === path.length - 1) return at;
    let kind = env.observed.entries.get(at);
    if (kind === undefined) env.observed.entries.set(at, (kind = entryKind(at)));
    // A file with other names (a hard link an earlier call made: `ln Makefile notes.txt`): any of them.
    if (kind === "shared") return null;
    if (kind !== "link") return at;
    if (hops === MAX_LINK_HOPS) return null;
    const target = linkTarget(at);
    if (target === null) return null;
    path = resolve(realDir, target);
  }
}

/** What a link names, or null when it cannot be read. */
function linkTarget(link: string): string | null {
  try {
    return readlinkSync(link);
  } catch {
    return null;
  }
}

/** The made-links test over the roots the walk has met so far (rebuilt when more are met). */
function madeLinksReach(env: Env): ReturnType<typeof throughMadeLinks> {
  if (env.madeLinks === undefined || env.madeLinks.roots !== env.madeRoots.length) {
    const roots = env.madeRoots.filter((r) => r.gitWorkTree !== true);
    env.madeLinks = { roots: env.madeRoots.length, reach: throughMadeLinks(roots, env.home, cachedArchiveMembers(env.observed.archives, env.home)) };
  }
  return env.madeLinks.reach;
}

/** A canonicalPath over the split's own observations (shared with the classification of its paths), or the caller's hook. */
export function splitCanonical(
  hook: ((absolute: string, likelyExists?: boolean) => string) | undefined,
  memo: Map<string, string | null>,
  entries: Map<string, EntryKind>,
): (absolute: string, likelyExists?: boolean) => string {
  return hook ?? canonicalOver(memo, entries);
}

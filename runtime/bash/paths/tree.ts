/**
 * Directories a recursive command walks (`grep -r`, `find`, `zip -r`): what
 * is under one today is listed so each file meets the path rules, within a
 * budget; past it the caller falls back to a prefix query on the automaton.
 * The same bounded walk says whether a tree a command copies holds a symlink.
 */
import { lstatSync, readdirSync, statSync, type Dirent } from "node:fs";
import { excludedName, globMatch } from "./name-glob.js";
import { IgnoredDirectories, ignoredBy, type IgnoreLine, type IgnoreScope } from "./ignore-files.js";
import { type Prune, prunes } from "./prune-test.js";
import { type OpensOnly, opensName } from "../programs/knowledge/recursive.js";

function joined(d: string, name: string): string {
  return d.endsWith("/") ? d + name : `${d}/${name}`;
}

/** The tracked files and every directory above one: entries an ignore file does not take out of git's walk. */
function trackedAndAbove(tracked: ReadonlySet<string>): ReadonlySet<string> {
  const out = new Set<string>();
  for (const file of tracked) {
    out.add(file);
    for (let cut = file.lastIndexOf("/"); cut > 0; cut = file.lastIndexOf("/", cut - 1)) {
      const dir = file.slice(0, cut);
      if (out.has(dir)) break;
      out.add(dir);
    }
  }
  return out;
}

/** Entries a recursive operand is listed with before permc falls back to the prefix query. */
export const MAX_TREE_ENTRIES = 2_000;

/** Entries a walk leaves alone: hidden names, symlinks, directories its ignore files leave out (ignore-files.ts). */
export interface TreeSkips {
  readonly hidden: boolean;
  /** Hidden entries walked all the same: a glob matches the name (an unsure answer is a match). */
  readonly shownHidden?: readonly { readonly glob: string; readonly caseless: boolean }[];
  readonly links: boolean;
  /**
   * The walker honours ignore files: the top of the git work tree the walked directory is in, or null outside one;
   * for git (`git add .`) also the files its index tracks, which no ignore file leaves out (nor the directories holding one).
   */
  readonly ignored?: { readonly top: string | null; readonly tracked?: ReadonlySet<string> };
  /** Directories below the walked one that the walker does not enter: globs over their names (name-glob.ts). */
  readonly excludedDirectories?: readonly string[];
  /** Files below the walked one that the walker does not open: globs over their names (`grep -r --exclude=.env`). */
  readonly excludedFiles?: readonly string[];
  /** The walker opens only files of these names (`shfmt`, `gofmt`: WALK_OPENS_ONLY); the rest it does not open. */
  readonly opensOnly?: OpensOnly;
  /** find's `X -prune`: directories below the walked one that find does not enter (prune-test.ts). */
  readonly prune?: Prune;
  /** The deepest level the walk reads (`find -maxdepth 2`): 1 lists the directory's own entries, 0 nothing under it. */
  readonly maxDepth?: number;
}

const SKIP_NONE: TreeSkips = { hidden: false, links: false };

/**
 * Whether a glob that overrides the walker's filters matches the hidden entry `name` at `rel` below the walked
 * directory (rg `--glob=.env`): a glob without `/` by name, with one by that path (`/src/*`; one starting `**` and `/`
 * also by name), a trailing `/` dropped. `*` spans `/` here: a match where rg's may not is a walk too many, never one too few.
 */
function shownHidden(skip: TreeSkips, name: string, rel: string): boolean {
  return (
    skip.shownHidden?.some((g) => {
      const glob = g.glob.replace(/\/+$/, "").replace(/^\//, "");
      if (!glob.includes("/")) return globMatch(glob, name, g.caseless) !== false;
      if (glob.startsWith("**/") && globMatch(glob.slice(3), name, g.caseless) !== false) return true;
      return globMatch(glob, rel, g.caseless) !== false;
    }) === true
  );
}

/** The names from the walked directory `dir` down to `name` in the directory `d` under it (`a/node_modules`). */
function below(dir: string, d: string, name: string): string {
  const top = dir.replace(/\/+$/, "");
  return d === dir || d === top ? name : `${d.slice(top.length + 1)}/${name}`;
}

/**
 * Visits every entry under `dir`, depth first, without following symlinks,
 * until `visit` returns true ("stopped"); "over" past the listing budget.
 * `unreadable` says what a directory that cannot be listed means: skipped,
 * or a stop (a caller that must assume the worst).
 */
function walkTree(
  dir: string,
  unreadable: "skip" | "stop",
  visit: (entry: Dirent, path: string) => boolean,
  skip: TreeSkips = SKIP_NONE,
  budget = MAX_TREE_ENTRIES,
): "complete" | "stopped" | "over" {
  const maxDepth = skip.maxDepth ?? Number.POSITIVE_INFINITY;
  if (maxDepth < 1) return "complete";
  const todo = [dir];
  // How deep each directory in `todo` is (the walked one is 0; parallel to `todo`).
  const depths = [0];
  // With ignore files: each directory's scope, and whether it is in a git work tree (parallel to `todo`). A walk that
  // leaves out hidden names reads them too: a whitelist in an ignore file takes a hidden name back (`!.env` in
  // `.ignore`, and rg reads .env), so hidden names are left out only where no whitelist is in force.
  const ignores = skip.ignored === undefined && !skip.hidden ? null : new IgnoredDirectories();
  const top = skip.ignored?.top ?? null;
  const scopes: IgnoreScope[] = ignores === null ? [] : [ignores.rootScope(dir, top)];
  const inTrees: boolean[] = ignores === null ? [] : [top !== null];
  const excluded = skip.excludedDirectories;
  const excludedFiles = skip.excludedFiles;
  const opensOnly = skip.opensOnly;
  const keeps = skip.ignored?.tracked === undefined ? null : trackedAndAbove(skip.ignored.tracked);
  let seen = 0;
  while (todo.length > 0) {
    const d = todo.pop() as string;
    const depth = depths.pop() as number;
    const scope = scopes.pop();
    const inTree = inTrees.pop() === true;
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      if (unreadable === "stop") return "stopped";
      // The walked directory itself cannot be read: nothing is known of what the command will read there.
      if (d === dir) return "over";
      continue;
    }
    let inside: { scope: IgnoreScope; here: readonly IgnoreLine[] } | null = null;
    let belowInTree = inTree;
    if (ignores !== null) {
      const names = entries.map((e) => e.name);
      belowInTree = inTree || names.includes(".git");
      inside = ignores.enter(d, scope as IgnoreScope, names, belowInTree);
    }
    const hidden = skip.hidden && inside?.scope.off !== true;
    // The lines that leave entries out apply only to a walker that honours ignore files.
    const ignoredHere = skip.ignored === undefined || inside === null ? null : inside.here;
    if (
      hidden ||
      skip.links ||
      ignoredHere !== null ||
      excluded !== undefined ||
      excludedFiles !== undefined ||
      opensOnly !== undefined ||
      skip.prune !== undefined
    )
      entries = entries.filter(
        (e) =>
          !(hidden && e.name.startsWith(".") && !shownHidden(skip, e.name, below(dir, d, e.name))) &&
          !(skip.links && e.isSymbolicLink()) &&
          // git's own walk never reads its repository directory as work-tree files.
          !(keeps !== null && e.name === ".git") &&
          !(ignoredHere !== null && ignoredBy(ignoredHere, e.name, e.isDirectory()) && !keeps?.has(joined(d, e.name))) &&
          !(excluded !== undefined && e.isDirectory() && excluded.some((glob) => excludedName(glob, e.name))) &&
          !(excludedFiles !== undefined && !e.isDirectory() && excludedFiles.some((glob) => excludedName(glob, e.name))) &&
          !(opensOnly !== undefined && !e.isDirectory() && !opensName(opensOnly, e.name)) &&
          !(skip.prune !== undefined && e.isDirectory() && prunes(skip.prune, below(dir, d, e.name))),
      );
    seen += entries.length;
    if (seen > budget) return "over";
    for (const e of entries) {
      const p = d.endsWith("/") ? d + e.name : `${d}/${e.name}`;
      if (visit(e, p)) return "stopped";
      if (e.isDirectory() && depth + 1 < maxDepth) {
        todo.push(p);
        depths.push(depth + 1);
        if (inside !== null) {
          scopes.push(inside.scope);
          inTrees.push(belowInTree);
        }
      }
    }
  }
  return "complete";
}

/**
 * Every file and symlink under `dir` (symlinks not followed), or null past
 * the budget; without the hidden names or the symlinks below `dir` when
 * `skip` says so (rg, fd, `tree`, `ls -R` do not go there unless told to).
 */
export function listTree(dir: string, skip: TreeSkips = SKIP_NONE, links?: string[]): string[] | null {
  const out: string[] = [];
  const walked = walkTree(
    dir,
    "skip",
    (e, p) => {
      if (!e.isDirectory()) out.push(p);
      // The symlinks met, for a walker that follows them (classify.ts).
      if (links !== undefined && e.isSymbolicLink()) links.push(p);
      return false;
    },
    skip,
  );
  return walked === "over" ? null : out;
}

export function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The entries directly in `dir` (ls), or null past the budget. */
export function listEntries(dir: string): string[] | null {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  if (names.length > MAX_TREE_ENTRIES) return null;
  return names.map((n) => (dir.endsWith("/") ? dir + n : dir + "/" + n));
}

/**
 * Whether copying `p` may make a symlink: it is one, it is missing (made by
 * the same command, so not there to look at), or a symlink lies under it;
 * past the listing budget, it may.
 */
export function copyMayMakeLinks(p: string): boolean {
  let top: ReturnType<typeof lstatSync> | undefined;
  try {
    top = lstatSync(p, { throwIfNoEntry: false });
  } catch {
    return true;
  }
  if (top === undefined || top.isSymbolicLink()) return true;
  if (!top.isDirectory()) return false;
  return walkTree(p, "stop", (e) => e.isSymbolicLink()) !== "complete";
}

/** Entries a walk past the listing budget is searched for links to directories (a scan, not a listing). */
export const MAX_LINK_SCAN_ENTRIES = 50_000;

/**
 * Whether a walk of `dir` with `skip` may meet a symlink to a directory:
 * for a walker that follows links, over a tree too large to list. Past the
 * scan's budget, or in a directory it cannot read, it may.
 */
export function mayMeetDirectoryLinks(dir: string, skip: TreeSkips): boolean {
  return walkTree(dir, "stop", (e, p) => e.isSymbolicLink() && isDirectory(p), skip, MAX_LINK_SCAN_ENTRIES) !== "complete";
}

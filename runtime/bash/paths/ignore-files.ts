/**
 * Directories a walker that honours ignore files never enters: `rg key` and
 * `fd x` in a git work tree leave out what its `.gitignore` files ignore, so
 * a project's `node_modules` (tens of thousands of files, past the listing
 * budget) is not read, and listing the rest is enough.
 *
 * Only a sure subset is modelled; everything else is walked as before:
 * - a directory is left out only for a `.gitignore` line that is one plain
 *   name: `name`, `name/`, `**\/name`, `**\/name/` (any directory of that
 *   name below the file's directory), or `/name`, `/name/` (directly in it);
 *   lines with globs, escapes or inner slashes leave out nothing;
 * - `.gitignore` files count from the top of the git work tree down (rg and
 *   fd read none outside a repository), and a directory holding `.git` starts
 *   a repository of its own, where the names above it do not reach;
 * - a whitelist line (`!…`) in any ignore file rg or fd read — `.gitignore`,
 *   `.ignore`, `.rgignore`, `.fdignore`, in the walked directory, above it
 *   (up to `/`) or below it — turns the model off from that directory down:
 *   a whitelist of a higher-precedence file is the only thing that takes a
 *   name back. Lower-precedence sources (`.git/info/exclude`, the global
 *   excludes file, `--ignore-file`) can only leave out more.
 * An unreadable or oversized ignore file counts as holding a whitelist.
 * The walker's options that turn ignore files off or override them
 * (`--no-ignore*`, `-u`, rg's `--glob`) are read in knowledge/recursive.ts;
 * a command that may write an ignore file before the walk is not modelled
 * (classify.ts).
 */
import { readFileSync } from "node:fs";
import { dirname } from "node:path";

/** Ignore files rg or fd read: a whitelist in any of them turns the model off. */
const IGNORE_FILES = [".gitignore", ".ignore", ".rgignore", ".fdignore"] as const;

/** Far above a real ignore file; a bigger one is not read (and counts as a whitelist). */
const MAX_IGNORE_FILE_BYTES = 256 * 1024;

/** A file name that may be an ignore file rg or fd read (classify.ts: a command writing one is not modelled). */
export function isIgnoreFileName(name: string): boolean {
  return (IGNORE_FILES as readonly string[]).includes(name);
}

/** What the ignore files in force at a directory say about the directories below it. */
export interface IgnoreScope {
  /** Names left out anywhere below (unanchored `.gitignore` lines of this repository). */
  readonly names: ReadonlySet<string>;
  /** A whitelist is in force: nothing is left out from here down. */
  readonly off: boolean;
}

/** One directory's own ignore files, as far as the model reads them. */
interface DirectoryIgnores {
  readonly anywhere: readonly string[];
  readonly here: readonly string[];
  readonly whitelist: boolean;
}

const NOTHING: DirectoryIgnores = { anywhere: [], here: [], whitelist: false };
const PLAIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** Reads `dir`'s ignore files; `gitignore`: its `.gitignore` counts (the directory is in a work tree). */
function readDirectory(dir: string, names: ReadonlySet<string> | null, gitignore: boolean): DirectoryIgnores {
  let anywhere: string[] | null = null;
  let here: string[] | null = null;
  let whitelist = false;
  for (const file of IGNORE_FILES) {
    if (names !== null && !names.has(file)) continue;
    const text = readIgnoreFile(dir.endsWith("/") ? dir + file : `${dir}/${file}`);
    if (text === undefined) continue;
    if (text === null) {
      whitelist = true;
      continue;
    }
    for (const raw of text.split("\n")) {
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (line.startsWith("!")) whitelist = true;
      if (file !== ".gitignore" || !gitignore) continue;
      const plain = plainLine(line);
      if (plain === null) continue;
      if (plain.anchored) (here ??= []).push(plain.name);
      else (anywhere ??= []).push(plain.name);
    }
  }
  return anywhere === null && here === null && !whitelist ? NOTHING : { anywhere: anywhere ?? [], here: here ?? [], whitelist };
}

/** The text, undefined when there is no such file, null when it cannot be read whole. */
function readIgnoreFile(file: string): string | null | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return code === "ENOENT" || code === "ENOTDIR" ? undefined : null;
  }
  return bytes.length > MAX_IGNORE_FILE_BYTES ? null : bytes.toString("utf8");
}

/** A line that leaves out one plain name, or null (a comment, a blank, a glob, an inner slash, trailing blanks). */
function plainLine(line: string): { name: string; anchored: boolean } | null {
  let body = line;
  let anchored = false;
  if (body.startsWith("**/")) body = body.slice(3);
  else if (body.startsWith("/")) {
    body = body.slice(1);
    anchored = true;
  }
  if (body.endsWith("/")) body = body.slice(0, -1);
  return PLAIN_NAME.test(body) ? { name: body, anchored } : null;
}

export class IgnoredDirectories {
  private readonly read = new Map<string, DirectoryIgnores>();

  /**
   * The scope at the walked directory `root`, in the work tree whose top is
   * `top` (null outside one): every ancestor's whitelists, and the names of
   * the `.gitignore` files from the top down to it.
   */
  rootScope(root: string, top: string | null): IgnoreScope {
    const chain: string[] = [];
    for (let d = dirname(root); ; d = dirname(d)) {
      chain.push(d);
      if (dirname(d) === d) break;
    }
    let names = new Set<string>();
    let off = false;
    for (let k = chain.length - 1; k >= 0; k--) {
      const d = chain[k] as string;
      const inTree = top !== null && (d === top || d.startsWith(top.endsWith("/") ? top : `${top}/`));
      const own = this.directory(d, null, inTree);
      if (own.whitelist) off = true;
      for (const n of own.anywhere) names.add(n);
    }
    if (off) names = new Set();
    return { names, off };
  }

  /**
   * The scope inside `dir` (its own ignore files read from `entries`, the
   * names it holds) given its parent's, and the names it leaves out directly
   * in it. `inTree`: `dir` is in a git work tree (`.gitignore` counts).
   */
  enter(dir: string, parent: IgnoreScope, entries: readonly string[], inTree: boolean): { scope: IgnoreScope; here: ReadonlySet<string> } {
    const present = new Set(entries);
    const own = this.directory(dir, present, inTree);
    // A repository of its own: the names of the one around it stop here (its whitelists do not).
    const inherited = present.has(".git") ? EMPTY : parent.names;
    if (parent.off || own.whitelist) return { scope: { names: EMPTY, off: true }, here: EMPTY };
    const scope = own.anywhere.length === 0 && inherited === parent.names ? parent : { names: new Set([...inherited, ...own.anywhere]), off: false };
    const here = own.here.length === 0 ? scope.names : new Set([...scope.names, ...own.here]);
    return { scope, here };
  }

  private directory(dir: string, present: ReadonlySet<string> | null, gitignore: boolean): DirectoryIgnores {
    const key = `${gitignore ? "g" : "-"}${dir}`;
    let found = this.read.get(key);
    if (found === undefined) this.read.set(key, (found = readDirectory(dir, present, gitignore)));
    return found;
  }
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * Directories a walker that honours ignore files never enters: `rg key` and
 * `fd x` in a git work tree leave out what its `.gitignore` files ignore, so
 * a project's `node_modules` (tens of thousands of files, past the listing
 * budget) is not read, and listing the rest is enough.
 *
 * Only a sure subset is modelled; everything else is walked as before:
 * - an entry is left out only for a `.gitignore` line that is one name glob
 *   of `*`, `?` and plain characters: `glob`, `**\/glob` (any entry whose
 *   name it matches below the file's directory), or `/glob` (directly in
 *   it); with a trailing `/` directories only (`node_modules/`, `*.env`,
 *   `.env*`, `/build/`); lines with brackets, escapes, blanks or inner
 *   slashes leave out nothing;
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
 * A whitelist also takes back a hidden name (`!.env` in `.ignore`: rg reads
 * `.env`), in any source rg reads, lower-precedence ones too (`.git/info/exclude`,
 * the global excludes file): a walk that leaves out hidden names reads the
 * ignore files too, and leaves them out only where no whitelist is in force
 * (tree.ts), and, in a work tree, where git's other sources hold none
 * (gitSourcesMayWhitelist).
 * The walker's options that turn ignore files off or override them
 * (`--no-ignore*`, `-u`, rg's `--glob`) are read in knowledge/recursive.ts;
 * a command that may write an ignore file before the walk is not modelled
 * (classify.ts).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { globMatch } from "./name-glob.js";

/** Ignore files rg or fd read: a whitelist in any of them turns the model off. */
const IGNORE_FILES = [".gitignore", ".ignore", ".rgignore", ".fdignore"] as const;

/** Far above a real ignore file; a bigger one is not read (and counts as a whitelist). */
const MAX_IGNORE_FILE_BYTES = 256 * 1024;

/**
 * Files that may hold, or name, ignore lines rg or fd read: the ignore files, git's `info/exclude` and global
 * `ignore`, and the configuration that may name a `core.excludesFile`.
 */
const IGNORE_SOURCES: readonly string[] = [...IGNORE_FILES, "exclude", "ignore", "config", ".gitconfig"];

/** A file name that may be an ignore source rg or fd read (walk-trust.ts: a command writing one is not modelled). */
export function isIgnoreFileName(name: string): boolean {
  return IGNORE_SOURCES.includes(name);
}

/** Configuration files followed for excludes files and includes, at most (a cycle or a long chain: may). */
const MAX_GIT_CONFIGS = 8;

/**
 * Whether git's other ignore sources for the work tree at `top` may hold a whitelist: its `.git/info/exclude`, the
 * global excludes file (`~/.config/git/ignore`, or under `$XDG_CONFIG_HOME`), and the file a configuration's
 * `core.excludesFile` names (its `include.path` and `includeIf` files followed too). rg and fd read them in a work
 * tree, and a whitelist there takes a hidden name back as one in `.gitignore` does (`!.env` in `.git/info/exclude`
 * or the global file: rg read `.env`). A file that cannot be read, a path permc cannot place (a relative one) and a
 * `.git` that is not a directory (a linked work tree, a submodule, whose files are elsewhere) may.
 */
export function gitSourcesMayWhitelist(top: string, home: string): boolean {
  const git = top.endsWith("/") ? `${top}.git` : `${top}/.git`;
  if (statSync(git, { throwIfNoEntry: false })?.isDirectory() === false) return true;
  const xdg = process.env.XDG_CONFIG_HOME;
  const config = xdg !== undefined && xdg !== "" ? xdg : `${home}/.config`;
  const excludes = [`${git}/info/exclude`, `${config}/git/ignore`];
  const configs = [`${git}/config`, `${home}/.gitconfig`, `${config}/git/config`];
  const place = (value: string): string | null => {
    const v = value.trim().replace(/^"(.*)"$/, "$1");
    if (v.startsWith("~/")) return home + v.slice(1);
    return v.startsWith("/") ? v : null;
  };
  for (let i = 0; i < configs.length; i++) {
    if (i === MAX_GIT_CONFIGS) return true;
    const text = readIgnoreFile(configs[i] as string);
    if (text === undefined) continue;
    if (text === null) return true;
    for (const m of text.matchAll(/^\s*(excludesfile|path)\s*=(.*)$/gim)) {
      const file = place(m[2] as string);
      if (file === null) return true;
      (/^excludesfile$/i.test(m[1] as string) ? excludes : configs).push(file);
    }
  }
  for (const file of excludes) {
    const text = readIgnoreFile(file);
    if (text === null || (text !== undefined && /^!/m.test(text))) return true;
  }
  return false;
}

/** One `.gitignore` line the model reads: a glob over an entry's name, for directories only or any entry. */
export interface IgnoreLine {
  readonly glob: string;
  readonly directoriesOnly: boolean;
}

/** What the ignore files in force at a directory say about the entries below it. */
export interface IgnoreScope {
  /** Lines that leave entries out anywhere below (unanchored `.gitignore` lines of this repository). */
  readonly lines: readonly IgnoreLine[];
  /** A whitelist is in force: nothing is left out from here down. */
  readonly off: boolean;
}

/** One directory's own ignore files, as far as the model reads them. */
interface DirectoryIgnores {
  readonly anywhere: readonly IgnoreLine[];
  readonly here: readonly IgnoreLine[];
  readonly whitelist: boolean;
}

const NOTHING: DirectoryIgnores = { anywhere: [], here: [], whitelist: false };
/** One name glob: plain characters, `*` and `?` (gitignore's `*` does not cross `/`, and a leading `.` is no special case). */
const NAME_GLOB = /^[A-Za-z0-9_.*?-]+$/;

/** Whether one of `lines` leaves out the entry `name` (a directory or not). */
export function ignoredBy(lines: readonly IgnoreLine[], name: string, isDirectory: boolean): boolean {
  for (const l of lines) if ((isDirectory || !l.directoriesOnly) && globMatch(l.glob, name) === true) return true;
  return false;
}

/** Reads `dir`'s ignore files; `gitignore`: its `.gitignore` counts (the directory is in a work tree). */
function readDirectory(dir: string, names: ReadonlySet<string> | null, gitignore: boolean): DirectoryIgnores {
  let anywhere: IgnoreLine[] | null = null;
  let here: IgnoreLine[] | null = null;
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
      const read = nameGlobLine(line);
      if (read === null) continue;
      if (read.anchored) (here ??= []).push(read.line);
      else (anywhere ??= []).push(read.line);
    }
  }
  return anywhere === null && here === null && !whitelist ? NOTHING : { anywhere: anywhere ?? [], here: here ?? [], whitelist };
}

/** The text, undefined when there is no such file, null when it cannot be read whole. */
function readIgnoreFile(file: string): string | null | undefined {
  // Most of the files asked for are not there: access(2) says so without the error a failed read builds (several
  // times the system call's cost, and a walk asks for four names in every directory above it).
  if (!existsSync(file)) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return code === "ENOENT" || code === "ENOTDIR" ? undefined : null;
  }
  return bytes.length > MAX_IGNORE_FILE_BYTES ? null : bytes.toString("utf8");
}

/** A line that leaves out entries by one name glob, or null (a comment, a blank, brackets, an escape, an inner slash, trailing blanks). */
function nameGlobLine(line: string): { line: IgnoreLine; anchored: boolean } | null {
  let body = line;
  let anchored = false;
  if (body.startsWith("**/")) body = body.slice(3);
  else if (body.startsWith("/")) {
    body = body.slice(1);
    anchored = true;
  }
  const directoriesOnly = body.endsWith("/");
  if (directoriesOnly) body = body.slice(0, -1);
  // `**` alone matches every name; more than one `*` in a row is one star within a name.
  return NAME_GLOB.test(body) ? { line: { glob: body, directoriesOnly }, anchored } : null;
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
    let lines: IgnoreLine[] = [];
    let off = false;
    for (let k = chain.length - 1; k >= 0; k--) {
      const d = chain[k] as string;
      const inTree = top !== null && (d === top || d.startsWith(top.endsWith("/") ? top : `${top}/`));
      const own = this.directory(d, null, inTree);
      if (own.whitelist) off = true;
      lines.push(...own.anywhere);
    }
    if (off) lines = [];
    return { lines, off };
  }

  /**
   * The scope inside `dir` (its own ignore files read from `entries`, the
   * names it holds) given its parent's, and the lines that leave entries out
   * directly in it. `inTree`: `dir` is in a git work tree (`.gitignore` counts).
   */
  enter(dir: string, parent: IgnoreScope, entries: readonly string[], inTree: boolean): { scope: IgnoreScope; here: readonly IgnoreLine[] } {
    const present = new Set(entries);
    const own = this.directory(dir, present, inTree);
    // A repository of its own: the lines of the one around it stop here (its whitelists do not).
    const inherited = present.has(".git") ? EMPTY : parent.lines;
    if (parent.off || own.whitelist) return { scope: { lines: EMPTY, off: true }, here: EMPTY };
    const scope = own.anywhere.length === 0 && inherited === parent.lines ? parent : { lines: [...inherited, ...own.anywhere], off: false };
    const here = own.here.length === 0 ? scope.lines : [...scope.lines, ...own.here];
    return { scope, here };
  }

  private directory(dir: string, present: ReadonlySet<string> | null, gitignore: boolean): DirectoryIgnores {
    const key = `${gitignore ? "g" : "-"}${dir}`;
    let found = this.read.get(key);
    if (found === undefined) this.read.set(key, (found = readDirectory(dir, present, gitignore)));
    return found;
  }
}

const EMPTY: readonly IgnoreLine[] = [];

/**
 * Whether the git repository a directory is in has hooks installed: asked
 * only when a git command runs after the same command wrote code (split/
 * two-steps.ts), since a hook runs the project's code (`npm test`,
 * lint-staged, a script) and so may run the file written. "No" only when
 * permc is sure: the repository is found (or no repository is there), its
 * hooks directory holds nothing but git's samples, and no configuration git
 * reads (the repository's, the user's, the system's, and the files they
 * include) sets `core.hooksPath` or a template directory, and the
 * repository's own names no command git runs (a filter, a textconv, the
 * fsmonitor: a project's script there runs as a hook does). Anything it
 * cannot read says "yes".
 */
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { GIT_HOOK_PLACES } from "../programs/knowledge/git.js";

/** Where git's user configuration is looked for, and whether a variable moves git's directory or configuration. */
export interface GitSurroundings {
  readonly home: string;
  /** `$XDG_CONFIG_HOME` where the command runs (null: unset, `~/.config`). */
  readonly xdgConfigHome: string | null;
  /** A variable of GIT_HOOK_PLACES.variables is set where the command runs. */
  readonly relocated: boolean;
  /** The system configuration files git may read (GIT_HOOK_PLACES.systemConfigurations). */
  readonly systemConfigurations: readonly string[];
}

/** GitSurroundings in `home`, from the environment's variables (`value` gives "" for an unset one). */
export function gitSurroundings(home: string, value: (name: string) => string): GitSurroundings {
  const xdg = value("XDG_CONFIG_HOME");
  return {
    home,
    xdgConfigHome: xdg === "" ? null : xdg,
    relocated: GIT_HOOK_PLACES.variables.some((name) => value(name) !== ""),
    // git leaves its system configuration out under GIT_CONFIG_NOSYSTEM=true (any other spelling of true reads it: stricter).
    systemConfigurations: /^(?:1|true|yes|on)$/i.test(value("GIT_CONFIG_NOSYSTEM")) ? [] : GIT_HOOK_PLACES.systemConfigurations,
  };
}

export function repositoryHasHooks(dir: string, around: GitSurroundings): boolean {
  if (around.relocated) return true;
  const found = gitDirectories(dir);
  if (found === null) return true;
  const user = [`${around.home}/.gitconfig`, `${around.xdgConfigHome ?? `${around.home}/.config`}/git/config`, ...around.systemConfigurations];
  // No repository: git fails, unless the same command makes one (`git init`, `git clone`), whose hooks come from a template directory the configuration names.
  if (found === NO_REPOSITORY) return user.some((file) => setsHooks(file, around.home));
  const { gitDir, commonDir } = found;
  const own = [`${commonDir}/config`, `${gitDir}/config.worktree`];
  return own.some((file) => setsHooks(file, around.home, true)) || user.some((file) => setsHooks(file, around.home)) || holdsHooks(`${commonDir}/hooks`);
}

const NO_REPOSITORY = "none";

/**
 * The repository's git directory and the common directory its hooks and
 * configuration are in (a worktree's or a submodule's `.git` is a file that
 * names them), found as git finds them from `dir` up; NO_REPOSITORY when no
 * ancestor holds one; null when permc cannot tell where it is: a `.git` that
 * is a link, a directory that may be a git directory itself (a bare
 * repository, or `.git` entered), one it cannot read.
 */
function gitDirectories(dir: string): { gitDir: string; commonDir: string } | typeof NO_REPOSITORY | null {
  try {
    return gitDirectoriesFrom(dir);
  } catch {
    return null;
  }
}

function gitDirectoriesFrom(dir: string): { gitDir: string; commonDir: string } | typeof NO_REPOSITORY | null {
  for (let d = dir; ; d = dirname(d)) {
    const at = d.endsWith("/") ? d : `${d}/`;
    const stats = lstatSync(`${at}.git`, { throwIfNoEntry: false });
    if (stats?.isDirectory() === true) return { gitDir: `${at}.git`, commonDir: `${at}.git` };
    if (stats?.isFile() === true) {
      const named = /^gitdir: (.+)$/m.exec(readText(`${at}.git`) ?? "")?.[1];
      if (named === undefined) return null;
      const gitDir = resolve(d, named.trim());
      const common = readText(`${gitDir}/commondir`);
      return { gitDir, commonDir: common === null ? gitDir : resolve(gitDir, common.trim()) };
    }
    if (stats !== undefined || lstatSync(`${at}HEAD`, { throwIfNoEntry: false }) !== undefined) return null;
    if (dirname(d) === d) return NO_REPOSITORY;
  }
}

/**
 * A configuration file that may install hooks, itself or through a file it
 * includes (`[include]` and `[includeIf "…"]` sections' `path`, whatever the
 * condition). One it cannot read may, and so may an include it cannot follow.
 */
function setsHooks(file: string, home: string, own = false, seen = new Set<string>(), depth = 0): boolean {
  // Each file read once (an include cycle, a file included twice), and so at most so many: past it, any may.
  if (seen.has(file)) return false;
  if (seen.size >= MAX_CONFIGURATION_FILES) return true;
  seen.add(file);
  const text = readText(file);
  if (text === null) return !missing(file);
  if (GIT_HOOK_PLACES.hookSetting.test(text)) return true;
  const read = readConfiguration(text);
  if (read === null || (own && read.mayNameCommand)) return true;
  if (read.includes.length > 0 && depth >= GIT_HOOK_PLACES.maxIncludeDepth) return true;
  return read.includes.some((path) => setsHooks(includedPath(path, file, home), home, own, seen, depth + 1));
}

/** Configuration files read for one answer, includes and all. */
const MAX_CONFIGURATION_FILES = 64;

/** A section header: its name, its quoted subsection, and what follows it on the line. */
const SECTION_HEADER = /^\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"([^"\\]*)")?\s*\](.*)$/;
/** A key, and where its value starts. */
const KEY = /^\s*([A-Za-z][\w-]*)\s*(?:=\s*(.*?))?\s*$/;

/**
 * What permc reads of a configuration, in one pass: the `path` values of its
 * include sections (`[include]`, `[includeIf "…"]`), and whether it may name
 * a command git runs (a key of GIT_HOOK_PLACES.runKeys, or a section header
 * permc does not read: a subsection with an escaped quote); null when an
 * include is written in a way permc does not read.
 */
function readConfiguration(text: string): { includes: string[]; mayNameCommand: boolean } | null {
  const includes: string[] = [];
  let mayNameCommand = false;
  let section: string | null = "";
  let including = false;
  for (const line of text.split("\n")) {
    let rest = line;
    if (/^\s*\[/.test(line)) {
      const header = SECTION_HEADER.exec(line);
      including = /^\s*\[\s*include/i.test(line);
      if (header === null) {
        if (including) return null;
        mayNameCommand = true;
        section = null;
        continue;
      }
      section = header[2] === undefined ? (header[1] as string) : `${header[1]}.${header[2]}`;
      rest = header[3] as string;
      // A key on the header's own line (`[include] path = x`).
      if (including && rest.trim() !== "" && !/^\s*[#;]/.test(rest)) return null;
    }
    const entry = /^\s*[#;]/.test(rest) ? null : KEY.exec(rest);
    if (entry === null) {
      if (including && /^\s*path\b/i.test(rest)) return null;
      continue;
    }
    const key = entry[1] as string;
    if (section !== null && GIT_HOOK_PLACES.runKeys.test(`${section}.${key}`)) mayNameCommand = true;
    if (!including || key.toLowerCase() !== "path") continue;
    const raw = entry[2] ?? "";
    const value = /^"([^"\\]*)"\s*(?:[#;].*)?$/.exec(raw)?.[1] ?? /^([^"\\#;]*?)\s*(?:[#;].*)?$/.exec(raw)?.[1];
    if (value === undefined || value === "") return null;
    includes.push(value);
  }
  return { includes, mayNameCommand };
}

/** Where an include's path points: `~/` from the home, a relative path from the including file's directory. */
function includedPath(path: string, from: string, home: string): string {
  if (path === "~" || path.startsWith("~/")) return home + path.slice(1);
  return resolve(dirname(from), path);
}

/** A hooks directory with an entry other than git's samples; one it cannot list may hold hooks. */
function holdsHooks(hooksDir: string): boolean {
  try {
    return readdirSync(hooksDir).some((name) => !name.endsWith(GIT_HOOK_PLACES.sampleSuffix));
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== "ENOENT";
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Nothing is there (a missing configuration file is one git does not read). */
function missing(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

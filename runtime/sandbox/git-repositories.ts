/**
 * The repositories a command may reach and what git would run or read from them outside the sandbox later: the
 * working tree's and those holding it, those below it or in a directory the command may write, bare ones; their
 * hooks, configuration, pointer files and what that configuration names (git-indirections.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { RANK } from "./plan-mounts.js";
import { environmentConfigEntries, GitConfigUnreadable, type GitIndirections, gitIndirections } from "./git-indirections.js";
import { isDirectory, isFileEntry, listDir } from "./fs-probes.js";
import { PROTECTED_PROJECT_PATHS } from "./writable-defaults.js";
import { type Context, addExisting } from "./profile-context.js";

/** How deep below a granted directory, a rule's or the temp dir repositories are looked for. */
export const OPENED_REPOSITORY_DEPTH = 3;
/** Directories the walk for repositories alone does not enter: installed packages hold none a person commits in. */
export const REPOSITORY_SEARCH_SKIPS: ReadonlySet<string> = new Set(["node_modules"]);

/**
 * Files through which git finds hooks and configuration other than `.git/hooks` and `.git/config`, where they exist
 * when the command starts (working-tree-relative): `.git` itself when it is a file (a linked worktree's or a
 * submodule's `gitdir:` line), each submodule's own `hooks` and `config` under `.git/modules`, and a linked
 * worktree's `commondir` and `gitdir`. Ones a command creates are not covered (docs/sandbox.md).
 */
export function gitPointers(cwd: string): string[] {
  const out: string[] = [];
  const dotGit = path.join(cwd, ".git");
  // A linked worktree or a submodule's checkout: the pointer, and the git directories it names (absolute: a linked
  // worktree's hooks and configuration are its main repository's, wherever that is).
  if (isFileEntry(dotGit)) return [".git", ...linkedGitDirectories(cwd, dotGit)];
  // A submodule's name may hold slashes (`.git/modules/libs/foo`): a directory with a HEAD is a git directory.
  let visited = 0;
  const walk = (dir: string, rel: string, depth: number): void => {
    for (const name of listDir(dir)) {
      const sub = path.join(dir, name);
      if (++visited > MAX_GIT_DIRECTORIES) {
        // Too many to look through (a command may pad it): all of it stays read-only.
        out.push(".git/modules");
        return;
      }
      if (!isDirectory(sub)) continue;
      if (!existsSync(path.join(sub, "HEAD"))) {
        if (depth < MAX_SUBMODULE_DEPTH) walk(sub, `${rel}/${name}`, depth + 1);
        continue;
      }
      out.push(`${rel}/${name}/hooks`, `${rel}/${name}/config`);
      if (depth < MAX_SUBMODULE_DEPTH) walk(path.join(sub, "modules"), `${rel}/${name}/modules`, depth + 1);
    }
  };
  walk(path.join(dotGit, "modules"), ".git/modules", 1);
  for (const name of listDir(path.join(dotGit, "worktrees"))) out.push(...WORKTREE_FILES.map((f) => `.git/worktrees/${name}/${f}`));
  return out;
}

/**
 * Repositories besides the working tree's own and those holding it (below it, in a directory a grant or a rule
 * opens): their agent config, hooks, configuration and git pointers are read-only, and so is what their
 * configuration names. Returns the places that may not be there yet (a placeholder each): what their configuration
 * names, and a hooks directory in a `.git` directory that is (a `.git` file's hooks are its git directory's).
 */
export function protectRepositories(ctx: Context, roots: readonly string[]): GitIndirections {
  for (const root of roots)
    for (const p of [...PROTECTED_PROJECT_PATHS, ...gitPointers(root)])
      addExisting(ctx, "read-only", path.resolve(root, p), "protected: agent config or git hooks of a repository there", RANK.protectedReadOnly);
  const places = configuredGitPlaces(roots, ctx.home, ctx.notes);
  for (const p of [...places.directories, ...places.files]) addExisting(ctx, "read-only", p, "protected: git's configuration names it", RANK.protectedReadOnly);
  const hooks = roots.filter((r) => isDirectory(path.join(r, ".git"))).map((r) => path.join(r, ".git", "hooks"));
  return { directories: [...places.directories, ...hooks], files: places.files };
}

/** What a linked worktree's entry in its repository's `worktrees/` holds that sends git elsewhere or configures it. */
export const WORKTREE_FILES: readonly string[] = ["commondir", "gitdir", "config.worktree"];

/**
 * A bare repository's hooks and configuration (and what that configuration names), as a `.git` directory's, and its
 * linked worktrees' entries (a worktree's `commondir` names the repository whose hooks git runs there).
 */
export function protectBareRepositories(ctx: Context, gitDirs: readonly string[]): GitIndirections {
  const out: GitIndirections = { directories: [], files: [] };
  for (const dir of gitDirs) {
    const worktrees = listDir(path.join(dir, "worktrees")).flatMap((name) => WORKTREE_FILES.map((f) => path.join("worktrees", name, f)));
    for (const p of ["hooks", "config", "config.worktree", ...worktrees])
      addExisting(ctx, "read-only", path.join(dir, p), "protected: a bare repository's hooks and configuration", RANK.protectedReadOnly);
    const places = gitIndirectionsOr([path.join(dir, "config")], [], dir, ctx.home, dir, ctx.notes);
    for (const p of [...places.directories, ...places.files])
      addExisting(ctx, "read-only", p, "protected: git's configuration names it", RANK.protectedReadOnly);
    out.directories.push(...places.directories, path.join(dir, "hooks"));
    out.files.push(...places.files);
  }
  return out;
}

/**
 * What the configuration of each repository (its `.git/config` and `config.worktree`, a linked worktree's and its
 * main repository's) and the person's global configuration send git to (git-indirections.ts).
 */
export function configuredGitPlaces(repositories: readonly string[], home: string, notes: string[]): GitIndirections {
  const out: GitIndirections = { directories: [], files: [] };
  const xdg = process.env.XDG_CONFIG_HOME;
  // The person's global configuration, where git finds it (`GIT_CONFIG_GLOBAL` names another file).
  const named = process.env.GIT_CONFIG_GLOBAL;
  const global = [
    path.join(home, ".gitconfig"),
    path.join(xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(home, ".config"), "git", "config"),
    ...(named !== undefined && path.isAbsolute(named) ? [named] : []),
  ];
  if (named !== undefined && path.isAbsolute(named)) out.files.push(named);
  // Where XDG_CONFIG_HOME moves it (`~/.config/git` is a protected home path already): git's directory there,
  // made empty where not there, as `~/.config/git` is.
  if (xdg !== undefined && path.isAbsolute(xdg) && path.resolve(xdg) !== path.join(home, ".config")) out.directories.push(path.join(xdg, "git"));
  // git's system configuration is read beside the person's (what it names counts as theirs does), and the file
  // GIT_CONFIG_SYSTEM names is protected as GIT_CONFIG_GLOBAL's is: a command must not write hooks or commands there.
  const system = systemConfigurations(process.env);
  global.push(...system);
  if (system.length > 0 && (process.env.GIT_CONFIG_SYSTEM ?? "") !== "") out.files.push(...system);
  // The person's own configuration first: where permc cannot follow it, nothing runs (GitConfigUnreadable).
  const fromEnvironment = environmentConfigEntries(process.env);
  gitIndirections(global, home, home, fromEnvironment);
  for (const root of repositories) {
    const dotGit = path.join(root, ".git");
    const own = isFileEntry(dotGit)
      ? linkedGitDirectories(root, dotGit).filter((p) => /\/config(?:\.worktree)?$/.test(p))
      : [path.join(dotGit, "config"), path.join(dotGit, "config.worktree")];
    const found = gitIndirectionsOr(own, global, root, home, dotGit, notes, fromEnvironment);
    out.directories.push(...found.directories);
    out.files.push(...found.files);
  }
  return { directories: [...new Set(out.directories)], files: [...new Set(out.files)] };
}

/**
 * The system configuration files git reads: none under GIT_CONFIG_NOSYSTEM (a spelling of true; any other value reads
 * them, which is stricter), GIT_CONFIG_SYSTEM's file where it names one, else where a build of git looks (the same
 * list as the bash analysis's, GIT_HOOK_PLACES.systemConfigurations; a test holds them equal).
 */
export function systemConfigurations(env: NodeJS.ProcessEnv): string[] {
  if (/^(?:1|true|yes|on)$/i.test(env.GIT_CONFIG_NOSYSTEM ?? "")) return [];
  const named = env.GIT_CONFIG_SYSTEM;
  // A relative name is git's working directory's, which is the command's.
  if (named !== undefined && named !== "") return [path.resolve(named)];
  return [...GIT_SYSTEM_CONFIGURATIONS];
}

/** Where git's builds read their system configuration (Debian's and most: /etc; /usr/local's; Homebrew's). */
export const GIT_SYSTEM_CONFIGURATIONS: readonly string[] = ["/etc/gitconfig", "/usr/local/etc/gitconfig", "/opt/homebrew/etc/gitconfig"];

/**
 * What a repository's configuration names; where permc cannot follow it (a FIFO or an endless file included, more
 * includes than it reads), the repository's whole git directory stays read-only, and a note says so: one repository
 * a command set up that way (in the temp dir, say) must not stop every later run.
 */
export function gitIndirectionsOr(
  own: readonly string[],
  global: readonly string[],
  root: string,
  home: string,
  gitDir: string,
  notes: string[],
  fromEnvironment: ReadonlyArray<{ key: string; value: string | null }> = [],
): GitIndirections {
  try {
    return gitIndirections([...own, ...global], root, home, fromEnvironment);
  } catch (e) {
    if (!(e instanceof GitConfigUnreadable)) throw e;
    notes.push(`${e.message}: all of ${gitDir} stays read-only`);
    return { directories: [gitDir], files: [] };
  }
}

/** The ancestors of `cwd` that hold a `.git` (the repositories a command in a subdirectory works in). */
export function enclosingRepositories(cwd: string): string[] {
  const out: string[] = [];
  for (let d = path.dirname(cwd); d !== path.dirname(d); d = path.dirname(d)) if (existsSync(path.join(d, ".git"))) out.push(d);
  return out;
}

/**
 * What a `.git` file (`gitdir: …`) hands git: its git directory's `config.worktree`, and the common directory's
 * (`commondir`, a linked worktree's main repository) hooks and configuration. Absolute paths.
 */
export function linkedGitDirectories(cwd: string, dotGit: string): string[] {
  const gitdir = /^gitdir:\s*(.+?)\s*$/m.exec(readText(dotGit))?.[1];
  if (gitdir === undefined) return [];
  const dir = path.resolve(cwd, gitdir);
  const common = readText(path.join(dir, "commondir")).trim();
  const commonDir = common === "" ? dir : path.resolve(dir, common);
  return [
    path.join(dir, "config.worktree"),
    path.join(dir, "config"),
    path.join(commonDir, "hooks"),
    path.join(commonDir, "config"),
    path.join(commonDir, "config.worktree"),
  ];
}

export function readText(p: string): string {
  try {
    return readFileSync(p, "utf8");
  } catch {
    return "";
  }
}

/** Directories under `.git/modules` looked into, at most, and how deep (names and submodules inside submodules). */
export const MAX_SUBMODULE_DEPTH = 6;
export const MAX_GIT_DIRECTORIES = 500;

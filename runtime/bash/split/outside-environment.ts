/**
 * What the environment a command runs in says about it: CDPATH, PATH,
 * RIPGREP_CONFIG_PATH, POSIXLY_CORRECT, GREP_OPTIONS, the archive options
 * and where git's hooks are. Each is read when a command first needs it,
 * never before: a read of `process.env` is a call into the C++ side (about
 * 0.4 µs each), and most
 * commands need none of them — `git status` has no `cd`, no rg, no grep, no
 * extraction and writes nothing on PATH. Every read is of the value now, so
 * a split sees the environment as it is when the call is decided.
 *
 * PATH's directories are kept for the last (PATH, working directory) pair:
 * the key is the whole value, so a changed PATH or directory is read anew.
 */
import { resolve } from "node:path";
import { pathDirectories } from "../../paths/path-directories.js";
import { gitSurroundings, type GitSurroundings } from "../paths/repository-hooks.js";
import type { SplitOptions } from "./types.js";

let lastPath: string | undefined;
let lastCwd: string | undefined;
let lastPathDirs: readonly string[] = [];

/** PATH's directories, then node_modules/.bin (npx, `npm exec` and package scripts search it first), for one working directory. */
function searchedDirectories(path: string, cwd: string): readonly string[] {
  // Two comparisons, not one joined key: joining would build a string to compare on every call.
  if (path !== lastPath || cwd !== lastCwd) {
    lastPathDirs = Object.freeze([...pathDirectories(path, cwd), resolve(cwd, "node_modules/.bin")]);
    lastPath = path;
    lastCwd = cwd;
  }
  return lastPathDirs;
}

export class OutsideEnvironment {
  #cdpath: boolean | undefined;
  #ripgrepConfig: boolean | undefined;
  #posixlyCorrect: boolean | undefined;
  #grepOptions: boolean | undefined;
  #archiveOptions: boolean | undefined;
  #pathDirs: readonly string[] | undefined;

  constructor(
    private readonly opts: SplitOptions,
    private readonly cwd: string,
  ) {}

  /** CDPATH is set where the command runs: a relative `cd` may go elsewhere. */
  get cdpath(): boolean {
    return (this.#cdpath ??= (this.opts.cdpath ?? process.env.CDPATH ?? "") !== "");
  }

  /** RIPGREP_CONFIG_PATH is set where the command runs: rg's options may show hidden files. */
  get ripgrepConfig(): boolean {
    return (this.#ripgrepConfig ??= (this.opts.ripgrepConfig ?? process.env.RIPGREP_CONFIG_PATH ?? "") !== "");
  }

  /** POSIXLY_CORRECT is set where the command runs: a program's options end at its first operand. */
  get posixlyCorrect(): boolean {
    return (this.#posixlyCorrect ??= this.opts.posixlyCorrect ?? process.env.POSIXLY_CORRECT !== undefined);
  }

  /** GREP_OPTIONS is set where the command runs: an old grep reads options from it. */
  get grepOptions(): boolean {
    return (this.#grepOptions ??= (this.opts.grepOptions ?? process.env.GREP_OPTIONS ?? "") !== "");
  }

  /** TAR_OPTIONS, UNZIP or UNZIPOPT is set where the command runs: an extraction may rename what it writes. */
  get archiveOptions(): boolean {
    return (this.#archiveOptions ??= (this.opts.archiveOptions ?? [process.env.TAR_OPTIONS, process.env.UNZIP, process.env.UNZIPOPT].join("")) !== "");
  }

  /** The variable a walker reads options from (`TAR_OPTIONS`, `ZIPOPT`) is set where the command runs. */
  walkOptions(variable: string): boolean {
    return (this.opts.walkOptions?.[variable] ?? process.env[variable] ?? "") !== "";
  }

  /** Where git's hooks may be, for a repository in `home`'s reach (paths/repository-hooks.ts). */
  gitSurroundings(home: string): GitSurroundings {
    const given = this.opts.gitVariables;
    return gitSurroundings(home, (name) => (given === undefined ? process.env[name] : given[name]) ?? "");
  }

  /** The directories bash searches for a bare command name, absolute (path-shadow.ts). */
  get pathDirs(): readonly string[] {
    return (this.#pathDirs ??= searchedDirectories(this.opts.path ?? process.env.PATH ?? "", this.cwd));
  }
}

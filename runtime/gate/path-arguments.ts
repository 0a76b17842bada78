/**
 * Paths an MCP or extension tool is handed under other names than `path`.
 * The reference gates only `path` (an MCP proxy call's `arguments.path`),
 * so `read_multiple_files {"paths": ["/etc/passwd"]}` or `move_file
 * {"source": "~/.ssh/id_rsa", …}` of a filesystem server met no path rule.
 * permc also gates the strings under keys that name files or directories
 * (compared without case, `_` or `-`: `file_path`, `filePath`), and arrays of
 * them, at the top level of the arguments and in the objects and arrays under
 * it (`files: [{path: …}]`, `options: {path: …}`, where `path` too is read);
 * a `file:` URL in any form (file-url-forms.ts) as the path it names, under
 * any key. A key's name is only a hint, though: servers call their paths
 * `repo_path`, `fullPath`, `from`, `working_dir`. So a string under any other
 * key is a path too when it reads as one: absolute, `~`, `./` or `../` (or a
 * drive on win32), or a name that exists on disk relative to the working
 * directory. Strings of more than one line are content, not names. What a
 * server does with a string that names no file stays unknown, as it is to
 * the reference; arguments nested deeper than MAX_DEPTH are refused.
 */
import { isRecord } from "../read-i32.js";
import { anyFileUrlPath } from "./file-url-forms.js";

const PATH_KEYS: ReadonlySet<string> = new Set([
  "paths",
  "file",
  "files",
  "filepath",
  "filepaths",
  "filename",
  "filenames",
  "source",
  "sources",
  "src",
  "destination",
  "destinations",
  "dest",
  "target",
  "dir",
  "dirs",
  "directory",
  "directories",
  "folder",
  "cwd",
  "workdir",
  "workingdirectory",
  "root",
  "rootpath",
  "location",
  "inputpath",
  "outputpath",
  "inputfile",
  "outputfile",
  "uri",
  "uris",
]);

/** Past this many values the call is refused rather than read: each one is a canonicalisation on disk. */
export const MAX_PATH_ARGUMENTS = 256;

/** Objects and arrays nested deeper than this are refused rather than read (no server's schema needs it). */
export const MAX_DEPTH = 16;

/** Values looked at in all: a huge argument object is refused, not walked. */
const MAX_VALUES = 100_000;

/** Strings under keys that name no path, probed on disk at most this many times; past it the call is refused, not guessed. */
export const MAX_NAME_PROBES = 1024;

/** Longer strings are not probed on disk as names (no file system takes a longer path). */
const MAX_NAME_LENGTH = 4096;

const normalisedKey = (key: string): string => key.toLowerCase().replace(/[_-]/g, "");

type Platform = Parameters<typeof anyFileUrlPath>[1];

/** Whether a string under a key that names no path reads as a path by its shape alone. */
export function pathShaped(value: string, platform: Platform): boolean {
  const v = value.trim();
  if (/^(?:\/|~(?:\/|$)|\.\.?(?:\/|$))/.test(v)) return true;
  return platform === "win32" && /^(?:[A-Za-z]:|\\\\|\.\.?\\|~\\)/.test(v);
}

export interface PathArgumentOptions {
  /** Whether a relative name exists on disk (relative to the working directory); default: never probe. */
  readonly exists?: (name: string) => boolean;
}

/**
 * The path strings of `args` (not its own `path`, gated as the reference gates it), at any depth: under
 * path-naming keys, `file:` URLs anywhere, and strings that read as paths under any key; or a problem when
 * there are more than MAX_PATH_ARGUMENTS or the arguments are too deep or too large.
 */
export function otherPathArguments(args: unknown, platform: Platform, options: PathArgumentOptions = {}): readonly string[] | { readonly problem: string } {
  if (!isRecord(args)) return [];
  const found: string[] = [];
  let seen = 0;
  let probes = 0;
  const push = (v: string): string | null => {
    if (found.length === MAX_PATH_ARGUMENTS) return `more than ${MAX_PATH_ARGUMENTS} path arguments`;
    found.push(v);
    return null;
  };
  const note = (v: unknown, pathKey: boolean): string | null => {
    if (typeof v !== "string" || v.trim() === "") return null;
    // A `file:` URL as the path it names, under any key; any other string under a path key as written.
    const file = anyFileUrlPath(v, platform);
    if (file !== null) return push(file);
    if (pathKey) return push(v);
    if (/[\n\r\u2028\u2029]/.test(v.trim()) || v.length > MAX_NAME_LENGTH || v.includes("\u0000")) return null;
    if (pathShaped(v, platform)) return push(v);
    if (options.exists === undefined) return null;
    if (++probes > MAX_NAME_PROBES) return `more than ${MAX_NAME_PROBES} strings that could name files`;
    return options.exists(v.trim()) ? push(v) : null;
  };
  /** `pathKey`: the value sits under a path-naming key (directly, or in arrays under it). */
  const visit = (value: unknown, depth: number, pathKey: boolean, top: boolean): string | null => {
    if (++seen > MAX_VALUES) return `more than ${MAX_VALUES} argument values`;
    if (depth > MAX_DEPTH) return `arguments nested more than ${MAX_DEPTH} deep`;
    if (typeof value === "string") return note(value, pathKey);
    if (Array.isArray(value)) {
      for (const v of value) {
        const problem = visit(v, depth + 1, pathKey, false);
        if (problem !== null) return problem;
      }
      return null;
    }
    if (!isRecord(value)) return null;
    for (const key of Object.keys(value)) {
      // The top-level `path` is the reference's own, gated apart; `Path`, `PATH` and a nested `path` are ours.
      if (key === "path" && top) continue;
      const normalised = normalisedKey(key);
      const problem = visit(value[key], depth + 1, PATH_KEYS.has(normalised) || normalised === "path", false);
      if (problem !== null) return problem;
    }
    return null;
  };
  const problem = visit(args, 0, false, true);
  return problem === null ? found : { problem };
}

/**
 * Paths an MCP or extension tool is handed under other names than `path`.
 * The reference gates only `path` (an MCP proxy call's `arguments.path`),
 * so `read_multiple_files {"paths": ["/etc/passwd"]}` or `move_file
 * {"source": "~/.ssh/id_rsa", …}` of a filesystem server met no path rule.
 * permc also gates the strings under keys that name files or directories
 * (compared without case, `_` or `-`: `file_path`, `filePath`), and arrays of
 * them, at the top level of the arguments and in the objects and arrays under
 * it (`files: [{path: …}]`, `options: {path: …}`, where `path` too is read);
 * a `file:` URI as the path it names, also under a URL's key (`url`, `href`).
 * What a server does with other arguments stays unknown, as it is to the
 * reference; arguments nested deeper than MAX_DEPTH are refused.
 */
import { isRecord } from "../read-i32.js";
import { fileUrlPath } from "./path-aliases.js";

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

/** Keys whose value is a URL: a `file:` one names a path, any other is not a file. */
const URL_KEYS: ReadonlySet<string> = new Set(["url", "urls", "href", "link", "links"]);

/** Past this many values the call is refused rather than read: each one is a canonicalisation on disk. */
export const MAX_PATH_ARGUMENTS = 256;

/** Objects and arrays nested deeper than this are refused rather than read (no server's schema needs it). */
export const MAX_DEPTH = 16;

/** Values looked at in all: a huge argument object is refused, not walked. */
const MAX_VALUES = 100_000;

const normalisedKey = (key: string): string => key.toLowerCase().replace(/[_-]/g, "");

type Platform = Parameters<typeof fileUrlPath>[1];

/**
 * The path strings under path-naming keys of `args` (not its own `path`, gated as the reference gates it), at
 * any depth, or a problem when there are more than MAX_PATH_ARGUMENTS or the arguments are too deep or too large.
 */
export function otherPathArguments(args: unknown, platform: Platform): readonly string[] | { readonly problem: string } {
  if (!isRecord(args)) return [];
  const found: string[] = [];
  let seen = 0;
  const note = (v: unknown, urlsOnly: boolean): string | null => {
    if (typeof v !== "string" || v.trim() === "") return null;
    const file = fileUrlPath(v, platform);
    if (urlsOnly && file === null) return null;
    if (found.length === MAX_PATH_ARGUMENTS) return `more than ${MAX_PATH_ARGUMENTS} path arguments`;
    // A `file:` URI as the path it names; any other string as written.
    found.push(file ?? v);
    return null;
  };
  const visit = (value: unknown, depth: number, top: boolean): string | null => {
    if (++seen > MAX_VALUES) return `more than ${MAX_VALUES} argument values`;
    if (depth > MAX_DEPTH) return `arguments nested more than ${MAX_DEPTH} deep`;
    if (Array.isArray(value)) {
      for (const v of value) {
        const problem = visit(v, depth + 1, false);
        if (problem !== null) return problem;
      }
      return null;
    }
    if (!isRecord(value)) return null;
    for (const key of Object.keys(value)) {
      const normalised = normalisedKey(key);
      const v = value[key];
      // `Path`, `PATH`, and `path` below the top: the reference reads only the top-level `path`.
      const pathKey = PATH_KEYS.has(normalised) || (normalised === "path" && (key !== "path" || !top));
      if (pathKey || URL_KEYS.has(normalised)) {
        for (const item of Array.isArray(v) ? v : [v]) {
          const problem = note(item, !pathKey);
          if (problem !== null) return problem;
        }
      }
      if (typeof v === "object" && v !== null) {
        const problem = visit(v, depth + 1, false);
        if (problem !== null) return problem;
      }
    }
    return null;
  };
  const problem = visit(args, 0, true);
  return problem === null ? found : { problem };
}

/**
 * Paths an MCP or extension tool is handed under other names than `path`.
 * The reference gates only `path` (an MCP proxy call's `arguments.path`),
 * so `read_multiple_files {"paths": ["/etc/passwd"]}` or `move_file
 * {"source": "~/.ssh/id_rsa", …}` of a filesystem server met no path rule.
 * permc also gates the strings under keys that name files or directories
 * (compared without case, `_` or `-`: `file_path`, `filePath`), and arrays of
 * them, at the top level of the arguments; a `file:` URI as the path it
 * names. What a server does with other arguments stays unknown, as it is
 * to the reference.
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

/** Past this many values the call is refused rather than read: each one is a canonicalisation on disk. */
export const MAX_PATH_ARGUMENTS = 256;

const normalisedKey = (key: string): string => key.toLowerCase().replace(/[_-]/g, "");

type Platform = Parameters<typeof fileUrlPath>[1];

/**
 * The path strings under path-naming keys of `args` (not `path` itself, gated as the reference gates it), or
 * a problem when there are more than MAX_PATH_ARGUMENTS.
 */
export function otherPathArguments(args: unknown, platform: Platform): readonly string[] | { readonly problem: string } {
  if (!isRecord(args)) return [];
  const found: string[] = [];
  for (const key of Object.keys(args)) {
    const normalised = normalisedKey(key);
    // `Path`, `PATH`: the same name in another case (`path` itself is the reference's).
    if (!PATH_KEYS.has(normalised) && !(normalised === "path" && key !== "path")) continue;
    const value = args[key];
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (typeof v !== "string" || v.trim() === "") continue;
      if (found.length === MAX_PATH_ARGUMENTS) return { problem: `more than ${MAX_PATH_ARGUMENTS} path arguments` };
      // A `file:` URI as the path it names; any other string as written.
      found.push(fileUrlPath(v, platform) ?? v);
    }
  }
  return found;
}

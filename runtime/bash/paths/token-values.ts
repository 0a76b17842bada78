/**
 * The values a path rule may be written against for one token: its lexical
 * absolute path, cwd-relative path, the word as written, its canonical path
 * (as the kernel opens it), and the paths through a symlink the command makes.
 */
import { dirname } from "node:path";
import { relativeInside } from "../../paths/inside.js";
import { kernelResolve } from "../../paths/kernel-resolve.js";
import type { ClassifyCall } from "./classify-call.js";
import type { RawPathToken } from "./types.js";

const SLASH = 0x2f;

export interface PathValues {
  readonly values: string[];
  /** The real path, when it was asked for (null: no absolute path, a bare word, or a link not followed). */
  readonly canonical: string | null;
}

/** The aliases of token `t` (`cleaned`, at `absolute`); `bare`: a word no path rule promotes, `promoted`: a bare name found on disk. */
export function pathValues(call: ClassifyCall, t: RawPathToken, cleaned: string, absolute: string | null, bare: boolean, promoted: boolean): PathValues {
  const values: string[] = [];
  const addValue = (v: string): void => {
    if (!values.includes(v)) values.push(v);
  };
  if (absolute === null) {
    addValue(t.token);
    return { values, canonical: null };
  }
  const cwdResolved = call.cwdResolved;
  addValue(absolute);
  const rel =
    absolute.startsWith(cwdResolved) && absolute.length > cwdResolved.length + 1 && absolute[cwdResolved.length] === "/" && cwdResolved !== "/"
      ? absolute.slice(cwdResolved.length + 1) // a normalised path strictly inside cwd: the same as path.relative
      : relativeInside(cwdResolved, absolute);
  if (call.opts.cwd !== "" && rel !== null && rel !== "") addValue(rel);
  addValue(t.token);
  // Bare names are only checked when a path rule promotes them; skip the file system. A link a walk meets and
  // does not follow is its own name only.
  if (bare || t.linkNotFollowed === true) return { values, canonical: null };
  // A base directory the probes know is missing tells the canonical walk so (no system call under it).
  if (t.base.known && call.opts.realpath === undefined) call.probes.directoryMissing(call.normalised(t.base.dir));
  // A promoted name exists (its probe said so), and so does the working directory (`ls`, `find .`): ask
  // for its real path directly, one system call instead of two.
  // As the kernel opens it (`link/../x` steps up from the link's target; `/proc/self/cwd` is where the command runs).
  const opener = t.base.known && t.base.dir !== "" ? call.normalised(t.base.dir) : undefined;
  const opened = cleaned.includes("..") || cleaned.startsWith("/proc/") ? kernelResolve(opener ?? cwdResolved, cleaned, call.canon, opener) : absolute;
  // A path under the working directory: the directory's real path is asked for anyway (classify-token.ts isExternal),
  // and known first it leaves an entry in it one `lstat` (none after a probe), not an existence test and a realpath.
  if (t.underTree !== true && opened.length > cwdResolved.length && opened.charCodeAt(cwdResolved.length) === SLASH && opened.startsWith(cwdResolved))
    call.cwdCanonical();
  const canonical = call.canon(opened, promoted || opened === cwdResolved);
  addValue(canonical);
  // A symlink this command makes before it uses it: the path reaches its target.
  if (call.linksByName.size > 0) {
    for (let d = absolute; ; ) {
      for (const target of call.linksByName.get(d) ?? []) {
        const through = target + absolute.slice(d.length);
        addValue(through);
        addValue(call.canon(through));
      }
      const up = dirname(d);
      if (up === d) break;
      d = up;
    }
  }
  return { values, canonical };
}

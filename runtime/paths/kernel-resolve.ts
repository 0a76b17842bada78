/**
 * A path as the kernel walks it. `..` steps up from where the path so far
 * really is, after its symlinks, not from its text: with `link → /etc/ssh`,
 * `/tmp/link/../passwd` opens `/etc/passwd`, where `path.resolve` says
 * `/tmp/passwd`. A relative path starts from the real working directory
 * (the kernel's, which has no symlinks in it). `/proc/self/cwd` (and
 * `thread-self`) is the working directory of the process that opens the
 * path, which permc is not.
 *
 * The result is absolute; its remaining symlinks are canonicalPath's to
 * resolve. A path without `..` is returned as `path.resolve` gives it.
 */
import { dirname, isAbsolute, resolve } from "node:path";

/** `/proc/self/cwd` as it is spelt here: the opener's working directory (other spellings are not mapped). */
export const OWN_CWD = /^\/proc\/(?:self|thread-self)(?:\/task\/\d+)?\/cwd(?=\/|$)/;
const DOT_DOT = /(?:^|\/)\.\.(?:\/|$)/;

/**
 * `raw` resolved against `base` as the kernel would open it; `canonical`
 * gives the real form of an absolute path (runtime/paths/canonical.ts, one
 * memo per call); `openerCwd` is where the opening process runs.
 */
export function kernelResolve(base: string, raw: string, canonical: (absolute: string) => string, openerCwd?: string): string {
  let p = raw;
  const own = openerCwd !== undefined && p.startsWith("/proc/") ? OWN_CWD.exec(p) : null;
  if (own !== null) p = (openerCwd as string) + p.slice(own[0].length);
  if (!DOT_DOT.test(p)) return resolve(base, p);
  let at = isAbsolute(p) ? "/" : canonical(resolve(base));
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    // The kernel steps up from the directory the path really reached so far.
    if (part === "..") at = dirname(canonical(at));
    else at = at.endsWith("/") ? at + part : `${at}/${part}`;
  }
  return at;
}

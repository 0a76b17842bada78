/**
 * `file:` URLs name local files: curl, wget, pip, aria2c, text browsers
 * (`lynx -dump file:///etc/passwd`) and many libraries open them. The path
 * is read as curl reads it (tried with curl 7.88): any number of slashes
 * after `file:` (`file:/x`, `file:///x`, `file:////x`), an optional
 * `localhost` host, percent-escapes decoded, and the query and fragment
 * (`?…`, `#…`) dropped. curl also expands `[a-z]` and `{a,b}` in a URL
 * (its "globbing"): such a URL may name other files.
 */

const FILE_SCHEME = /^file:/i;
const FILE_PATH = /^file:(?:\/\/(?:localhost)?(?=\/))?(\/[^?#]*)/i;

export type FileUrl =
  /** Not a `file:` URL with an absolute path. */
  | null
  /** The file it names. */
  | { readonly path: string }
  /** A file URL whose path permc cannot pin down (a curl glob, a relative path): any file. */
  | "any";

/** The local file a URL names, if it is a `file:` URL. */
export function fileUrl(value: string): FileUrl {
  if (!FILE_SCHEME.test(value)) return null;
  const m = FILE_PATH.exec(value);
  if (m === null) return "any";
  const path = m[1] as string;
  if (/[[\]{}]/.test(path)) return "any";
  return { path: safeDecode(path) };
}

/**
 * A word whose value depends on an expansion, as a `file:` URL: "prefixed"
 * when it is written with the scheme (`file://$PWD/.env`: its source without
 * the scheme is a path word), "any" when the scheme itself is the
 * expansion's (`$URL`), null when it cannot be one (`https://$HOST/x`, or no
 * scheme: curl then uses http).
 */
export function unknownFileUrl(raw: string): { readonly pathRaw: string } | "any" | null {
  const text = raw.replace(/^["']+/, "");
  if (FILE_SCHEME.test(text)) return { pathRaw: raw.replace(/^(["']*)file:(?:\/\/(?:localhost)?)?/i, "$1") };
  return /^[$`]/.test(text) ? "any" : null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Every spelling of a `file:` URL a tool or server may open, for arguments
 * permc does not know the schema of. Pi's own file tools decode only
 * `file://[localhost]/…` (path-aliases.ts `fileUrlPath`, what Pi opens); a
 * server may be laxer: WHATWG URL parsers and curl read `file:/x`, `file:x`,
 * `FILE:///x`, `file://host/x` (the host dropped or refused, depending on the
 * library) and skip leading blanks. Read as the path they could name, each
 * form meets the path rules; a form no library opens costs a check, never an
 * allow.
 */

/** Blanks a URL parser strips before the scheme (C0 controls and space, as WHATWG URL does), and Unicode spaces. */
const LEADING_BLANKS = /^[\u0000-\u0020\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]+/;

/** The path a `file:` URL in any of its forms names, decoded; null when `raw` is not a file URL. */
export function anyFileUrlPath(raw: string, platform: "posix" | "win32" | "darwin"): string | null {
  const s = raw.replace(LEADING_BLANKS, "");
  const m = /^file:(.*)$/is.exec(s);
  if (!m) return null;
  // Tabs and newlines inside a URL are removed by WHATWG parsers.
  let rest = m[1]!.replace(/[\t\n\r]/g, "");
  // Backslashes are slashes to WHATWG parsers for special schemes such as file.
  rest = rest.replace(/\\/g, "/");
  if (rest.startsWith("//")) {
    // `file://host/x`: some libraries drop the host, some refuse it; the path part is what could be opened.
    const afterHost = rest.slice(2);
    const slash = afterHost.indexOf("/");
    rest = slash === -1 ? "/" : afterHost.slice(slash);
  }
  const noQuery = rest.replace(/[?#].*$/s, "");
  let decoded: string;
  try {
    decoded = decodeURIComponent(noQuery);
  } catch {
    // Undecodable escapes: the raw text, which is still what a lenient library may use.
    decoded = noQuery;
  }
  if (platform === "win32" && /^\/[A-Za-z][:|]/.test(decoded)) return `${decoded[1]}:${decoded.slice(3)}`;
  if (decoded === "") return "/";
  return decoded;
}

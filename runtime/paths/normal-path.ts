/**
 * Paths `path.resolve` would return unchanged: a long command resolves the
 * same few directories hundreds of times, and most are already normal (every
 * base a `cd` made is), so the check spares a second pass over them.
 */

/** An absolute path `resolve` returns unchanged: no empty, `.` or `..` segment and no trailing slash (but `/`). */
export function isNormalAbsolute(p: string): boolean {
  if (!p.startsWith("/")) return false;
  if (p === "/") return true;
  if (p.endsWith("/") || p.includes("//")) return false;
  // A `.` or `..` segment starts with `/.`: most paths have none, and a dotfile (`/.env`, `/.ssh/k`) is the rest.
  let dot = p.indexOf("/.");
  while (dot !== -1) {
    const next = p.charCodeAt(dot + 2);
    // `/.` then the end or `/`, or `/..` then the end or `/`.
    if (Number.isNaN(next) || next === SLASH || (next === DOT && (dot + 3 === p.length || p.charCodeAt(dot + 3) === SLASH))) return false;
    dot = p.indexOf("/.", dot + 2);
  }
  return true;
}

const SLASH = 0x2f;
const DOT = 0x2e;

/** A name `resolve` leaves as it is when joined to a directory: no slash, not empty, not `.` or `..`. */
export function isPlainName(v: string): boolean {
  return v !== "" && v !== "." && v !== ".." && !v.includes("/");
}

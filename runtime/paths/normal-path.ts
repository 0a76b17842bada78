/**
 * Paths `path.resolve` would return unchanged: a long command resolves the
 * same few directories hundreds of times, and most are already normal (every
 * base a `cd` made is), so the check spares a second pass over them.
 */

/** An absolute path `resolve` returns unchanged: no empty, `.` or `..` segment and no trailing slash (but `/`). */
export function isNormalAbsolute(p: string): boolean {
  if (!p.startsWith("/")) return false;
  if (p === "/") return true;
  return !p.endsWith("/") && !p.includes("//") && !p.includes("/./") && !p.includes("/../") && !p.endsWith("/.") && !p.endsWith("/..");
}

/** A name `resolve` leaves as it is when joined to a directory: no slash, not empty, not `.` or `..`. */
export function isPlainName(v: string): boolean {
  return v !== "" && v !== "." && v !== ".." && !v.includes("/");
}

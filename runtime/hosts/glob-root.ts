/**
 * A search tool's glob may name a directory of its own: Claude Code's Glob
 * `pattern: "/etc/*"` or Grep `glob: "../*"` search there whatever `path`
 * says. The literal directory part of such a glob is decided as the search
 * root too, so a pattern cannot reach where `path` could not.
 */

const GLOB_CHAR = /[*?[{]/;

/** The literal directory part of a glob when it can leave the search root (absolute, `~`, or a `..` segment); else null. */
export function escapingRoot(pattern: unknown): string | null {
  if (typeof pattern !== "string") return null;
  const p = pattern.trim();
  const cut = p.search(GLOB_CHAR);
  const literal = cut === -1 ? p : p.slice(0, cut);
  const dir = literal.includes("/") ? literal.slice(0, literal.lastIndexOf("/") + 1) : cut === -1 ? literal : "";
  const escapes = dir.startsWith("/") || dir.startsWith("~") || /(^|\/)\.\.(\/|$)/.test(dir);
  if (!escapes) return null;
  return dir.length > 1 ? dir.replace(/\/+$/, "") : dir;
}

/** The search root `root` names from `base` (the tool's own path): absolute and `~` roots stand alone. */
export function joinRoot(base: unknown, root: string): string {
  if (root.startsWith("/") || root.startsWith("~") || typeof base !== "string" || base.trim() === "") return root;
  return `${base.replace(/\/+$/, "")}/${root}`;
}

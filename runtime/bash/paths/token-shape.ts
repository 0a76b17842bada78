/**
 * The reference's token shapes: which words of a command are path tokens at
 * all (options, assignments, URLs and regular expressions are not), which
 * look external (absolute, `~/`, `..`), which are relative paths, and which
 * are bare names (paths only when they exist on disk).
 */

export type TokenShape = "reject" | "external" | "rule" | "bare";

/** The reference's token shapes (config-and-matching.md §4.3, bash.md §6). */
export function tokenShape(token: string): TokenShape {
  if (token === "" || token.startsWith("-")) return "reject";
  const eq = token.indexOf("=");
  const slash = token.indexOf("/");
  if (eq >= 0 && (slash < 0 || eq < slash)) return "reject";
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(token)) return "reject";
  if (/^@[^/]/.test(token)) return "reject";
  if (/\.\*|\.\+|\\\||\\\(|\\\)|\^\//.test(token) || /\[[^\]]*\]/.test(token)) return "reject";
  if (token.startsWith("/") || token.startsWith("~/") || token.includes("..") || /^[A-Za-z]:[/\\]/.test(token)) return "external";
  if (token.startsWith(".") || token.includes("/")) return "rule";
  return "bare";
}

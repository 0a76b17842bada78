import path from "node:path";

/**
 * `~` and `$HOME` expansion as the reference does it, shared by the compiler
 * (patterns, once at compile time) and the gate (path values). Only a whole-pattern `~`/`$HOME` or a
 * `~/`, `~\`, `$HOME/`, `$HOME\` prefix expands; the rest goes through
 * `path.join`, which also normalises `..`, `//` and a bare trailing slash.
 */
export function expandHome(pattern: string, home: string, platform: "posix" | "win32"): string {
  const join = platform === "win32" ? path.win32.join : path.posix.join;
  if (pattern === "~" || pattern === "$HOME") return home;
  for (const prefix of ["~/", "~\\", "$HOME/", "$HOME\\"]) {
    if (pattern.startsWith(prefix)) return join(home, pattern.slice(prefix.length));
  }
  return pattern;
}

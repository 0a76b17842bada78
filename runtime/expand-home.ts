import path from "node:path";

const HOME_SPELLINGS = ["~", "$HOME", "${HOME}"] as const;
const HOME_PREFIXES = HOME_SPELLINGS.flatMap((h) => [`${h}/`, `${h}\\`]);

/**
 * `~`, `$HOME` and `${HOME}` expansion as the reference does it (`${HOME}`
 * since 25.0.0), shared by the compiler (patterns, once at compile time) and
 * the gate (path values). Only a whole `~`/`$HOME`/`${HOME}` or one of them
 * followed by `/` or `\` expands (`~user`, `$HOMEDIR`, `${HOME:-/tmp}` stay);
 * the rest goes through `path.join`, which also normalises `..`, `//` and a
 * bare trailing slash.
 */
export function expandHome(pattern: string, home: string, platform: "posix" | "win32" | "darwin"): string {
  const join = platform === "win32" ? path.win32.join : path.posix.join;
  if ((HOME_SPELLINGS as readonly string[]).includes(pattern)) return home;
  for (const prefix of HOME_PREFIXES) {
    if (pattern.startsWith(prefix)) return join(home, pattern.slice(prefix.length));
  }
  return pattern;
}

/**
 * Directories a walker is told not to enter (`grep -r --exclude-dir=GLOB`):
 * GNU grep skips a directory met in the walk when GLOB matches its name, as
 * fnmatch does with no flags (real grep is the oracle in
 * test/bash/excluded-directories.test.ts). What permc leaves out must be left
 * out by grep too, so the model matches less than fnmatch where it could
 * differ: only `*`, `?` and plain characters (a glob with `[` or `\` leaves
 * nothing out; one with `/` never matches a name), and a wildcard never
 * matches a leading `.` (BSD grep's fnmatch may not either).
 */

/** Whether `name` (one directory name) matches `glob` in the model above. */
export function excludedName(glob: string, name: string): boolean {
  if (glob === "" || /[[\\/]/.test(glob)) return false;
  if (name.startsWith(".") && !glob.startsWith(".")) return false;
  return matchFrom(glob, 0, name, 0);
}

/** `*` and `?` over plain characters, with the last `*` backtracked (linear in practice, quadratic at worst). */
function matchFrom(glob: string, g: number, name: string, n: number): boolean {
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    const c = glob[g];
    if (c === "*") {
      star = g++;
      resume = n;
    } else if (c !== undefined && (c === "?" || c === name[n])) {
      g++;
      n++;
    } else if (star >= 0) {
      g = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (glob[g] === "*") g++;
  return g === glob.length;
}

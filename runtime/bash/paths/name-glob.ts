/**
 * Globs a walker matches against names it meets: `grep -r --exclude-dir=GLOB`
 * against each directory's name, find's `-name` and `-path` in `X -prune`.
 * These programs match with fnmatch(3), and permc only leaves out what they
 * leave out too, so the model answers only where it is sure:
 * - `*`, `?` and plain characters; a glob with `[` or `\` is unknown;
 * - with no flags, as GNU grep, GNU and BSD find and BusyBox call it: `*`
 *   matches `/` and a leading `.` (no FNM_PATHNAME, no FNM_PERIOD);
 * - `?` over a non-ASCII character is unknown (it is one byte in the C locale),
 *   and so is a name with U+FFFD (node shows bytes that are not UTF-8 as it).
 * Real grep and find are the oracle (test/bash/paths/excluded-directories.test.ts,
 * test/bash/programs/find-prune.test.ts).
 */

const MAX_GLOB = 256;

/** Whether `text` matches `glob`: true, false, or null when the model is not sure. */
export function globMatch(glob0: string, text: string, caseFold = false): boolean | null {
  // `**` is `*` here; a glob still past the budget is unsure (matching costs glob × text per name).
  const glob = glob0.replace(/\*{2,}/g, "*");
  if (glob.length > MAX_GLOB || /[[\\]/.test(glob)) return null;
  if ((glob.includes("?") && /[^\x00-\x7f]/.test(text)) || text.includes("\ufffd")) return null;
  if (caseFold) {
    if (/[^\x00-\x7f]/.test(glob + text)) return null;
    return globMatch(glob.toLowerCase(), text.toLowerCase());
  }
  return matches(glob, text);
}

/** Whether a directory named `name` is one `grep --exclude-dir=GLOB` leaves out (an unsure answer is no). */
export function excludedName(glob: string, name: string): boolean {
  return glob !== "" && !glob.includes("/") && globMatch(glob, name) === true;
}

/**
 * fnmatch over `*`, `?` and plain characters, by UTF-16 units (a literal
 * matches a whole character, and `*` cannot split one a literal follows).
 * reach[t]: the glob so far matches the first t units.
 */
function matches(glob: string, text: string): boolean {
  let reach = new Uint8Array(text.length + 1);
  reach[0] = 1;
  for (let gi = 0; gi < glob.length; gi++) {
    const g = glob[gi] as string;
    const next = new Uint8Array(text.length + 1);
    if (g === "*") {
      for (let t = 0; t <= text.length; t++) next[t] = reach[t] === 1 || (t > 0 && next[t - 1] === 1) ? 1 : 0;
    } else {
      for (let t = 0; t < text.length; t++) if (reach[t] === 1 && (g === "?" || text[t] === g)) next[t + 1] = 1;
    }
    reach = next;
  }
  return reach[text.length] === 1;
}

/**
 * `(name) => globMatch(glob, name) !== false` (an unsure answer counts as a
 * match), with the glob compiled once into a RegExp: for a list of globs
 * matched against every name a command writes (split/code-file-names.ts),
 * where globMatch would redo its checks and allocate per glob character on
 * each call. `*` and `?` span UTF-16 units, as in `matches` (no `u` flag).
 */
export function mayMatchGlob(glob0: string): (name: string) => boolean {
  const source = globSource(glob0);
  if (source === null) return () => true;
  const pattern = new RegExp(source);
  const question = glob0.includes("?");
  return (name) => (question && /[^\x00-\x7f]/.test(name)) || name.includes("\ufffd") || pattern.test(name);
}

/**
 * The RegExp source mayMatchGlob tests a glob with (anchored at both ends),
 * or null for a glob it does not compile (a bracket, a backslash, past
 * MAX_GLOB: every name may match). For a glob of `*` alone, a name matches
 * when the source does or the name holds U+FFFD: several such globs may be
 * joined into one alternation (split/code-file-names.ts).
 */
export function globSource(glob0: string): string | null {
  const glob = glob0.replace(/\*{2,}/g, "*");
  if (glob.length > MAX_GLOB || /[[\\]/.test(glob)) return null;
  let source = "^";
  for (let i = 0; i < glob.length; i++) {
    const g = glob[i] as string;
    source += g === "*" ? "[\\s\\S]*" : g === "?" ? "[\\s\\S]" : g.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
  }
  return `${source}$`;
}

/** What an extraction writes (`unzip a.zip`, `tar xf a.tar -C DIR`, `git clone URL`): the names under where it lands. */
import type { Analysis, CommandView } from "../programs/findings.js";
import type { ExtractedArchive, PathBase } from "../paths/types.js";
import { ownWords } from "./own-words.js";
import type { Env } from "./state.js";

/**
 * The archive an extraction writes the members of, when permc may read it to
 * name them (classify.ts, archive-members.ts): one archive word with a known
 * value, not standard input, and no option after which it writes other
 * names or more (on the line, or in TAR_OPTIONS, UNZIP, UNZIPOPT where it runs).
 */
export function extractedArchive(env: Env, a: Analysis): { archive?: ExtractedArchive } {
  const format = a.archiveFormat;
  if (!a.extracts || a.inexactMembers || env.outside.archiveOptions || format === null) return {};
  const archives = a.paths.filter((use) => use.archive === true);
  const value = archives.length === 1 ? archives[0]?.word.value : null;
  return value !== undefined && value !== null && value !== "" && value !== "-" ? { archive: { file: value, format } } : {};
}

/**
 * `unzip a.zip`, `tar xf a.tar -C DIR`, `git clone URL`, `patch -p1 < x.diff`:
 * the files land under the directory the command works in, or under the one
 * it names (`chdir`: `-C`, `-d`, `-P`; `write-dir`: `unzip -d`, the clone's
 * directory, noted already), with names from data permc does not read. Any
 * path there may be written: the write rules are asked by prefix.
 */
export function noteExtraction(env: Env, a: Analysis, view: CommandView, base: PathBase): void {
  // An archive or a repository may hold symlinks to anywhere: paths under where it lands are not what they seem.
  // An archive permc can read names what it writes, and whether it holds links.
  const archive = extractedArchive(env, a);
  const own = ownWords(view);
  let named = false;
  for (const use of a.paths) {
    if (use.under === true) {
      named = true;
      if (use.word.value !== null) env.madeRoots.push({ token: use.word.value, base, own, ...archive });
    }
    if (use.role !== "chdir") continue;
    named = true;
    const dir = use.word.value;
    if (dir !== null && dir !== "") {
      env.tokens.push({ token: dir, base, derived: true, role: "write", writesUnder: true, ...archive });
      env.madeRoots.push({ token: dir, base, own, ...archive });
    }
    // A directory that depends on an expansion may be any: so may every path the command writes, or reaches through a link it makes.
    else {
      env.patterns.push({ token: use.word.raw, alternatives: [[{ kind: "any" }]], base, kind: "unknown", role: "write" });
      env.madeRoots.push({ token: "", base: { known: false }, own });
    }
  }
  if (!named) {
    env.tokens.push({ token: ".", base, derived: true, role: "write", writesUnder: true, ...archive });
    env.madeRoots.push({ token: ".", base, own, ...archive });
  }
}

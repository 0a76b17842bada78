/**
 * Whether a written file's base name is one of the kinds a program runs
 * implicitly (knowledge/implicit-code.ts): exact names, `*.ext` suffixes,
 * and other globs matched as fnmatch does (paths/name-glob.ts; an answer
 * the matcher is unsure of counts as a match). Each list is indexed once,
 * its globs compiled then (those of `*` alone into one RegExp). A kind
 * `DIR/GLOB` names files of a directory (`apt.conf.d/*`, whose files have
 * no extension): matched by isCodeFileIn, with the written file's directory.
 */
import { globSource, mayMatchGlob } from "../paths/name-glob.js";

interface CodeFileIndex {
  readonly names: ReadonlySet<string>;
  /** `.py` for `*.py`, `.config.json` for `*.config.json`: every suffix starts at a dot. */
  readonly suffixes: ReadonlySet<string>;
  /** The globs of `*` alone, joined into one RegExp (null: none); a name holding U+FFFD may match any of them. */
  readonly starGlobs: RegExp | null;
  readonly globs: ReadonlyArray<(name: string) => boolean>;
  /** `DIR/GLOB` kinds: by the directory's name, the globs its files match (null: none in the list). */
  readonly inDirectory: ReadonlyMap<string, ReadonlyArray<(name: string) => boolean>> | null;
}

const INDEXES = new WeakMap<readonly string[], CodeFileIndex>();

function indexOf(kinds: readonly string[]): CodeFileIndex {
  let index = INDEXES.get(kinds);
  if (index === undefined) {
    const names = new Set<string>();
    const suffixes = new Set<string>();
    const globs: Array<(name: string) => boolean> = [];
    const starSources: string[] = [];
    const inDirectory = new Map<string, Array<(name: string) => boolean>>();
    for (const k of kinds) {
      const slash = k.lastIndexOf("/");
      if (slash > 0) {
        const dir = k.slice(0, slash);
        const globs = inDirectory.get(dir) ?? [];
        globs.push(mayMatchGlob(k.slice(slash + 1)));
        inDirectory.set(dir, globs);
        continue;
      }
      const source = k.includes("?") ? null : globSource(k);
      if (!/[*?[]/.test(k)) names.add(k);
      else if (/^\*\.[^*?[]+$/.test(k)) suffixes.add(k.slice(1));
      // One test for all of them, not a call each (ANY_CODE has some twenty: every write is matched against it).
      else if (source !== null) starSources.push(`(?:${source})`);
      else globs.push(mayMatchGlob(k));
    }
    index = {
      names,
      suffixes,
      starGlobs: starSources.length === 0 ? null : new RegExp(starSources.join("|")),
      globs,
      inDirectory: inDirectory.size === 0 ? null : inDirectory,
    };
    INDEXES.set(kinds, index);
  }
  return index;
}

export function isCodeFile(kinds: readonly string[], name: string): boolean {
  const index = indexOf(kinds);
  if (index.names.has(name)) return true;
  // A suffix starts at one of the name's dots after its first character (`*.py` is no match for `.py` alone): one
  // lookup per dot, not one comparison per kind.
  for (let dot = name.indexOf(".", 1); dot !== -1; dot = name.indexOf(".", dot + 1)) if (index.suffixes.has(name.slice(dot))) return true;
  if (index.starGlobs !== null && (name.includes("\ufffd") || index.starGlobs.test(name))) return true;
  for (const mayMatch of index.globs) if (mayMatch(name)) return true;
  return false;
}

/** Whether the list has `DIR/GLOB` kinds (then a written file's directory is worth finding). */
export function hasDirectoryKinds(kinds: readonly string[]): boolean {
  return indexOf(kinds).inDirectory !== null;
}

/** Whether a file `name` written in a directory named `dir` (null: a directory permc does not know) is of a `DIR/GLOB` kind. */
export function isCodeFileIn(kinds: readonly string[], name: string, dir: string | null): boolean {
  const inDirectory = indexOf(kinds).inDirectory;
  if (inDirectory === null) return false;
  if (dir !== null) return inDirectory.get(dir)?.some((mayMatch) => mayMatch(name)) === true;
  // Any of those directories: a file whose name one of them may hold.
  for (const globs of inDirectory.values()) if (globs.some((mayMatch) => mayMatch(name))) return true;
  return false;
}

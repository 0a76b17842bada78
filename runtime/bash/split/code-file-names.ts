/**
 * Whether a written file's base name is one of the kinds a program runs
 * implicitly (knowledge/implicit-code.ts): exact names, `*.ext` suffixes,
 * and other globs matched as fnmatch does (paths/name-glob.ts; an answer
 * the matcher is unsure of counts as a match). Each list is indexed once,
 * its globs compiled then (those of `*` alone into one RegExp).
 */
import { globSource, mayMatchGlob } from "../paths/name-glob.js";

interface CodeFileIndex {
  readonly names: ReadonlySet<string>;
  /** `.py` for `*.py`, `.config.json` for `*.config.json`: every suffix starts at a dot. */
  readonly suffixes: ReadonlySet<string>;
  /** The globs of `*` alone, joined into one RegExp (null: none); a name holding U+FFFD may match any of them. */
  readonly starGlobs: RegExp | null;
  readonly globs: ReadonlyArray<(name: string) => boolean>;
}

const INDEXES = new WeakMap<readonly string[], CodeFileIndex>();

function indexOf(kinds: readonly string[]): CodeFileIndex {
  let index = INDEXES.get(kinds);
  if (index === undefined) {
    const names = new Set<string>();
    const suffixes = new Set<string>();
    const globs: Array<(name: string) => boolean> = [];
    const starSources: string[] = [];
    for (const k of kinds) {
      const source = k.includes("?") ? null : globSource(k);
      if (!/[*?[]/.test(k)) names.add(k);
      else if (/^\*\.[^*?[]+$/.test(k)) suffixes.add(k.slice(1));
      // One test for all of them, not a call each (ANY_CODE has some twenty: every write is matched against it).
      else if (source !== null) starSources.push(`(?:${source})`);
      else globs.push(mayMatchGlob(k));
    }
    index = { names, suffixes, starGlobs: starSources.length === 0 ? null : new RegExp(starSources.join("|")), globs };
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

/**
 * Whether a written file's base name is one of the kinds a program runs
 * implicitly (knowledge/implicit-code.ts): exact names, `*.ext` suffixes,
 * and other globs matched as fnmatch does (paths/name-glob.ts; an answer
 * the matcher is unsure of counts as a match). Each list is indexed once.
 */
import { globMatch } from "../paths/name-glob.js";

interface CodeFileIndex {
  readonly names: ReadonlySet<string>;
  /** `.py` for `*.py`. */
  readonly suffixes: readonly string[];
  readonly globs: readonly string[];
}

const INDEXES = new WeakMap<readonly string[], CodeFileIndex>();

function indexOf(kinds: readonly string[]): CodeFileIndex {
  let index = INDEXES.get(kinds);
  if (index === undefined) {
    const names = new Set<string>();
    const suffixes: string[] = [];
    const globs: string[] = [];
    for (const k of kinds) {
      if (!/[*?[]/.test(k)) names.add(k);
      else if (/^\*\.[^*?[]+$/.test(k)) suffixes.push(k.slice(1));
      else globs.push(k);
    }
    index = { names, suffixes, globs };
    INDEXES.set(kinds, index);
  }
  return index;
}

export function isCodeFile(kinds: readonly string[], name: string): boolean {
  const index = indexOf(kinds);
  if (index.names.has(name)) return true;
  for (const suffix of index.suffixes) if (name.length > suffix.length && name.endsWith(suffix)) return true;
  for (const glob of index.globs) if (globMatch(glob, name) !== false) return true;
  return false;
}

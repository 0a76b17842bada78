// How `include "x.perm"` names a file, shared by the reader and by the CLI that reads included texts.
import path from "node:path";
import { parsePerm } from "../../../grammar/index.js";

/** An include path is relative to the including file's directory. */
export function resolveInclude(fromFile: string, target: string): string {
  return path.normalize(path.join(path.dirname(fromFile), target));
}

/**
 * Reads every file reachable through `include` lines (a cycle stops the walk;
 * the reader reports it). Unreadable files are left out; the reader reports them.
 */
export function collectIncludes(file: string, text: string, read: (file: string) => string): Map<string, string> {
  const texts = new Map<string, string>();
  const visit = (from: string, source: string) => {
    for (const s of parsePerm(source).statements) {
      if (s.kind !== "include") continue;
      const target = resolveInclude(from, s.path.value);
      if (texts.has(target) || target === path.normalize(file)) continue;
      let t: string;
      try {
        t = read(target);
      } catch {
        continue;
      }
      texts.set(target, t);
      visit(target, t);
    }
  };
  visit(file, text);
  return texts;
}

/** The scope a `.perm` file declares with `scope <name>`, if any (the CLI's default scope for it). */
export function declaredScope(text: string): string | undefined {
  for (const s of parsePerm(text).statements) if (s.kind === "scope") return s.name.text;
  return undefined;
}

/**
 * Pi's grep and find tools search every file under the directory they are
 * given (the working directory when none is), and its ls tool lists one
 * directory's entries: a directory operand touches what is under it (issue
 * 11 §6), as `grep -r` and `find` do in bash. What is there today is listed,
 * so each entry meets the path rules; past the listing budget the caller
 * asks a prefix query of the automaton instead.
 */
import { isDirectory, listEntries, listTree } from "../bash/paths/tree.js";

/** How each tool reaches what is under its directory. */
const WALKS: Readonly<Record<string, "tree" | "entries">> = { grep: "tree", find: "tree", ls: "entries" };

export type Walked =
  /** Not a walking tool, or the path is not a directory: nothing beyond the path itself. */
  | { readonly kind: "none" }
  | { readonly kind: "listed"; readonly entries: readonly string[] }
  /** Too many to list: any rule that can match something under `dir` applies. */
  | { readonly kind: "too-many"; readonly dir: string };

export function walkedBy(tool: string, canonical: string): Walked {
  if (!Object.hasOwn(WALKS, tool) || !isDirectory(canonical)) return { kind: "none" };
  const dir = canonical.length > 1 ? canonical.replace(/\/+$/, "") : canonical;
  const entries = WALKS[tool] === "tree" ? listTree(dir) : listEntries(dir);
  return entries === null ? { kind: "too-many", dir } : { kind: "listed", entries };
}

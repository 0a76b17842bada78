/**
 * Pi's grep and find tools search every file under the directory they are
 * given (the working directory when none is), and its ls tool lists one
 * directory's entries: a directory operand touches what is under it (issue
 * 11 §6), as `grep -r` and `find` do in bash. What is there today is listed,
 * so each entry meets the path rules; past the listing budget the caller
 * asks a prefix query of the automaton instead.
 */
import { builtinFileTool } from "../builtin-tools.js";
import { isDirectory, listEntries, listTree } from "../bash/paths/tree.js";

export type Walked =
  /** Not a walking tool, or the path is not a directory: nothing beyond the path itself. */
  | { readonly kind: "none" }
  | { readonly kind: "listed"; readonly entries: readonly string[] }
  /** Too many to list: any rule that can match something under `dir` applies. */
  | { readonly kind: "too-many"; readonly dir: string };

export function walkedBy(tool: string, canonical: string): Walked {
  // How each tool reaches what is under its directory: its row in builtin-tools.ts.
  const walks = builtinFileTool(tool)?.walks;
  if (walks === undefined || !isDirectory(canonical)) return { kind: "none" };
  const dir = canonical.length > 1 ? canonical.replace(/\/+$/, "") : canonical;
  const entries = walks === "tree" ? listTree(dir) : listEntries(dir);
  return entries === null ? { kind: "too-many", dir } : { kind: "listed", entries };
}

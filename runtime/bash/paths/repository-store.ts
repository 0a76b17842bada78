/**
 * Whether a path a command reads lies in a version-control store
 * (knowledge/repository-stores.ts), and whose files it may then hold.
 *
 * - In a store directory at a work tree's top (`TOP/.git/objects/…`,
 *   `TOP/.svn/pristine/…`): any file under TOP, as `git cat-file -p SHA`
 *   reads (repository-content.ts asks the same prefix query). In a git
 *   directory, the entries that hold no content (`.git/HEAD`, `.git/config`,
 *   `.git/refs/…`) are not the store; a linked work tree's own directory
 *   (`.git/worktrees/NAME/…`) is read by the same list.
 * - The store directory itself, when the command walks it (`cp -r .git /tmp`).
 * - In a bare repository's `objects` (a directory beside `HEAD` and `refs`):
 *   its files have no place on this machine, so any path.
 *
 * Lexical: the caller asks for each form of the path (as written, and as
 * the kernel resolves it), so a link into a store is caught by its target.
 */
import { BARE_GIT_MARKERS, GIT_CONTENTLESS_ENTRIES, STORE_DIRECTORIES } from "../programs/knowledge/repository-stores.js";
import { entryExists } from "./entry-exists.js";

/** Where the store's files may lie: under a work tree's top, or anywhere. */
export type StoreReach = { readonly kind: "under"; readonly top: string } | { readonly kind: "anywhere" };

/** Cheap test first: most paths name no store and no `objects` directory. */
const MAY_NAME_STORE = /\/(?:\.git|\.hg|\.svn|\.jj|\.bzr|_darcs|\.pijul|objects)(?:\/|$)/;

/** What reading `path` (absolute, normalised) may reach of a repository's files; `walked`: the command reads the whole tree. */
export function storeReach(path: string, walked: boolean): StoreReach | null {
  // Every store directory's name starts with `.` or `_`, or the path has an `objects` name: a substring scan first.
  if (path.indexOf("/.") === -1 && path.indexOf("/objects") === -1 && path.indexOf("/_darcs") === -1) return null;
  if (!MAY_NAME_STORE.test(path)) return null;
  const names = path.split("/");
  for (let i = 1; i < names.length; i++) {
    const name = names[i] as string;
    if (STORE_DIRECTORIES.has(name)) {
      const rest = names.slice(i + 1);
      if (rest.length === 0 ? !walked : name === ".git" && !holdsContent(rest, walked)) return null;
      return { kind: "under", top: names.slice(0, i).join("/") || "/" };
    }
    if (name === "objects" && i > 1 && isBareRepository(names.slice(0, i).join("/"))) return { kind: "anywhere" };
  }
  return null;
}

/** Whether the entry `rest` (names below a git directory) may hold a file's content. */
function holdsContent(rest: readonly string[], walked: boolean): boolean {
  // A linked work tree's directory: HEAD, index and the like, in the same layout.
  const own = rest[0] === "worktrees" ? rest.slice(2) : rest;
  if (own.length === 0) return rest.length > 0 && walked;
  return !GIT_CONTENTLESS_ENTRIES.has(own[0] as string);
}

function isBareRepository(dir: string): boolean {
  return BARE_GIT_MARKERS.every((m) => entryExists(`${dir}/${m}`));
}

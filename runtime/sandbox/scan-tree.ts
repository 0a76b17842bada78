/**
 * The bounded walk that finds the files wildcard path rules (`*.env`) name:
 * a kernel mount needs a path, and a wildcard names none until files exist.
 * Breadth first, so shallow files (`./.env`, `~/.aws/credentials`) are seen
 * before a deep `node_modules` exhausts the bound. Symlinks are not followed
 * into directories (no loops); a link to a file yields its target, which is
 * what the kernel opens and what a mount must cover.
 */
import { type Dirent, readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";

export interface ScannedFile {
  /** Where the walk met it. */
  readonly path: string;
  /** What the kernel opens: the path itself, or a link's resolved target. */
  readonly canonical: string;
}

export interface ScanResult {
  readonly files: readonly ScannedFile[];
  /** The directories met that hold a `.git` (a directory, or a linked worktree's or submodule's file). */
  readonly repositories: readonly string[];
  /** Git directories met that are no `.git`: bare repositories (`srv.git`: HEAD, objects and refs in it). */
  readonly bareRepositories: readonly string[];
  /** Unix sockets met (service-sockets.ts covers them, whatever name the kernel lists them under). */
  readonly sockets: readonly string[];
  readonly visited: number;
  readonly complete: boolean;
}

/**
 * Walks `roots` (canonical directories), entering no directory in `skip` nor one named in `skipNames`, nor one
 * deeper than `maxDepth` below a root, visiting at most `limit` entries (`directoriesOnly`: directories).
 */
export function scanTrees(
  roots: readonly string[],
  skip: ReadonlySet<string>,
  limit: number,
  skipNames: ReadonlySet<string> = NONE,
  maxDepth = Number.POSITIVE_INFINITY,
  directoriesOnly = false,
): ScanResult {
  const files: ScannedFile[] = [];
  const repositories: string[] = [];
  const bareRepositories: string[] = [];
  const sockets: string[] = [];
  const queue = roots.filter((r) => !skip.has(r));
  const depths = queue.map(() => 0);
  const seen = new Set<string>(queue);
  let visited = 0;
  for (let i = 0; i < queue.length; i++) {
    const dir = queue[i] as string;
    const depth = depths[i] as number;
    let names: Dirent[];
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // unreadable to this user: unreadable to the command too
    }
    if (path.basename(dir) !== ".git" && BARE_MARKS.every((m) => names.some((d) => d.name === m))) bareRepositories.push(dir);
    for (const d of names) {
      // A walk for repositories alone counts the directories it may enter: files cost it nothing to pass.
      if ((!directoriesOnly || d.isDirectory()) && ++visited > limit)
        return { files, repositories, bareRepositories, sockets, visited: limit, complete: false };
      const p = path.join(dir, d.name);
      if (d.name === ".git") repositories.push(dir);
      if (d.isDirectory()) {
        if (skipNames.has(d.name) || depth >= maxDepth) continue;
        // Git's object store: content-addressed names no path rule is written for.
        if (d.name === "objects" && path.basename(dir) === ".git") continue;
        if (!skip.has(p) && !seen.has(p)) {
          seen.add(p);
          queue.push(p);
          depths.push(depth + 1);
        }
      } else if (d.isFile()) {
        files.push({ path: p, canonical: p });
      } else if (d.isSocket()) {
        sockets.push(p);
      } else if (d.isSymbolicLink()) {
        const target = fileTarget(p);
        if (target !== null) files.push({ path: p, canonical: target });
      }
    }
  }
  return { files, repositories, bareRepositories, sockets, visited, complete: true };
}

const NONE: ReadonlySet<string> = new Set();
/** What a git directory holds (a bare repository is one). */
const BARE_MARKS: readonly string[] = ["HEAD", "objects", "refs"];

function fileTarget(link: string): string | null {
  try {
    const target = realpathSync(link);
    return statSync(target).isFile() ? target : null;
  } catch {
    return null; // dangling: nothing to read
  }
}

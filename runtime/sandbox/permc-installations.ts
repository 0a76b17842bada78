/**
 * permc itself, which the host runs outside the sandbox at every call: the installation running now, the
 * project's `node_modules/permc`, and the packages they load.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isInside } from "../paths/inside.js";
import { isDirectory } from "./fs-probes.js";
import { canonical } from "./profile-context.js";

/**
 * The permc packages a host runs: this installation (the folder holding `dist/`, found from this file in the built
 * package, or from the sources) and the working tree's `node_modules/permc` (a link to a store is followed by
 * addExisting).
 */
export function permcInstallations(cwd: string, writable: readonly string[]): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const found = [path.join(here, "..", "..", ".."), path.join(here, "..", "..")].find((d) => packageName(path.join(d, "package.json")) === "permc");
  const own = found === undefined ? [] : [path.resolve(found)];
  // permc's own repository as the working tree: what runs (the build, its dependencies), not the sources.
  const runs = own.flatMap((root) => (isInside(root, cwd) ? ["dist", "node_modules", "package.json"].map((p) => path.join(root, p)) : [root]));
  const local = path.join(cwd, "node_modules", "permc");
  // And the packages each loads, wherever npm put them (`web-tree-sitter` hoisted into the project's node_modules):
  // looked up from an installation a command may write in (one elsewhere finds them beside itself).
  const open = [...own, ...(isDirectory(local) ? [local] : [])].filter((root) => writable.some((w) => isInside(w, root)));
  return [...runs, local, ...dependencyDirectories(open)];
}

/** Packages looked up from permc's, at most (its dependencies and theirs, as node finds them). */
export const MAX_DEPENDENCIES = 400;

/** The directories of the packages `roots` depend on, and theirs, resolved as node does (each `node_modules` up). */
export function dependencyDirectories(roots: readonly string[]): string[] {
  const found = new Set<string>();
  const queue = [...roots];
  for (let i = 0; i < queue.length && found.size < MAX_DEPENDENCIES; i++) {
    const from = queue[i] as string;
    for (const name of dependencyNames(path.join(from, "package.json"))) {
      for (let d = from; ; d = path.dirname(d)) {
        const candidate = path.join(d, "node_modules", name);
        if (isDirectory(candidate)) {
          const c = canonical(candidate);
          if (!found.has(c)) {
            found.add(c);
            queue.push(c);
          }
          break;
        }
        if (path.dirname(d) === d) break;
      }
    }
  }
  return [...found];
}

export function dependencyNames(file: string): string[] {
  try {
    const deps = (JSON.parse(readFileSync(file, "utf8")) as { dependencies?: unknown }).dependencies;
    return typeof deps === "object" && deps !== null ? Object.keys(deps) : [];
  } catch {
    return [];
  }
}

export function packageName(file: string): unknown {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}

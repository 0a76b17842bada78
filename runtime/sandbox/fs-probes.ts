/**
 * What the file system shows at a path now, for the profile and the runner:
 * every error (nothing there, a prefix that is no directory, no permission)
 * reads as "no".
 */
import { lstatSync, readdirSync, statSync } from "node:fs";

/** Something is at `p`, a link that leads nowhere included (lstat). */
export function isThere(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** A regular file is at `p` itself, not through a link (lstat). */
export function isFileEntry(p: string): boolean {
  try {
    return lstatSync(p).isFile();
  } catch {
    return false;
  }
}

/** A regular file is at `p`, through links (stat). */
export function isFileThrough(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** A directory is at `p`, through links (stat). */
export function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** `p` is a symbolic link (lstat). */
export function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The names in `dir`, none when it cannot be read. */
export function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

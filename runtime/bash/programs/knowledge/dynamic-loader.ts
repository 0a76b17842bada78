/**
 * Files the dynamic loader reads whenever it starts a program: a library
 * one of them names is loaded into every program run after it is written.
 * `echo /tmp/x.so > /etc/ld.so.preload && ls` ran x.so's constructor inside
 * `ls` (a real run as root, in a private mount namespace), so a program
 * rule that allows `ls` would allow whatever the library does. Written by
 * root only; agents often run as root in containers.
 */

/** glibc's preload list and its library cache (which `ldconfig` writes), by absolute path. */
const GLIBC_LOADER_FILES: ReadonlySet<string> = new Set(["/etc/ld.so.preload", "/etc/ld.so.cache"]);

/** musl's library search path, one file per architecture (`/etc/ld-musl-x86_64.path`). */
const MUSL_LOADER_PATH = /^ld-musl-[\w-]+\.path$/;

/** The directory that holds them: a copy or an extraction into it (or into `/`) may write one under its own name. */
export const LOADER_DIRECTORIES: ReadonlySet<string> = new Set(["/", "/etc"]);

/** A base name one of the loader's files has: the cheap test every write passes first. */
export function isLoaderFileName(name: string): boolean {
  return name === "ld.so.preload" || name === "ld.so.cache" || MUSL_LOADER_PATH.test(name);
}

/** An absolute, normalised path the loader reads before every program. */
export function isLoaderFile(absolute: string): boolean {
  if (GLIBC_LOADER_FILES.has(absolute)) return true;
  return absolute.startsWith("/etc/") && absolute.indexOf("/", 5) === -1 && MUSL_LOADER_PATH.test(absolute.slice(5));
}

/** node:fs in the playground: an empty disk (see README.md). */
declare const __PERMC_VERSION__: string;

function missing(what: unknown): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory (the playground has no files): ${String(what)}`), { code: "ENOENT" });
}

/**
 * Files the page fetched before it decides anything, by URL: the bash
 * grammar's wasm, which the runtime reads synchronously (runtime/bash/syntax/parser.ts
 * reads it with readFileSync, to spare a one-call hook libuv's thread pool).
 */
const preloaded = new Map<string, Uint8Array>();

/** Fetches `url` now so a later readFileSync of it succeeds; rejects with the reason when it cannot. */
export async function preloadFile(url: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot fetch ${url}: HTTP ${response.status}`);
  preloaded.set(url, new Uint8Array(await response.arrayBuffer()));
}

export function readFileSync(file: unknown): string | Uint8Array {
  // compiler/version.ts and runtime/version.ts read the package version from package.json.
  if (String(file).endsWith("/package.json")) return JSON.stringify({ name: "permc", version: __PERMC_VERSION__ });
  const bytes = preloaded.get(String(file));
  if (bytes !== undefined) return bytes;
  throw missing(file);
}
export function existsSync(): boolean {
  return false;
}
export function statSync(file: unknown): never {
  throw missing(file);
}
export const lstatSync = statSync;
export function readlinkSync(file: unknown): never {
  throw missing(file);
}
export const realpathSync = Object.assign(
  (file: unknown): never => {
    throw missing(file);
  },
  {
    native: (file: unknown): never => {
      throw missing(file);
    },
  },
);
export function readdirSync(dir: unknown): never {
  throw missing(dir);
}
export const opendirSync = readdirSync;
/** The type runtime/bash/split/glob-options.ts names; no directory opens here. */
export type Dir = { readSync(): { name: string } | null; closeSync(): void };
export function writeFileSync(file: unknown): never {
  throw missing(file);
}
export const appendFileSync = writeFileSync;
export function mkdirSync(dir: unknown): never {
  throw missing(dir);
}
export const renameSync = writeFileSync;
export function openSync(file: unknown): never {
  throw missing(file);
}
/** Never reached: nothing opens. */
export const fstatSync = openSync;
export const readSync = openSync;
export const closeSync = openSync;
export const rmSync = writeFileSync;
/** What `cd` asks of a directory (runtime/bash/paths/entry-exists.ts): there is none to enter. */
export const accessSync = statSync;
export const constants = { O_RDONLY: 0, O_NONBLOCK: 0, X_OK: 1 };
export default {
  readFileSync,
  existsSync,
  statSync,
  lstatSync,
  readlinkSync,
  realpathSync,
  readdirSync,
  writeFileSync,
  appendFileSync,
  mkdirSync,
  renameSync,
  rmSync,
  openSync,
  fstatSync,
  readSync,
  closeSync,
  accessSync,
  constants,
};

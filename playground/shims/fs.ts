/** node:fs in the playground: an empty disk (see README.md). */
declare const __PERMC_VERSION__: string;

function missing(what: unknown): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory (the playground has no files): ${String(what)}`), { code: "ENOENT" });
}

export function readFileSync(file: unknown): string {
  // compiler/version.ts and runtime/version.ts read the package version from package.json.
  if (String(file).endsWith("/package.json")) return JSON.stringify({ name: "permc", version: __PERMC_VERSION__ });
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
export const constants = { O_RDONLY: 0, O_NONBLOCK: 0 };
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
  constants,
};

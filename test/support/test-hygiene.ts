/**
 * Vitest setup file, two checks on every test file:
 * - it reads nothing outside the repository and the temp dir: a clone with
 *   nothing beside it must run the whole suite (child processes are covered
 *   by the static half of the check, test/architecture/self-contained.test.ts);
 * - every temp folder it made (mkdtemp, in this process) is gone when it ends
 *   (test/support/temp-dir.ts makes them; per-file.ts removes them).
 *
 * Vitest runs this file again before every test file, also when the files of
 * a worker share one module graph (`isolate: false`): the fs hooks are put in
 * once per process, and what they record is kept per test file.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect } from "vitest";
import { endFile } from "./per-file.js";

// Pi's extension loader (jiti) keeps a transpile cache in <os temp>/jiti, a folder no test made and none removes:
// the suite turns the cache off (one more transpile per file) so a run leaves nothing in the temp dir.
process.env.JITI_FS_CACHE ??= "false";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const realOrSelf = (p: string) => {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
};
// node_modules may be a link to a shared install; what it holds is the project's dependencies, not test data.
const ALLOWED = [...new Set([ROOT, realOrSelf(ROOT), realOrSelf(path.join(ROOT, "node_modules")), os.tmpdir(), realOrSelf(os.tmpdir()), "/dev", "/proc"])];

/** What the hooks record for the test file now running (they stay in place across files; the record does not). */
interface FileRecord {
  outside: string[];
  madeTemp: string[];
}
const RECORD = Symbol.for("permc.test-hygiene.record");
const shared = globalThis as typeof globalThis & { [RECORD]?: FileRecord };
const firstRun = shared[RECORD] === undefined;
const record: FileRecord = { outside: [], madeTemp: [] };
shared[RECORD] = record;

function pathOf(target: unknown): string | null {
  if (typeof target === "string") return target;
  if (target instanceof URL) return target.protocol === "file:" ? fileURLToPath(target) : null;
  if (Buffer.isBuffer(target)) return target.toString();
  return null; // a file descriptor: its open was checked, or it is stdin
}

export function isInside(file: string): boolean {
  const abs = path.resolve(file);
  return ALLOWED.some((root) => abs === root || abs.startsWith(root + path.sep));
}

const exists = fs.existsSync;

/** Tools probe for files up the tree (a `package.json` beside the clone); only a file that is there can be read. */
function note(target: unknown): void {
  const file = pathOf(target);
  if (file === null || isInside(file)) return;
  // A browser driver or bundler probes the machine it runs on (/etc/os-release, /usr/bin/ldd); that is no test data.
  if (calledFromDriver()) return;
  const abs = path.resolve(file);
  const { outside } = shared[RECORD]!;
  if (exists(abs) && !outside.includes(abs)) outside.push(abs);
}

/**
 * Code whose own probes of the machine are no test data: the browser driver and vite's bundler (rolldown reads
 * /usr/bin/ldd to tell glibc from musl), and the variables discovery's module scan, which reads the Perl and Python
 * modules an installed program opened (the machine is what it studies, as its runs of the programs are).
 */
const DRIVERS = [
  ...["playwright-core", "rolldown"].map((name) => `${path.sep}node_modules${path.sep}${name}${path.sep}`),
  `${path.sep}hunt${path.sep}module-reads.`,
];
function calledFromDriver(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 64;
  try {
    const stack = new Error().stack ?? "";
    return DRIVERS.some((d) => stack.includes(d));
  } finally {
    Error.stackTraceLimit = limit;
  }
}

type AnyFn = (...args: never[]) => unknown;
function watchReads<T extends object>(owner: T, names: ReadonlyArray<keyof T>): void {
  for (const name of names) {
    const original = owner[name] as unknown as AnyFn;
    if (typeof original !== "function") continue;
    (owner as Record<keyof T, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return Reflect.apply(original, this, args);
    };
  }
}

const madeTemp = (dir: string) => shared[RECORD]!.madeTemp.push(dir);
function recordTempDirs<T extends object>(owner: T, names: ReadonlyArray<keyof T>): void {
  for (const name of names) {
    const original = owner[name] as unknown as AnyFn;
    (owner as Record<keyof T, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      const last = args[args.length - 1];
      if (typeof last === "function") {
        args[args.length - 1] = (err: unknown, dir: string) => {
          if (!err) madeTemp(dir);
          (last as (e: unknown, d: string) => void)(err, dir);
        };
        return Reflect.apply(original, this, args);
      }
      const made = Reflect.apply(original, this, args) as unknown;
      if (made instanceof Promise)
        return made.then((dir: string) => {
          madeTemp(dir);
          return dir;
        });
      madeTemp(made as string);
      return made;
    };
  }
}
if (firstRun) {
  // File contents only: the runtime itself lists and resolves directories (bare names that exist on
  // disk, realpath), which is what it is for; test data is always read as file contents.
  watchReads(fs, ["readFileSync", "readFile", "createReadStream"]);
  watchReads(fs.promises, ["readFile"]);
  recordTempDirs(fs, ["mkdtempSync", "mkdtemp"]);
  recordTempDirs(fs.promises, ["mkdtemp"]);
  syncBuiltinESMExports();
}

// Registered first, so it runs after the test file's own afterAll hooks (they run in reverse order).
afterAll(() => {
  endFile();
  expect(record.outside, "this test file read outside the repository and the temp dir; copy the data into test/fixtures").toEqual([]);
  expect(
    record.madeTemp.filter((d) => exists(d)),
    "this test file left temp folders behind; make them with test/support/temp-dir.ts",
  ).toEqual([]);
});

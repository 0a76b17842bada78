/**
 * `permc hook claude` runs once per tool call, in a fresh process, so what it
 * costs is mostly loading code: V8 compiling the runtime's source. The bin
 * therefore runs the hook from its own bundle (dist/bin/permc-hook.cjs, one
 * script: cli/hook-bundle.ts and what it imports) compiled with V8's code
 * cache (permc-hook.cjs.v8cache, made by `npm run build` after warm-up
 * decisions, so the functions a decision runs are in it, not only the top
 * level).
 *
 * A cache is only ever a shortcut: code-cache-file.ts refuses one that is not
 * of exactly this source and this node, and V8 rejects one its version or
 * flags do not match; either way the script compiles from source and decides
 * the same. No V8 startup snapshot: a snapshot of another node binary makes
 * node exit with an error, which Claude Code takes as "not blocked".
 *
 * A refused or rejected cache is rewritten after the decision is printed: a
 * package built by one node and run by another would otherwise never have a
 * usable cache. Best effort: only in the bundle's own directory, through a
 * temporary file and a rename (a concurrent reader sees the old file or the
 * new, never half of one), every error ignored (a read-only install just
 * compiles from source every time).
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import { decodeCodeCache, encodeCodeCache } from "./code-cache-file.js";
import type { HookRun } from "./hook-command.js";
import { CLI_V8_FLAGS } from "./v8-flags.js";

export const HOOK_BUNDLE = "permc-hook.cjs";
export const HOOK_CACHE = "permc-hook.cjs.v8cache";

/** The parameters of the function the bundle's file is (scripts/bundle-cli.mjs writes it). */
export const HOOK_BUNDLE_PARAMETERS = ["exports", "require", "module", "__filename", "__dirname", "__permcBundleUrl", "__permcImport"] as const;

/** What the bundle exports (cli/hook-bundle.ts). */
export interface HookBundle {
  main(argv: readonly string[]): Promise<number>;
  /** `permc eval` (cli/eval-command.ts), with the command table's handling of usage and internal errors. */
  evalMain(argv: readonly string[]): Promise<number>;
  decideQuietly(argv: readonly string[], stdinText: string): Promise<HookRun>;
}

export type CacheState = "accepted" | "missing" | "rejected by V8" | `refused: ${string}`;

export interface LoadedHookBundle {
  readonly bundle: HookBundle;
  readonly cache: CacheState;
  /** The cache file for the source compiled (not the file as it is now): the code of every function run so far. */
  cacheFile(): Buffer;
  /** Whether V8's flags changed since the bundle was compiled (a cache made now would carry the new ones). */
  flagsChanged(): boolean;
}

/** Whether this process has set CLI_V8_FLAGS (the bundle's first import() does: it loads the bash grammar's wasm). */
let cliFlagsSet = false;

/**
 * The bundle's import(): its only dynamic import is web-tree-sitter, which
 * compiles the grammar's wasm, so the flags are set first. Resolved from this
 * module's directory, as the chunks' import() was.
 */
async function importForBundle(specifier: string): Promise<unknown> {
  if (!cliFlagsSet) {
    (await import("node:v8")).setFlagsFromString(CLI_V8_FLAGS);
    cliFlagsSet = true;
  }
  return import(specifier);
}

/**
 * Compiles and runs the bundle in `dir`, with its code cache when that is
 * usable. Throws when the bundle itself cannot be read or run.
 */
export function loadHookBundle(dir: string, options: { readonly useCache?: boolean } = {}): LoadedHookBundle {
  const file = path.join(dir, HOOK_BUNDLE);
  const source = readFileSync(file);
  let cachedData: Buffer | undefined;
  let cache: CacheState = "missing";
  if (options.useCache !== false) {
    let bytes: Buffer | undefined;
    try {
      bytes = readFileSync(path.join(dir, HOOK_CACHE));
    } catch {
      // no cache (or unreadable): compile from source
    }
    if (bytes !== undefined) {
      const read = decodeCodeCache(bytes, source);
      if ("payload" in read) cachedData = read.payload;
      else cache = `refused: ${read.problem}`;
    }
  }
  // The file is one function expression (scripts/bundle-cli.mjs wraps it),
  // so the cache is of exactly the bytes on disk.
  const script = new vm.Script(source.toString("utf8"), {
    filename: file,
    ...(cachedData !== undefined ? { cachedData } : {}),
  });
  if (cachedData !== undefined) cache = script.cachedDataRejected === true ? "rejected by V8" : "accepted";
  const flagsAtCompile = cliFlagsSet;
  const module = { exports: {} as HookBundle };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(file), module, file, dir, pathToFileURL(file).href, importForBundle);
  return {
    bundle: module.exports,
    cache,
    cacheFile: () => encodeCodeCache(source, script.createCachedData()),
    flagsChanged: () => cliFlagsSet !== flagsAtCompile,
  };
}

/**
 * The hook through the bundle; null when the bundle cannot be loaded (the
 * caller then runs the regular command, which decides the same).
 */
export function runCachedHook(argv: readonly string[], dir: string): Promise<number | null> {
  return runFromBundle(dir, (bundle) => bundle.main(argv));
}

/** `permc eval` through the bundle (argv after `eval`); null when the bundle cannot be loaded. */
export function runCachedEval(argv: readonly string[], dir: string): Promise<number | null> {
  return runFromBundle(dir, (bundle) => bundle.evalMain(argv));
}

async function runFromBundle(dir: string, run: (bundle: HookBundle) => Promise<number>): Promise<number | null> {
  let loaded: LoadedHookBundle;
  try {
    loaded = loadHookBundle(dir);
  } catch {
    return null;
  }
  const code = await run(loaded.bundle);
  if (loaded.cache === "missing" || loaded.cache.startsWith("refused")) writeHookCache(dir, loaded);
  return code;
}

/**
 * Writes the loaded bundle's cache to `dir`: the code of every function run so
 * far. Best effort: returns whether it was written.
 */
export function writeHookCache(dir: string, loaded: LoadedHookBundle): boolean {
  // V8 would reject it at the next start, which compiles before any flag is set.
  if (loaded.flagsChanged()) return false;
  const temporary = path.join(dir, `${HOOK_CACHE}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, loaded.cacheFile(), { flag: "wx" });
    renameSync(temporary, path.join(dir, HOOK_CACHE));
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // a read-only directory: nothing was written
    }
    return false;
  }
}

/**
 * Decisions that run the code most hook calls run: a plain Bash command (no
 * grammar: loading it sets V8 flags, and the cache must be made under the
 * flags a start compiles with), file tools, an MCP tool.
 */
const WARM_UP_CALLS: ReadonlyArray<readonly [tool: string, input: object]> = [
  ["Bash", { command: "git status && npm run lint" }],
  ["Bash", { command: "ls -la src/x" }],
  ["Read", { file_path: "/tmp/a.txt" }],
  ["Write", { file_path: "/tmp/b.txt", content: "" }],
  ["mcp__github__get_issue", { issue_number: 1 }],
];

/** Runs the warm-up decisions against `policy` (the build does, before it writes the cache). */
export async function warmUp(bundle: HookBundle, policy: string, home: string): Promise<void> {
  const argv = ["claude", "--policy", policy, "--home", home];
  for (const [tool_name, tool_input] of WARM_UP_CALLS) {
    await bundle.decideQuietly(argv, JSON.stringify({ hook_event_name: "PreToolUse", cwd: "/tmp", tool_name, tool_input }));
  }
}

/**
 * The start-up files discovery (docs/closed-world.md, "Files a program reads
 * without being told"): which files each installed program looks up in the
 * home directory and in the directory it runs in when nothing names them:
 * options files (`.curlrc`, `.valgrindrc`), start-up scripts (`.exrc`,
 * `.pdbrc`), plugins (`~/.docker/cli-plugins/`), configuration that names
 * commands (`~/.kube/config`). A command that writes one of them and then
 * runs the program runs what it wrote, and no word of the command says so.
 *
 * Each program runs under strace in the discovery's sandbox, with its home
 * and its working directory apart (`home/`, `proj/`, so each lookup says
 * which one it was), twice: with an everyday operand and without, and with
 * the everyday arguments data/everyday-arguments.ts gives it. Every
 * path the program asked the kernel about under either directory is kept,
 * except what it only created or wrote. The result is a cache
 * (hunt/data/startup-reads.json, `npm run hunt:discover-startup`), held to
 * permc's decisions by test/hunt/startup-reads.test.ts: each file is one
 * permc floors when the same command writes it first, or one reviewed in
 * data/reviewed-startup-files.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { EVERYDAY_ARGUMENTS } from "./data/everyday-arguments.js";
import { askEachProgram, type DiscoveryOptions, runInSandbox, SANDBOX_DIR } from "./discovery-sandbox.js";
import { locate } from "./env-reads.js";
import { STRACE } from "./sandbox.js";

/** What the cache holds: when and where it was discovered, and each program's lookups (`~/…` in its home, `./…` where it runs), sorted. */
export interface StartupReads {
  readonly discovered: string;
  readonly programs: Readonly<Record<string, readonly string[]>>;
}

/** The program's home and working directory inside the sandbox. */
const HOME = `${SANDBOX_DIR}/home`;
const PROJ = `${SANDBOX_DIR}/proj`;
const TRACE = `${SANDBOX_DIR}/trace.log`;

/** Lookups that only make or change a file (its content is the program's own) rather than read it. */
const WRITES_ONLY =
  /^(?:mkdir|mkdirat|unlink|unlinkat|rmdir|rename|renameat2?|link|linkat|symlink|symlinkat|chmod|fchmodat|chown|fchownat|lchown|utimensat|truncate|creat)$/;

/**
 * One line of strace's output: its call and its arguments' text, finished (`… ) = 3`) or left unfinished while
 * another thread's call was printed (`… <unfinished ...>`, Go programs' threads): the path is in the first part.
 */
const CALL = /^(?:\d+\s+)?([a-z_0-9]+)\((.*?)(?:\)\s+=\s+.*| <unfinished \.\.\.>)$/;

/** The first quoted string argument, escapes kept (strace prints non-ASCII bytes as `\x..`). */
const QUOTED = /"((?:[^"\\]|\\.)*)"/;

/** A run of hex digits long enough to be a hash, an address or a process's own number: it differs run to run. */
const VOLATILE = /[0-9a-f]{8,}/gi;

/**
 * The lookup a path names: `~/rest` under the home, `./rest` under the working directory, else null. A
 * volatile run (a lock file's address, a cache's hash) reads `*`, so a refresh diffs only what changed.
 */
function place(absolute: string): string | null {
  const normal = path.posix.normalize(absolute).replace(VOLATILE, "*");
  for (const [dir, prefix] of [
    [HOME, "~/"],
    [PROJ, "./"],
  ] as const) {
    if (normal.startsWith(`${dir}/`)) return prefix + normal.slice(dir.length + 1);
  }
  return null;
}

/**
 * The files a trace shows a program looking up under its home or its working directory. A relative path is
 * under the directory strace shows for the call's descriptor (`-y`, AT_FDCWD's too), else under the working
 * directory the program started in; a call that only makes, removes or changes a file is left out, as is an
 * open that only writes it or empties it.
 */
export function lookupsInTrace(trace: string): string[] {
  const found = new Set<string>();
  for (const line of trace.split("\n")) {
    const m = CALL.exec(line);
    if (m === null) continue;
    const [, call, args] = m as unknown as [string, string, string];
    if (WRITES_ONLY.test(call)) continue;
    // Opened to write only, emptied, or made new (`O_EXCL`: a temporary file, which fails if one is there): what was
    // there is not read (`O_RDWR|O_CREAT`, a database or a lock, is).
    if (/^open/.test(call) && /O_WRONLY|O_TRUNC|O_EXCL/.test(args)) continue;
    const dirfd = /^(?:AT_FDCWD|-?\d+)<([^>]*)>,/.exec(args)?.[1];
    const first = QUOTED.exec(args);
    if (first === null) continue;
    const text = first[1] as string;
    // An escaped byte is a name no command writes as spelt here; an empty path is the descriptor's own file.
    if (text === "" || text.includes("\\")) continue;
    const absolute = text.startsWith("/") ? text : path.posix.join(dirfd ?? PROJ, text);
    const at = place(absolute);
    if (at !== null && at !== "./notes.txt") found.add(at);
  }
  return [...found].sort();
}

/** Runs `program` with `args` in the sandbox under strace; resolves with its lookups. */
async function tracedOnce(program: string, args: readonly string[], work: string, PATH: string, timeoutMs: number): Promise<string[]> {
  const argv = [STRACE, "-f", "-qq", "-y", "-e", "trace=%file", "-e", "signal=none", "-o", TRACE, "/usr/bin/env", "-C", PROJ, `HOME=${HOME}`, program, ...args];
  await runInSandbox(argv, work, PATH, timeoutMs, (w) => {
    mkdirSync(path.join(w, "home"));
    mkdirSync(path.join(w, "proj"));
    writeFileSync(path.join(w, "proj", "notes.txt"), "x\n");
  });
  try {
    return lookupsInTrace(readFileSync(path.join(work, "trace.log"), "utf8"));
  } catch {
    return [];
  }
}

/** Every file each of `programs` (found on PATH) looks up in its home or working directory unasked. */
export async function discoverStartupReads(programs: readonly string[], PATH: string, o: DiscoveryOptions = {}): Promise<Record<string, string[]>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "permc-discover-startup-"));
  try {
    return await askEachProgram(
      [...locate(programs, PATH).keys()],
      dir,
      async (name, work) => {
        const found: string[] = [];
        const everyday = Object.hasOwn(EVERYDAY_ARGUMENTS, name) ? (EVERYDAY_ARGUMENTS[name] ?? []) : [];
        for (const args of [["notes.txt"], [], ...everyday]) found.push(...(await tracedOnce(name, args, work, PATH, o.timeoutMs ?? 3000)));
        return found;
      },
      o,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The cache's place in the repository. */
export function startupReadsFile(root: string): string {
  return path.join(root, "hunt", "data", "startup-reads.json");
}

export function readStartupReads(root: string): StartupReads {
  return JSON.parse(readFileSync(startupReadsFile(root), "utf8")) as StartupReads;
}

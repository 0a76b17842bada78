/**
 * The variables hunt's discovery (docs/closed-world.md, "The variables
 * fuzz"): which environment variables each installed program reads, so the
 * env fuzz (env-fuzz.ts) can hand each one a denied command or file.
 *
 * Three sources, merged per program:
 * - **asked**: the program runs in the hunt's sandbox with a shim
 *   (getenv-log.c, built here with gcc) preloaded that logs every name it asks
 *   libc for, and a Python hook (python-environ-log.py) that logs every read
 *   of os.environ, which Python fills without asking libc; a Go program, which
 *   never asks libc, runs under gdb stopped where it reads a variable
 *   (go-env-reads.ts). Run twice, with an everyday operand and without,
 *   because many programs read nothing until they have work.
 * - **named**: a program that is a script (`#!`) names what it reads in its
 *   text (`$ENV{X}`, `os.environ["X"]`, `getenv("X")`, a shell's `${X}`);
 *   the shim sees only the interpreter's own reads.
 * - **named in a module**: each Perl or Python module a run opened names
 *   what it may read on a path the run did not take (module-reads.ts).
 *
 * None of them sees a statically linked program's reads other than Go's
 * (Rust's with musl), nor, but in a Perl or Python module, a read the
 * program makes only on a path the two runs do not take. The
 * result is a cache (hunt/data/env-reads.json, `npm run hunt:discover-env`)
 * because discovery needs gcc and minutes; the fuzz reads the cache.
 */
import { spawnSync } from "node:child_process";
import { closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { EnvUse } from "./env-uses.js";
import { repoRoot } from "./fixture.js";
import { askEachProgram, type DiscoveryOptions, runInSandbox, SANDBOX_DIR } from "./discovery-sandbox.js";
import { goAskedOnce, goGetenvAddress } from "./go-env-reads.js";
import { ModuleScan, modulesOpened } from "./module-reads.js";
import { hookLog, installPythonHook, PYTHON_HOOK } from "./python-hook.js";
import { STRACE } from "./sandbox.js";

/** What the cache holds: when and where it was discovered, each program's names, sorted, and the uses env-uses.ts found. */
export interface EnvReads {
  readonly discovered: string;
  readonly programs: Readonly<Record<string, readonly string[]>>;
  /** By program, then name: the uses of the names the probes found (only names with one). */
  readonly uses?: Readonly<Record<string, Readonly<Record<string, readonly EnvUse[]>>>>;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The names a script's text reads from its environment, by the spellings of the languages that run installed scripts. */
export function namedInScript(text: string): string[] {
  const found = new Set<string>();
  const spellings = [
    /\$ENV\{\s*['"]?([A-Za-z_]\w*)/g, // perl
    /\bENV\[\s*['"]([A-Za-z_]\w*)/g, // ruby
    /\b(?:os\.)?environ(?:\.get)?\s*[([]\s*['"]([A-Za-z_]\w*)/g, // python
    /\b(?:os\.)?(?:getenv|secure_getenv|getenvb)\s*\(\s*['"]([A-Za-z_]\w*)/g, // python, perl, C-like
    /\bprocess\.env\.([A-Za-z_]\w*)/g, // node
    /\bprocess\.env\[\s*['"]([A-Za-z_]\w*)/g,
    // A shell's variables: upper case only (lower case are the script's own locals by convention); not perl's `$ENV{`.
    /\$\{?([A-Z_][A-Z0-9_]*)\b(?![{[])/g,
  ];
  for (const re of spellings) for (const m of text.matchAll(re)) if (m[1] !== undefined) found.add(m[1]);
  return [...found].sort();
}

/** The first bytes of a file: enough to see `#!` and the start of the text. */
function head(file: string, bytes: number): string {
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(bytes);
    return buf.subarray(0, readSync(fd, buf, 0, bytes, 0)).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** Where `command -v` finds each of `names` on PATH (one shell for all); absent when it is a builtin or missing. */
export function locate(names: readonly string[], PATH: string): Map<string, string> {
  const safe = names.filter((n) => /^[A-Za-z0-9_.+-]+$/.test(n));
  const script = 'for n in "$@"; do p=$(command -v -- "$n" 2>/dev/null) && printf "%s\\t%s\\n" "$n" "$p"; done';
  const r = spawnSync("/bin/bash", ["-c", script, "bash", ...safe], { encoding: "utf8", env: { PATH } });
  const out = new Map<string, string>();
  for (const line of r.stdout.split("\n")) {
    const [n, p] = line.split("\t");
    if (n !== undefined && p?.startsWith("/") === true) out.set(n, p);
  }
  return out;
}

/** The names a script at `file` reads, or none when it is not a script. */
function scriptReads(file: string): string[] {
  try {
    const text = head(file, 512 * 1024);
    return text.startsWith("#!") ? namedInScript(text) : [];
  } catch {
    return [];
  }
}

/** Builds the shim into `dir` and returns its path; throws with gcc's message when it cannot. */
export function buildShim(dir: string): string {
  const so = path.join(dir, "getenv-log.so");
  const c = path.join(repoRoot(), "hunt", "getenv-log.c");
  const r = spawnSync("gcc", ["-shared", "-fPIC", "-O1", "-o", so, c, "-ldl"], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`the discovery needs gcc to build its shim: ${r.error?.message ?? r.stderr.trim()}`);
  return so;
}

/**
 * Runs `program` with `args` in the sandbox with the shim preloaded and the Python hook on PYTHONPATH, under strace
 * recording its opens: the names it asked for, and those its Perl and Python modules name (`scan`).
 */
async function askedOnce(
  program: string,
  args: readonly string[],
  work: string,
  shim: string,
  PATH: string,
  timeoutMs: number,
  scan: ModuleScan,
): Promise<string[]> {
  const argv = [
    STRACE,
    "-f",
    "-qq",
    "-e",
    "trace=open,openat",
    "-e",
    "signal=none",
    "-o",
    `${SANDBOX_DIR}/opens`,
    "/usr/bin/env",
    `LD_PRELOAD=${SANDBOX_DIR}/getenv-log.so`,
    PYTHON_HOOK,
    program,
    ...args,
  ];
  await runInSandbox(argv, work, PATH, timeoutMs, (w) => {
    copyFileSync(shim, path.join(w, "getenv-log.so"));
    installPythonHook(w);
  });
  let opens = "";
  try {
    opens = readFileSync(path.join(work, "opens"), "utf8");
  } catch {
    // strace could not start: no modules.
  }
  // The hook's own module and the run's scratch files are not the program's.
  const modules = modulesOpened(opens).filter((f) => !f.startsWith(`${SANDBOX_DIR}/`));
  const asked = hookLog(work);
  return [...new Set([...asked, ...scan.names(modules)].filter((n) => NAME.test(n)))];
}

/** Every name each of `programs` (found on PATH) reads: asked (the shim and the Python hook, two runs) and named (a script's text, its modules'). */
export async function discoverEnvReads(programs: readonly string[], PATH: string, o: DiscoveryOptions = {}): Promise<Record<string, string[]>> {
  const where = locate(programs, PATH);
  const dir = mkdtempSync(path.join(os.tmpdir(), "permc-discover-"));
  try {
    const shim = buildShim(dir);
    const scan = new ModuleScan();
    return await askEachProgram(
      [...where.keys()],
      dir,
      async (name, work) => {
        const file = where.get(name) as string;
        const found = scriptReads(file);
        const goGetenv = goGetenvAddress(file);
        for (const args of [["notes.txt"], []]) {
          const asked =
            goGetenv === null
              ? await askedOnce(name, args, work, shim, PATH, o.timeoutMs ?? 3000, scan)
              : await goAskedOnce(name, goGetenv, args, work, PATH, o.timeoutMs ?? 3000);
          found.push(...asked);
        }
        return found;
      },
      o,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The cache's place in the repository. */
export function envReadsFile(root: string): string {
  return path.join(root, "hunt", "data", "env-reads.json");
}

export function readEnvReads(root: string): EnvReads {
  return JSON.parse(readFileSync(envReadsFile(root), "utf8")) as EnvReads;
}

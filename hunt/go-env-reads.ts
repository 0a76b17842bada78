/**
 * The variables a Go program reads (env-reads.ts asks the others through its
 * libc shim, which a Go program never calls): the program runs in the
 * discovery's sandbox under gdb, stopped at syscall.Getenv, the one function
 * os.Getenv and os.LookupEnv read through (go-getenv.py logs each name).
 * The function's address is read from the program's own function table
 * (go-functions.ts), so a stripped binary is asked too. A program that reads
 * its whole environment at once (`os.Environ()`) and picks names from it is
 * not seen; nor is one built for another architecture than amd64.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInSandbox, SANDBOX_DIR } from "./discovery-sandbox.js";
import { repoRoot } from "./fixture.js";
import { goFunctionAddresses } from "./go-functions.js";

/** The function every variable read of a Go program goes through. */
const GETENV = "syscall.Getenv";
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether gdb runs here with its Python (the discovery's Go runs need both); the reason when not. */
export function gdbMissing(): string | null {
  const r = spawnSync("gdb", ["-q", "-batch", "-ex", "python print(1)"], { encoding: "utf8" });
  if (r.status !== 0 || r.stdout.trim() !== "1") return "gdb with Python (Debian package gdb) for the Go programs' reads";
  return null;
}

/** Where syscall.Getenv starts in the Go program at `file`, as gdb takes an address; null when it is no Go program. */
export function goGetenvAddress(file: string): string | null {
  if (process.arch !== "x64") return null;
  const at = goFunctionAddresses(file, [GETENV])?.get(GETENV);
  return at === undefined ? null : `0x${at.toString(16)}`;
}

/** Runs the Go program `program` with `args` in the sandbox under gdb, stopped at `getenvAt`; the names it read. */
export async function goAskedOnce(
  program: string,
  getenvAt: string,
  args: readonly string[],
  work: string,
  PATH: string,
  timeoutMs: number,
): Promise<string[]> {
  const log = `${SANDBOX_DIR}/getenv.log`;
  const argv = [
    "/usr/bin/env",
    `GO_GETENV_LOG=${log}`,
    `GO_GETENV_AT=${getenvAt}`,
    "gdb",
    "-q",
    "-batch",
    "-nx",
    "-x",
    `${SANDBOX_DIR}/go-getenv.py`,
    "--args",
    program,
    ...args,
  ];
  // gdb and the program in it start slower than the program alone: twice the time.
  await runInSandbox(argv, work, PATH, 2 * timeoutMs, (w) => copyFileSync(path.join(repoRoot(), "hunt", "go-getenv.py"), path.join(w, "go-getenv.py")));
  let text = "";
  try {
    text = readFileSync(path.join(work, "getenv.log"), "utf8");
  } catch {
    // Read nothing (or never started): no names.
  }
  return [...new Set(text.split("\n").filter((n) => NAME.test(n)))];
}

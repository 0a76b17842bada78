#!/usr/bin/env node
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "./run.js";
import { CLI_V8_FLAGS } from "./v8-flags.js";

const argv = process.argv.slice(2);
/** `permc hook …` (not its help): Claude Code's per-call hook, run from its own cached bundle (cli/cached-hook.ts). */
const helpAsked = argv.includes("--help") || argv.includes("-h");
const hookCall = argv[0] === "hook" && !helpAsked;
/** `permc eval …` (not its help): run from the same bundle, which holds the runtime it needs. */
const evalCall = argv[0] === "eval" && !helpAsked;
/** dist/bin/, where the cached bundle lives (cli/cached-hook.ts). */
const BIN_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Prints help or the version, nothing that could load wasm (run.ts answers these before any command runs). */
const textOnly = helpAsked || argv.length === 0 || ["help", "--version", "-v"].includes(argv[0]!);

async function main(): Promise<number> {
  // The hook touches neither node:v8 nor process.stdout before it needs them
  // (each loads a dozen of Node's internal modules); it sets the flags itself.
  if (hookCall) {
    const { runCachedHook } = await import("./cached-hook.js");
    const code = await runCachedHook(argv.slice(1), BIN_DIR);
    if (code !== null) return code;
  }
  // `permc lint | head` closes stdout early; that is not an error of ours.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });
  // Before the flags are set: V8 keys the bundle's code cache on the flags in force when it compiles.
  if (evalCall) {
    const { runCachedEval } = await import("./cached-hook.js");
    const code = await runCachedEval(argv.slice(1), BIN_DIR);
    if (code !== null) return code;
  }
  // Before any wasm is compiled (v8-flags.ts says why); the library is unaffected.
  if (!textOnly) (await import("node:v8")).setFlagsFromString(CLI_V8_FLAGS);
  return runCli(argv);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`permc: ${String(e)}\n`);
    // A hook that fails must still block: Claude Code treats exit 1 as "not blocked".
    process.exitCode = hookCall ? 2 : 1;
  },
);

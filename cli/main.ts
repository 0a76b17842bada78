#!/usr/bin/env node
import { setFlagsFromString } from "node:v8";
import { runCli } from "./run.js";
// The bash grammar is a large wasm module. With V8's default tiering budget a
// one-request `permc eval` makes its hot functions tier up to TurboFan on
// background threads, and the process cannot exit until those compiles
// finish (over a second). A larger budget leaves short runs on Liftoff and
// still tiers up the hot code of a long stream (bench/cold-start.ts measures
// both). Set before any wasm is compiled; the library is unaffected.
setFlagsFromString("--wasm-tiering-budget=100000000");

// `permc lint | head` closes stdout early; that is not an error of ours.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`permc: ${String(e)}\n`);
    process.exitCode = 1;
  },
);
